import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
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
  opts: { redisUrl?: string; concurrency?: number; dataDir?: string; prefix?: string } = {},
): Promise<TestQueue> {
  const dataDir = opts.dataDir ?? mkdtempSync(path.join(tmpdir(), 'studio-queue-'));
  const database = await openDatabase({ databaseUrl: undefined, dataDir, schema: undefined });
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
    async stop() {
      await queue.close();
      await database.close();
      if (redis && !opts.prefix) await dropPrefix(redis.url, redis.prefix);
      if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
