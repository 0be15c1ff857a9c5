import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toExportDocument } from '../../src/model/project';
import { probe } from '../../src/server/adapters/media/ffmpeg';
import type { WorkerBeat } from '../../src/server/services/jobQueue';
import { spokenDocument } from './helpers/synthesisProject';
import { startRealServer, type RealServer } from '../e2e/helpers/realServer';
import { dropPrefix, testPrefix, testRedisUrl } from './helpers/redis';
import { childStore } from './helpers/s3Store';

/*
 * Issue 12: a render fans out. With the web server at WORKERS=0 and two `npm run worker`
 * processes, every page is a task any worker takes: both render pages of one video, which is
 * joined from the shared page cache. Rendering the project again takes every page from that cache.
 * A worker killed with SIGKILL mid-page loses nothing: its page is handed to the other worker and
 * the video still finishes.
 */

const redisUrl = await testRedisUrl();
const root = path.resolve(import.meta.dirname, '../..');

describe.skipIf(!redisUrl)('a render on two `npm run worker` processes', () => {
  const prefix = testPrefix();
  const env: Record<string, string> = {
    JWT_SECRET: 'fan-out-secret-fan-out-secret-fan',
    REDIS_URL: redisUrl!,
    REDIS_PREFIX: prefix,
  };
  // TEST_STORE=s3: the web server and the workers share a test bucket as well.
  let store: Awaited<ReturnType<typeof childStore>> | undefined;
  beforeAll(async () => {
    store = await childStore();
    Object.assign(env, store.env);
  });
  let web: RealServer | undefined;
  const workers: ChildProcess[] = [];
  let output = '';
  afterAll(async () => {
    for (const w of workers) {
      if (w.exitCode === null && w.signalCode === null) {
        process.kill(-w.pid!, 'SIGTERM');
        await new Promise((r) => w.once('exit', r));
      }
    }
    await web?.stop();
    await dropPrefix(redisUrl!, prefix);
    await store?.bucket?.stop();
  });

  async function call(url: string, body: object, token?: string) {
    const res = await fetch(web!.url + url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    return (await res.json()) as { code: number; msg: string; data: any; token?: string }; // eslint-disable-line @typescript-eslint/no-explicit-any
  }

  function startWorker() {
    // Its own process group, so SIGKILL takes npm, the worker and its ffmpeg at once, like a dead machine.
    const worker = spawn('npm', ['run', '-s', 'worker'], {
      cwd: root,
      detached: true,
      env: { ...process.env, ...env, DATA_DIR: web!.dataDir, WORKER_CONCURRENCY: '1', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    worker.stdout!.on('data', (d) => (output += d));
    worker.stderr!.on('data', (d) => (output += d));
    workers.push(worker);
  }

  const liveWorkers = async () =>
    ((await (await fetch(`${web!.url}/healthz`)).json()) as { workers: WorkerBeat[] }).workers;

  /** The render job's row as the web server's database holds it. */
  function renderRow(jobId: number) {
    const db = new BetterSqlite3(path.join(web!.dataDir, 'studio.sqlite'), { readonly: true });
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

  async function composeAndWait(projectId: number, token: string, whileRendering?: () => Promise<void>) {
    expect((await call('/virtual/v1/userPro/composeProject', { projectId }, token)).code).toBe(200);
    let status;
    let hooked = false;
    for (let i = 0; i < 2400; i++) {
      status = (await call('/virtual/v1/userPro/composeStatus', { projectId }, token)).data;
      if (status.status !== 'queued' && status.status !== 'rendering') break;
      if (whileRendering && !hooked && status.status === 'rendering') {
        hooked = true;
        await whileRendering();
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(status.status, output).toBe('done');
    return status;
  }

  async function saveProject(token: string, pages: number, text: string) {
    const projectId = (await call('/virtual/v1/userPro/add', { proKind: 3 }, token)).data;
    const tts = (
      await call('/notice/v1/timbre/textToSpeech', { projectId, timbreId: 'espeak-zh-female', text }, token)
    ).data;
    const doc = spokenDocument('分页合成', pages, text, tts);
    await call(
      '/virtual/v1/userPro/update',
      { projectId, userProjectInfo: JSON.stringify(toExportDocument(doc)), original: 2, revision: 0 },
      token,
    );
    return { projectId, seconds: pages * tts.soundTime };
  }

  it('renders pages on both workers, reuses them, and survives a worker killed mid-page', async () => {
    web = await startRealServer({ ...env, WORKERS: '0' });
    startWorker();
    startWorker();
    await expect
      .poll(async () => (await liveWorkers()).filter((w) => w.role === 'worker').length, {
        timeout: 90_000,
        interval: 500,
      })
      .toBe(2);
    const token = (await call('/virtual/v1/login', { username: 'demo', password: 'demo123456' })).token!;

    // 1. Both workers render pages of one video.
    const first = await saveProject(token, 6, '每一页都是一个任务，任何工作进程都可以领取。');
    const done = await composeAndWait(first.projectId, token);
    const { result, attempts } = renderRow(done.jobId);
    expect(attempts, output).toBe(1);
    expect(result, output).toMatchObject({ pageCount: 6, pagesRendered: 6, pagesCached: 0 });
    expect(new Set(result.renderedBy).size).toBe(2);
    const video = await fetch(web.url + done.video.url);
    const file = path.join(web.dataDir, 'fan-out.mp4');
    writeFileSync(file, Buffer.from(await video.arrayBuffer()));
    const probed = await probe(file);
    rmSync(file);
    expect(probed.streams.map((s) => s.type).sort()).toEqual(['audio', 'video']);
    expect(Math.abs(probed.durationMs - first.seconds * 1000)).toBeLessThan(600);

    // 2. The same project again: every page comes from the shared page cache.
    const again = await composeAndWait(first.projectId, token);
    expect(renderRow(again.jobId).result).toMatchObject({ pageCount: 6, pagesRendered: 0, pagesCached: 6 });

    // 3. A worker dies mid-page (not the one waiting for the pages): the video still finishes.
    const second = await saveProject(token, 6, '工作进程突然退出时，它的页面交给另一个工作进程。');
    let killed: WorkerBeat | undefined;
    const kill = async () => {
      await expect
        .poll(
          async () =>
            (killed = (await liveWorkers()).find(
              (w) =>
                w.running.some((r) => r.kind === 'render.page') &&
                !w.running.some((r) => r.kind === 'render'),
            )),
          { timeout: 60_000, interval: 100 },
        )
        .toBeTruthy();
      const group = Number(
        execFileSync('ps', ['-o', 'pgid=', '-p', String(killed!.pid)])
          .toString()
          .trim(),
      );
      process.kill(-group, 'SIGKILL');
    };
    const finished = await composeAndWait(second.projectId, token, kill);
    expect(killed).toBeTruthy();
    const survived = renderRow(finished.jobId).result;
    expect(survived).toMatchObject({ pageCount: 6, pagesRendered: 6 });
    // The killed worker's heartbeat runs out; the one still alive rendered pages of this video.
    await expect.poll(async () => (await liveWorkers()).length, { timeout: 30_000 }).toBe(1);
    expect(survived.renderedBy).toContain((await liveWorkers())[0].id);
  }, 420_000);
});
