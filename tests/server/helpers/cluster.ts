import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { toExportDocument, type ProjectDocument } from '../../../src/model/project';
import { apiCall, type ApiAnswer } from '../../e2e/helpers/apiCall';
import { startRealServer, type RealServer } from '../../e2e/helpers/realServer';
import { dropPrefix, testPrefix } from './redis';
import { childStore, s3Env, startTestBucket, type TestBucket } from './s3Store';
import { spokenDocument } from './synthesisProject';
import { expect } from 'vitest';
import type { WorkerBeat } from '../../../src/server/services/jobQueue';

/*
 * Issue 12's clusters for the tests that start real processes: a web server at WORKERS=0 and
 * `npm run worker` processes beside it, on a Redis prefix of their own. Two kinds:
 * - startS3Cluster: PostgreSQL (a schema of its own), Redis and a fresh S3 bucket, and nothing
 *   else — every process has a DATA_DIR of its own (test profile 3's shape of a real cluster);
 * - startSharedCluster: the workers share the web server's DATA_DIR (SQLite and files there),
 *   with TEST_STORE=s3 the files in a fresh bucket as well.
 */

const root = path.resolve(import.meta.dirname, '../../..');

/** Every file below a folder (none when it does not exist). */
export const filesUnder = (dir: string) =>
  existsSync(dir) ? readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()) : [];

export interface ClusterWorker {
  process: ChildProcess;
  dataDir: string;
}

export interface Cluster {
  web: RealServer;
  /** The variables every process of the cluster gets. */
  env: Record<string, string>;
  /** The bucket, when the files are in S3. */
  bucket?: TestBucket;
  workers: ClusterWorker[];
  /** Starts one `npm run worker` (its own process group, so a signal to the group takes all of it). */
  startWorker(opts?: { concurrency?: number }): ClusterWorker;
  /** What every worker printed so far. */
  output(): string;
  /** Throws, with the workers' output, when one of them exited (for use inside polls). */
  checkWorkers(): void;
  /** The processes the web server's /healthz lists as alive (heartbeats). */
  liveWorkers(): Promise<WorkerBeat[]>;
  call(url: string, body: object, token?: string): Promise<ApiAnswer>;
  /** Logs in as the demo user; answers the token. */
  login(): Promise<string>;
  /** Stops every process and removes everything the cluster made. */
  stop(): Promise<void>;
}

interface ClusterParts {
  secret: string;
  redisUrl: string;
  env: Record<string, string>;
  bucket?: TestBucket;
  /** Where a new worker keeps its DATA_DIR (undefined: the web server's). */
  workerDir?: () => string;
  cleanup(): Promise<void>;
}

/** PostgreSQL + BullMQ + S3 and separate DATA_DIRs (skip the test when pgUrl or redisUrl is missing). */
export async function startS3Cluster(opts: {
  secret: string;
  redisUrl: string;
  pgUrl: string;
}): Promise<Cluster> {
  const bucket = await startTestBucket();
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const dirs: string[] = [];
  return startCluster({
    secret: opts.secret,
    redisUrl: opts.redisUrl,
    env: { DATABASE_URL: opts.pgUrl, DATABASE_SCHEMA: schema, ...s3Env(bucket.config) },
    bucket,
    workerDir: () => {
      dirs.push(mkdtempSync(path.join(tmpdir(), 'studio-worker-')));
      return dirs.at(-1)!;
    },
    async cleanup() {
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
      const client = new pg.Client({ connectionString: opts.pgUrl });
      await client.connect();
      await client.query(`drop schema if exists "${schema}" cascade`);
      await client.end();
    },
  });
}

/** Workers on the web server's DATA_DIR; with TEST_STORE=s3 the files in a fresh bucket. */
export async function startSharedCluster(opts: { secret: string; redisUrl: string }): Promise<Cluster> {
  const store = await childStore();
  return startCluster({ ...opts, env: store.env, bucket: store.bucket, cleanup: async () => undefined });
}

async function startCluster(parts: ClusterParts): Promise<Cluster> {
  const prefix = testPrefix();
  const env = { JWT_SECRET: parts.secret, REDIS_URL: parts.redisUrl, REDIS_PREFIX: prefix, ...parts.env };
  const workers: ClusterWorker[] = [];
  let output = '';
  let web: RealServer | undefined;
  const stop = async () => {
    for (const w of workers) {
      if (w.process.exitCode === null && w.process.signalCode === null) {
        process.kill(-w.process.pid!, 'SIGTERM');
        await new Promise((r) => w.process.once('exit', r));
      }
    }
    await web?.stop();
    await parts.bucket?.stop();
    await dropPrefix(parts.redisUrl, prefix);
    await parts.cleanup();
  };
  try {
    web = await startRealServer({ ...env, WORKERS: '0' });
  } catch (error) {
    await stop();
    throw error;
  }
  const started = web;
  return {
    web: started,
    env,
    bucket: parts.bucket,
    workers,
    startWorker({ concurrency = 1 } = {}) {
      const dataDir = parts.workerDir?.() ?? started.dataDir;
      const child = spawn('npm', ['run', '-s', 'worker'], {
        cwd: root,
        detached: true,
        env: {
          ...process.env,
          ...env,
          DATA_DIR: dataDir,
          WORKER_CONCURRENCY: String(concurrency),
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout!.on('data', (d) => (output += d));
      child.stderr!.on('data', (d) => (output += d));
      const worker = { process: child, dataDir };
      workers.push(worker);
      return worker;
    },
    output: () => output,
    checkWorkers() {
      if (workers.some((w) => w.process.exitCode !== null)) throw new Error(`a worker exited:\n${output}`);
    },
    async liveWorkers() {
      return ((await (await fetch(`${started.url}/healthz`)).json()) as { workers: WorkerBeat[] }).workers;
    },
    call: (url, body, token) => apiCall(started.url, url, body, token),
    async login() {
      return (await apiCall(started.url, '/virtual/v1/login', { username: 'demo', password: 'demo123456' }))
        .token!;
    },
    stop,
  };
}

/** Waits (90 s at most) until `count` `npm run worker` processes report alive; fails when one exited. */
export async function untilWorkers(cluster: Cluster, count: number): Promise<void> {
  await expect
    .poll(
      async () => {
        cluster.checkWorkers();
        return (await cluster.liveWorkers()).filter((w) => w.role === 'worker').length;
      },
      { timeout: 90_000, interval: 500 },
    )
    .toBe(count);
}

/** A server's API, as `Cluster.call` or `apiCall` bound to a server answer it. */
export type Call = Cluster['call'];

/**
 * Saves a project of `pages` pages through the API, each narrating `text` with the speech the
 * server synthesised (`edit` changes the document before it is saved); answers its id, the speech
 * and the video's expected length.
 */
export async function saveSpokenProject(
  call: Call,
  token: string,
  title: string,
  pages: number,
  text: string,
  edit: (doc: ProjectDocument) => ProjectDocument = (doc) => doc,
) {
  const projectId = (await call('/virtual/v1/userPro/add', { proKind: 3 }, token)).data as number;
  const tts = (
    await call('/notice/v1/timbre/textToSpeech', { projectId, timbreId: 'espeak-zh-female', text }, token)
  ).data;
  const doc = edit(spokenDocument(title, pages, text, tts));
  await call(
    '/virtual/v1/userPro/update',
    { projectId, userProjectInfo: JSON.stringify(toExportDocument(doc)), original: 2, revision: 0 },
    token,
  );
  return { projectId, tts, seconds: pages * (tts.soundTime as number) };
}

/**
 * Polls composeStatus (every 100 ms, at most `limitMs`) until the project's render has left
 * `queued` and `rendering`; `whileRendering` runs once when it is first seen rendering. Answers
 * the last status and every status seen.
 */
export async function waitForCompose(
  call: Call,
  token: string,
  projectId: number,
  opts: { limitMs?: number; whileRendering?: () => Promise<void> } = {},
) {
  const seen = new Set<string>();
  let status;
  let hooked = false;
  for (const end = Date.now() + (opts.limitMs ?? 240_000); Date.now() < end;) {
    status = (await call('/virtual/v1/userPro/composeStatus', { projectId }, token)).data;
    seen.add(status.status);
    if (status.status !== 'queued' && status.status !== 'rendering') break;
    if (opts.whileRendering && !hooked && status.status === 'rendering') {
      hooked = true;
      await opts.whileRendering();
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { status, seen };
}

/** A job's row in a cluster's SQLite database (startSharedCluster: the web server's DATA_DIR). */
export function jobRow(dataDir: string, jobId: number) {
  const db = new BetterSqlite3(path.join(dataDir, 'studio.sqlite'), { readonly: true });
  try {
    const row = db.prepare('select status, attempts, result from jobs where id = ?').get(jobId) as {
      status: string;
      attempts: number;
      result: string;
    };
    return { status: row.status, attempts: row.attempts, result: JSON.parse(row.result) };
  } finally {
    db.close();
  }
}
