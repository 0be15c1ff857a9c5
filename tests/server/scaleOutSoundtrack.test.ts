import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Queue, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpegPath, probe } from '../../src/server/adapters/media/ffmpeg';
import { RENDER_SOUNDTRACK_TASK } from '../../src/server/video/soundtrackTask';
import {
  jobRow,
  saveSpokenProject,
  startSharedCluster,
  untilWorkers,
  waitForCompose,
  type Cluster,
} from './helpers/cluster';
import { dropPrefix, testPrefix, testRedisUrl } from './helpers/redis';
import { listBucketKeys } from './helpers/s3Store';
import { synthesisProject } from './helpers/synthesisProject';
import { multipart, startTestServer, type TestServer } from './helpers/testServer';

/*
 * Issue 12: with background music, a render's soundtrack is a child job of its BullMQ flow beside
 * its pages. A `npm run worker` with two slots mixes it while it renders the pages; the render's
 * join step joins the pieces that job cached (it names the worker that mixed them), and the video
 * carries the music. The music is a 12 kHz tone: narration is synthesised below 11 kHz, so a
 * high-pass isolates the music. As with a page: a soundtrack job that fails on every attempt fails
 * the render, saying so, and a cancel stops a running one.
 */

const redisUrl = await testRedisUrl();
const PAGES = 3;

function ffmpeg(args: string[]): Buffer {
  const out = spawnSync(ffmpegPath(), ['-v', 'error', ...args], { maxBuffer: 64 * 1024 * 1024 });
  if (out.status !== 0) throw new Error(`ffmpeg: ${out.stderr}`);
  return out.stdout;
}

/** 4 s of the 12 kHz tone as a WAV file in `dir`. */
function toneFile(dir: string): string {
  const file = path.join(dir, 'music.wav');
  ffmpeg(['-f', 'lavfi', '-i', 'sine=f=12000:sample_rate=48000:d=4', '-c:a', 'pcm_s16le', '-y', file]);
  return file;
}

/** RMS (0..1) of a file's sound above 11.4 kHz (the music band), mono at 48 kHz. */
function musicLevel(file: string): number {
  const filter = 'highpass=f=11400,highpass=f=11400,highpass=f=11400';
  const pcm = ffmpeg(['-i', file, '-af', filter, '-ac', '1', '-ar', '48000', '-f', 's16le', 'pipe:1']);
  const samples = new Int16Array(pcm.buffer, pcm.byteOffset, Math.floor(pcm.length / 2));
  const sum = samples.reduce((s, v) => s + (v / 32768) ** 2, 0);
  return Math.sqrt(sum / Math.max(1, samples.length));
}

describe.skipIf(!redisUrl)('a render with background music on BullMQ', () => {
  let cluster: Cluster | undefined;
  const dir = mkdtempSync(path.join(tmpdir(), 'soundtrack-task-'));
  afterAll(async () => {
    await cluster?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The BullMQ child jobs of a render (job row `jobId`), from the cluster's tasks queue. */
  async function childJobs(jobId: number): Promise<Job[]> {
    const connection = new Redis(redisUrl!, { maxRetriesPerRequest: null });
    const tasks = new Queue('tasks', { connection, prefix: cluster!.env.REDIS_PREFIX });
    try {
      const jobs = await tasks.getJobs(['completed', 'failed']);
      return jobs.filter((job) => job.parent?.id?.startsWith(`row-${jobId}-`));
    } finally {
      await tasks.close();
      connection.disconnect();
    }
  }

  it('mixes the soundtrack as its own job while the pages render; the video has the music', async () => {
    cluster = await startSharedCluster({
      secret: 'soundtrack-task-secret-soundtrack-task',
      redisUrl: redisUrl!,
    });
    const { web, call } = cluster;
    // Two slots: the soundtrack and a page at once.
    cluster.startWorker({ concurrency: 2 });
    await untilWorkers(cluster, 1);
    const token = await cluster.login();

    // Background music is a 我的素材 audio material: 4 s of the tone, looped under the video.
    const musicFile = toneFile(dir);
    const form = new FormData();
    form.append('resourcesType', '3');
    form.append('resources', new Blob([new Uint8Array(readFileSync(musicFile))]), 'music.wav');
    const uploaded = await fetch(`${web.url}/virtual/v1/userResources/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const material = (await uploaded.json()) as { code: number; data: { path: string } };
    expect(material.code).toBe(200);

    const text = '背景音乐是一个单独的任务，页面渲染的同时混音。';
    const { projectId, tts, seconds } = await saveSpokenProject(
      call,
      token,
      '背景音乐',
      PAGES,
      text,
      (doc) => ({
        ...doc,
        bgMusic: material.data.path,
        bgMusicVolume: 1,
      }),
    );
    expect((await call('/virtual/v1/userPro/composeProject', { projectId }, token)).code).toBe(200);
    const { status } = await waitForCompose(call, token, projectId);
    expect(status.status, cluster.output()).toBe('done');

    // The soundtrack was a child job of the render, on the worker, started while pages rendered.
    const children = await childJobs(status.jobId);
    const soundtrack = children.filter((job) => job.name === 'render.soundtrack');
    const pages = children.filter((job) => job.name === 'render.page');
    expect(soundtrack.length, cluster.output()).toBe(1);
    expect(pages.length).toBe(PAGES);
    expect(soundtrack[0].finishedOn, soundtrack[0].failedReason).toBeTruthy();
    expect(soundtrack[0].returnvalue.pieces).toHaveLength(PAGES);
    const lastPage = Math.max(...pages.map((job) => job.finishedOn!));
    expect(soundtrack[0].processedOn!).toBeLessThan(lastPage);
    // The join step joined the pieces that job cached (it mixes the music itself only without them).
    const result = jobRow(web.dataDir, status.jobId).result;
    expect(result.soundtrackBy, cluster.output()).toBe(soundtrack[0].returnvalue.worker);
    expect(result).toMatchObject({ pageCount: PAGES, pagesRendered: PAGES });
    // Its pieces are in the shared sound cache: the workers' DATA_DIR, and with S3 the bucket.
    const pieces: string[] = soundtrack[0].returnvalue.pieces;
    for (const key of pieces)
      expect(existsSync(path.join(web.dataDir, 'cache', 'sound', `${key}.mp4`))).toBe(true);
    if (cluster.bucket) {
      const stored = await listBucketKeys(cluster.bucket.config);
      expect(stored).toEqual(expect.arrayContaining(pieces.map((key) => `cache/sound/${key}.mp4`)));
    }

    const video = path.join(dir, 'video.mp4');
    writeFileSync(video, Buffer.from(await (await fetch(web.url + status.video.url)).arrayBuffer()));
    const probed = await probe(video);
    expect(probed.streams.map((s) => s.type).sort()).toEqual(['audio', 'video']);
    expect(Math.abs(probed.durationMs - seconds * 1000)).toBeLessThan(600);
    // The soundtrack the join copied in runs the whole video.
    const sound = probed.streams.find((s) => s.type === 'audio')!;
    expect(Math.abs((sound.durationMs ?? 0) - probed.durationMs)).toBeLessThan(150);
    // The tone is in the video's sound; the narration alone has next to nothing in its band.
    const clip = path.join(dir, 'narration.wav');
    const narration = await fetch(web.url + tts.soundPath, { headers: { authorization: `Bearer ${token}` } });
    expect(narration.status).toBe(200);
    writeFileSync(clip, Buffer.from(await narration.arrayBuffer()));
    expect(musicLevel(clip)).toBeLessThan(0.002);
    // Measured 0.0066 (the tone at full volume, ducked under the speech) against 0.0000016.
    expect(musicLevel(video)).toBeGreaterThan(0.003);
  }, 300_000);
});

describe.skipIf(!redisUrl)('a soundtrack job (a web process running BullMQ jobs)', () => {
  const prefix = testPrefix();
  let t: TestServer;
  let token: string;
  let music: string;
  const dir = mkdtempSync(path.join(tmpdir(), 'soundtrack-job-'));
  beforeAll(async () => {
    t = await startTestServer('sqlite', { redisUrl, redisPrefix: prefix });
    await t.server.services.accounts.createUser('alice', 'secret123');
    token = await t.login('alice', 'secret123');
    const form = multipart('resources', 'music.wav', readFileSync(toneFile(dir)), { resourcesType: '3' });
    const material = await t.call('POST', '/virtual/v1/userResources/upload', {
      token,
      payload: form.payload,
      headers: form.headers,
    });
    expect(material.body).toMatchObject({ code: 200 });
    music = material.body.data.path;
  });
  afterAll(async () => {
    await t?.stop();
    await dropPrefix(redisUrl!, prefix);
    rmSync(dir, { recursive: true, force: true });
  });

  /** Composes a new two-page project with the music; answers a call about it. */
  async function composeWithMusic() {
    const projectId = await synthesisProject(t, token, {
      pages: [
        { text: '第一页', seconds: 2 },
        { text: '第二页', seconds: 2 },
      ],
      bgMusic: music,
    });
    const call = async (url: string) => (await t.call('POST', url, { token, body: { projectId } })).body;
    expect((await call('/virtual/v1/userPro/composeProject')).code).toBe(200);
    return call;
  }

  it('that fails for good fails the render with a message that says the music could not be mixed', async () => {
    // This process's soundtrack jobs fail (its pages render as usual): all three attempts.
    let attempts = 0;
    t.server.jobs.subTasks!.registerTask(RENDER_SOUNDTRACK_TASK, {
      run: async () => {
        attempts++;
        throw new Error('mixing failed');
      },
    });
    const call = await composeWithMusic();
    await expect
      .poll(async () => (await call('/virtual/v1/userPro/composeStatus')).data.status, { timeout: 60_000 })
      .toBe('failed');
    expect((await call('/virtual/v1/userPro/composeStatus')).data.message).toBe(
      '背景音乐合成失败，请稍后重试',
    );
    expect(attempts).toBe(3);
  }, 120_000);

  it('is stopped at once when its render is cancelled', async () => {
    // A soundtrack job that runs until it is told to stop.
    let started = 0;
    let stopped = 0;
    t.server.jobs.subTasks!.registerTask(RENDER_SOUNDTRACK_TASK, {
      run: (_data, ctx) =>
        new Promise((_resolve, reject) => {
          started++;
          ctx.signal.addEventListener(
            'abort',
            () => {
              stopped++;
              reject(ctx.signal.reason);
            },
            { once: true },
          );
        }),
    });
    const call = await composeWithMusic();
    await expect.poll(() => started, { timeout: 60_000 }).toBe(1);
    expect((await call('/virtual/v1/userPro/composeCancel')).data).toMatchObject({ status: 'cancelled' });
    await expect.poll(() => stopped, { timeout: 10_000 }).toBe(1);
    // Stopped with its render, it is not tried again, and the render stays cancelled.
    await expect
      .poll(async () => (await t.server.jobs.liveWorkers())[0]?.running, { timeout: 15_000 })
      .toEqual([]);
    expect(started).toBe(1);
    expect((await call('/virtual/v1/userPro/composeStatus')).data.status).toBe('cancelled');
  }, 120_000);
});
