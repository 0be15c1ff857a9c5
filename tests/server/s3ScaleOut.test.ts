import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { toExportDocument } from '../../src/model/project';
import { probe } from '../../src/server/adapters/media/ffmpeg';
import { startRealServer, type RealServer } from '../e2e/helpers/realServer';
import { pdfOfSlides } from './helpers/pdfMaker';
import { dropPrefix, testPrefix, testRedisUrl } from './helpers/redis';
import { startTestBucket, type TestBucket } from './helpers/s3Store';
import { spokenDocument } from './helpers/synthesisProject';

/*
 * Issue 12, "PostgreSQL + BullMQ + S3": the web server (WORKERS=0) and one `npm run worker` share
 * the database, Redis and the bucket, and nothing else — each has a DATA_DIR of its own. The worker
 * rasterises a deck and renders a video from files the web server stored; the web server serves
 * what the worker made.
 */

const redisUrl = await testRedisUrl();
const pgUrl = process.env.TEST_DATABASE_URL || undefined;
if (!pgUrl) console.log('TEST_DATABASE_URL is not set: the S3 scale-out test is skipped');
const root = path.resolve(import.meta.dirname, '../..');

/** Every file below a folder. */
const filesUnder = (dir: string) =>
  existsSync(dir) ? readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()) : [];

describe.skipIf(!redisUrl || !pgUrl)('web and worker sharing only PostgreSQL, Redis and an S3 bucket', () => {
  const prefix = testPrefix();
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const workerDir = mkdtempSync(path.join(tmpdir(), 'studio-worker-'));
  let bucket: TestBucket;
  let env: Record<string, string>;
  let web: RealServer | undefined;
  let worker: ChildProcess | undefined;
  let workerOutput = '';
  afterAll(async () => {
    if (worker?.exitCode === null) {
      process.kill(-worker.pid!, 'SIGTERM');
      await new Promise((r) => worker!.once('exit', r));
    }
    await web?.stop();
    await bucket?.stop();
    rmSync(workerDir, { recursive: true, force: true });
    await dropPrefix(redisUrl!, prefix);
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    await client.query(`drop schema if exists "${schema}" cascade`);
    await client.end();
  });

  async function call(url: string, body: object, token?: string) {
    const res = await fetch(web!.url + url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    return (await res.json()) as { code: number; msg: string; data: any; token?: string }; // eslint-disable-line @typescript-eslint/no-explicit-any
  }

  it('rasterises and renders in the worker from the bucket; the web server serves the results', async () => {
    bucket = await startTestBucket();
    const s3 = bucket.config;
    env = {
      JWT_SECRET: 's3-scale-out-secret-s3-scale-out-secret',
      DATABASE_URL: pgUrl!,
      DATABASE_SCHEMA: schema,
      REDIS_URL: redisUrl!,
      REDIS_PREFIX: prefix,
      S3_ENDPOINT: s3.endpoint!,
      S3_BUCKET: s3.bucket,
      S3_ACCESS_KEY_ID: s3.accessKeyId!,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey!,
    };
    web = await startRealServer({ ...env, WORKERS: '0' });
    worker = spawn('npm', ['run', '-s', 'worker'], {
      cwd: root,
      detached: true,
      env: { ...process.env, ...env, DATA_DIR: workerDir, WORKER_CONCURRENCY: '2', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    worker.stdout!.on('data', (d) => (workerOutput += d));
    worker.stderr!.on('data', (d) => (workerOutput += d));
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
    await expect
      .poll(
        async () => {
          if (worker!.exitCode !== null) throw new Error(`the worker exited:\n${workerOutput}`);
          return (await info()).status;
        },
        { timeout: 90_000, interval: 250 },
      )
      .toBe('ready');
    const deck = await info();
    const page = await fetch(`${web.url}${deck.basePath}${deck.uuidStr}/images/2.png`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('image/png');

    // Speech is made by the web server, the video by the worker, each reading the other's files.
    const projectId = (await call('/virtual/v1/userPro/add', { proKind: 3 }, token)).data;
    const text = '两台机器只共享数据库、队列和存储桶。';
    const tts = (
      await call('/notice/v1/timbre/textToSpeech', { projectId, timbreId: 'espeak-zh-female', text }, token)
    ).data;
    const doc = spokenDocument('存储桶', 1, text, tts);
    await call(
      '/virtual/v1/userPro/update',
      { projectId, userProjectInfo: JSON.stringify(toExportDocument(doc)), original: 2, revision: 0 },
      token,
    );
    expect((await call('/virtual/v1/userPro/composeProject', { projectId }, token)).code).toBe(200);
    let status;
    for (let i = 0; i < 1200; i++) {
      status = (await call('/virtual/v1/userPro/composeStatus', { projectId }, token)).data;
      if (status.status !== 'queued' && status.status !== 'rendering') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(status.status).toBe('done');
    const video = await fetch(web.url + status.video.url);
    expect(video.status).toBe(200);
    const file = path.join(workerDir, 'served.mp4');
    writeFileSync(file, Buffer.from(await video.arrayBuffer()));
    const probed = await probe(file);
    rmSync(file);
    expect(probed.streams.map((s) => s.type).sort()).toEqual(['audio', 'video']);
    expect(Math.abs(probed.durationMs - tts.soundTime * 1000)).toBeLessThan(300);

    // Neither machine keeps a stored file of its own: they are all in the bucket.
    expect(filesUnder(path.join(web.dataDir, 'files'))).toEqual([]);
    expect(filesUnder(path.join(workerDir, 'files'))).toEqual([]);
    // The worker read the deck and the narration through its local copies.
    expect(filesUnder(path.join(workerDir, 'cache', 'objects')).map((e) => e.name)).toEqual(
      expect.arrayContaining(['source.pdf', path.basename(tts.soundPath)]),
    );
  }, 240_000);
});
