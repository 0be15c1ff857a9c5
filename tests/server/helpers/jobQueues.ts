import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../../src/server/adapters/db/database';
import { JobsRepo } from '../../../src/server/adapters/db/jobs.repo';
import { BullTransport } from '../../../src/server/adapters/queue/bullmq';
import type { JobQueue } from '../../../src/server/services/jobQueue';
import { BullJobQueue } from '../../../src/server/services/jobQueueBull';
import { TableJobQueue } from '../../../src/server/services/jobQueueTable';
import { dropPrefix, testPrefix } from './redis';

export type QueueImpl = 'table' | 'bullmq';

export interface TestQueue {
  queue: JobQueue;
  jobs: JobsRepo;
  database: DatabaseHandle;
  dataDir: string;
  /** BullMQ only: the Redis and prefix, for a second process on the same queue. */
  redis?: { url: string; prefix: string };
  /** PostgreSQL only: the schema of this queue's tables, for a second process on the same database. */
  schema?: string;
  stop(): Promise<void>;
}

/** Fast BullMQ timings for tests: a dead worker's job is recovered in about two seconds. */
export const TEST_BULL_TIMINGS = { lockMs: 1500, stalledIntervalMs: 500 };

/**
 * A job queue of either implementation on a fresh SQLite database. `concurrency`: jobs at once
 * (BullMQ: in this process; the table: per kind, as each handler says).
 */
export async function openTestQueue(
  impl: QueueImpl,
  opts: {
    redisUrl?: string;
    concurrency?: number;
    dataDir?: string;
    prefix?: string;
    /** PostgreSQL (TEST_DATABASE_URL) instead of SQLite, in this schema (default: a new one). */
    postgres?: boolean;
    schema?: string;
  } = {},
): Promise<TestQueue> {
  const dataDir = opts.dataDir ?? mkdtempSync(path.join(tmpdir(), 'studio-queue-'));
  const schema = opts.postgres ? (opts.schema ?? `q_${randomBytes(6).toString('hex')}`) : undefined;
  const databaseUrl = opts.postgres ? process.env.TEST_DATABASE_URL : undefined;
  const database = await openDatabase({ databaseUrl, dataDir, schema });
  const jobs = new JobsRepo(database.db);
  const log = () => undefined;
  let queue: JobQueue;
  let redis: TestQueue['redis'];
  if (impl === 'table') {
    queue = new TableJobQueue(jobs, log, 50);
  } else {
    redis = { url: opts.redisUrl!, prefix: opts.prefix ?? testPrefix() };
    const transport = new BullTransport({ ...redis, ...TEST_BULL_TIMINGS });
    queue = new BullJobQueue(jobs, transport, log, {
      concurrency: opts.concurrency ?? 1,
      backoffMs: 100,
      busyRetryMs: 100,
    });
  }
  return {
    queue,
    jobs,
    database,
    dataDir,
    redis,
    schema,
    async stop() {
      await queue.close();
      await database.close();
      if (schema && !opts.schema) await dropSchema(schema);
      if (redis && !opts.prefix) await dropPrefix(redis.url, redis.prefix);
      if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function dropSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  await client.query(`drop schema if exists "${schema}" cascade`);
  await client.end();
}
