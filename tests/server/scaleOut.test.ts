import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toExportDocument } from '../../src/model/project';
import { spokenDocument } from './helpers/synthesisProject';
import { probe } from '../../src/server/adapters/media/ffmpeg';
import { startRealServer, type RealServer } from '../e2e/helpers/realServer';
import { pdfOfSlides } from './helpers/pdfMaker';
import { dropPrefix, testPrefix, testRedisUrl } from './helpers/redis';
import { childStore } from './helpers/s3Store';

/*
 * Issue 12: the web server with WORKERS=0 runs no jobs; one `npm run worker` process beside it
 * (same database and DATA_DIR, jobs through BullMQ on Redis) rasterises an uploaded PDF and
 * renders a video.
 */

const redisUrl = await testRedisUrl();
const root = path.resolve(import.meta.dirname, '../..');

describe.skipIf(!redisUrl)('web with WORKERS=0 and one `npm run worker`', () => {
  const prefix = testPrefix();
  const env: Record<string, string> = {
    JWT_SECRET: 'scale-out-secret-scale-out-secret',
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
  let worker: ChildProcess | undefined;
  let workerOutput = '';
  afterAll(async () => {
    if (worker?.exitCode === null) {
      process.kill(-worker.pid!, 'SIGTERM');
      await new Promise((r) => worker!.once('exit', r));
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

  function startWorker(dataDir: string) {
    // Its own process group, so stopping it stops npm and the worker under it.
    worker = spawn('npm', ['run', '-s', 'worker'], {
      cwd: root,
      detached: true,
      env: { ...process.env, ...env, DATA_DIR: dataDir, WORKER_CONCURRENCY: '2', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    worker.stdout!.on('data', (d) => (workerOutput += d));
    worker.stderr!.on('data', (d) => (workerOutput += d));
  }

  it('rasterises a PDF and renders a video in the worker, none in the web process', async () => {
    web = await startRealServer({ ...env, WORKERS: '0' });
    const token = (await call('/virtual/v1/login', { username: 'demo', password: 'demo123456' })).token!;

    const form = new FormData();
    form.append('name', 'deck.pdf');
    form.append('resources', new Blob([new Uint8Array(pdfOfSlides(2))]), 'deck.pdf');
    const uploaded = await fetch(`${web.url}/virtual/v1/userPpt/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const { pptId } = ((await uploaded.json()) as { data: { pptId: number } }).data;
    const info = async () => (await call('/virtual/v1/userPpt/info', { pptId, type: 2 }, token)).data;
    // The web process runs no jobs: the deck waits until a worker is there.
    await new Promise((r) => setTimeout(r, 1500));
    expect((await info()).status).toBe('processing');

    startWorker(web.dataDir);
    await expect
      .poll(
        () => {
          if (worker!.exitCode !== null) throw new Error(`the worker exited:\n${workerOutput}`);
          return workerOutput;
        },
        { timeout: 60_000, interval: 200 },
      )
      .toContain('worker is running: jobs from BullMQ');
    await expect.poll(async () => (await info()).status, { timeout: 30_000, interval: 200 }).toBe('ready');
    expect((await info()).pagesDone).toBe(2);

    const projectId = (await call('/virtual/v1/userPro/add', { proKind: 3 }, token)).data;
    const text = '网页服务器只接收请求，合成由独立的工作进程完成。';
    const tts = (
      await call('/notice/v1/timbre/textToSpeech', { projectId, timbreId: 'espeak-zh-female', text }, token)
    ).data;
    const doc = spokenDocument('工作进程', 1, text, tts);
    await call(
      '/virtual/v1/userPro/update',
      { projectId, userProjectInfo: JSON.stringify(toExportDocument(doc)), original: 2, revision: 0 },
      token,
    );
    expect((await call('/virtual/v1/userPro/composeProject', { projectId }, token)).code).toBe(200);
    const seen = new Set<string>();
    let status;
    for (let i = 0; i < 1200; i++) {
      status = (await call('/virtual/v1/userPro/composeStatus', { projectId }, token)).data;
      seen.add(status.status);
      if (status.status !== 'queued' && status.status !== 'rendering') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(status.status).toBe('done');
    expect(seen.has('rendering')).toBe(true);
    const video = await fetch(web.url + status.video.url);
    expect(video.status).toBe(200);
    const file = path.join(web.dataDir, 'from-worker.mp4');
    writeFileSync(file, Buffer.from(await video.arrayBuffer()));
    const probed = await probe(file);
    rmSync(file);
    expect(probed.streams.map((s) => s.type).sort()).toEqual(['audio', 'video']);
    expect(Math.abs(probed.durationMs - tts.soundTime * 1000)).toBeLessThan(300);
  }, 240_000);
});
