import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { probe } from '../../src/server/adapters/media/ffmpeg';
import {
  filesUnder,
  saveSpokenProject,
  startS3Cluster,
  waitForCompose,
  type Cluster,
} from './helpers/cluster';
import { pdfOfSlides } from './helpers/pdfMaker';
import { testRedisUrl } from './helpers/redis';

// npm test: not run again with TEST_STORE=s3 (startS3Cluster: a bucket of its own in every profile)

/*
 * Issue 12, "PostgreSQL + BullMQ + S3": the web server (WORKERS=0) and one `npm run worker` share
 * the database, Redis and the bucket, and nothing else — each has a DATA_DIR of its own. The worker
 * rasterises a deck and renders a video from files the web server stored; the web server serves
 * what the worker made.
 */

const redisUrl = await testRedisUrl();
const pgUrl = process.env.TEST_DATABASE_URL || undefined;
if (!pgUrl) console.log('TEST_DATABASE_URL is not set: the S3 scale-out test is skipped');

describe.skipIf(!redisUrl || !pgUrl)('web and worker sharing only PostgreSQL, Redis and an S3 bucket', () => {
  let cluster: Cluster | undefined;
  afterAll(() => cluster?.stop());

  it('rasterises and renders in the worker from the bucket; the web server serves the results', async () => {
    cluster = await startS3Cluster({
      secret: 's3-scale-out-secret-s3-scale-out-secret',
      redisUrl: redisUrl!,
      pgUrl: pgUrl!,
    });
    const { web, call } = cluster;
    const workerDir = cluster.startWorker({ concurrency: 2 }).dataDir;
    const token = await cluster.login();

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
          cluster!.checkWorkers();
          const { status, error } = await info();
          // A failed deck stays failed: say why, with what the worker printed.
          if (status === 'failed') throw new Error(`the deck failed: ${error}\n${cluster!.output()}`);
          return status;
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
    const text = '两台机器只共享数据库、队列和存储桶。';
    const { projectId, tts } = await saveSpokenProject(call, token, '存储桶', 1, text);
    expect((await call('/virtual/v1/userPro/composeProject', { projectId }, token)).code).toBe(200);
    const { status } = await waitForCompose(call, token, projectId, { limitMs: 120_000 });
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
