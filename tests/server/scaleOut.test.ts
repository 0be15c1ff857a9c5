import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { probe } from '../../src/server/adapters/media/ffmpeg';
import { saveSpokenProject, startSharedCluster, waitForCompose, type Cluster } from './helpers/cluster';
import { pdfOfSlides } from './helpers/pdfMaker';
import { testRedisUrl } from './helpers/redis';

// npm test: not run again with TEST_STORE=s3 (s3ScaleOut.test.ts is this test on a bucket, with no shared DATA_DIR)

/*
 * Issue 12: the web server with WORKERS=0 runs no jobs; one `npm run worker` process beside it
 * (same database and DATA_DIR, jobs through BullMQ on Redis) rasterises an uploaded PDF and
 * renders a video.
 */

const redisUrl = await testRedisUrl();

describe.skipIf(!redisUrl)('web with WORKERS=0 and one `npm run worker`', () => {
  // TEST_STORE=s3: the web server and the worker share a test bucket as well.
  let cluster: Cluster | undefined;
  afterAll(() => cluster?.stop());

  it('rasterises a PDF and renders a video in the worker, none in the web process', async () => {
    cluster = await startSharedCluster({ secret: 'scale-out-secret-scale-out-secret', redisUrl: redisUrl! });
    const { web, call } = cluster;
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
    // The web process runs no jobs: the deck waits until a worker is there.
    await new Promise((r) => setTimeout(r, 1500));
    expect((await info()).status).toBe('processing');

    cluster.startWorker({ concurrency: 2 });
    await expect
      .poll(
        () => {
          cluster!.checkWorkers();
          return cluster!.output();
        },
        { timeout: 60_000, interval: 200 },
      )
      .toContain('worker is running: jobs from BullMQ');
    await expect.poll(async () => (await info()).status, { timeout: 30_000, interval: 200 }).toBe('ready');
    expect((await info()).pagesDone).toBe(2);

    const text = '网页服务器只接收请求，合成由独立的工作进程完成。';
    const { projectId, tts } = await saveSpokenProject(call, token, '工作进程', 1, text);
    expect((await call('/virtual/v1/userPro/composeProject', { projectId }, token)).code).toBe(200);
    const { status, seen } = await waitForCompose(call, token, projectId, { limitMs: 120_000 });
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
