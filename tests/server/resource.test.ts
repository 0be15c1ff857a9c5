import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shapeAt, type MouthCue } from '../../src/model/speech';
import { ffmpegPath } from '../../src/server/adapters/media/ffmpeg';
import { decodeWav } from '../../src/server/adapters/media/wav';
import { ProjectsRepo } from '../../src/server/adapters/db/projects.repo';
import { installErrorHandling } from '../../src/server/http/envelope';
import { resourceRoutes } from '../../src/server/routes/resource.routes';
import { ResourceService } from '../../src/server/services/resource.service';
import { multipart, startTestServer, testDialects, type TestServer } from './helpers/testServer';
import { encodeTone, formats, TONE_MS, TOTAL_MS, uploadPageAudio } from './helpers/toneAudio';

/*
 * Page audio upload (resUpload): every accepted format stored as a 24 kHz WAV with a mouth
 * timeline, and every refusal keeping nothing. The voice page this audio makes, rendered, is
 * voicePageRender.test.ts.
 */

const TYPE_MESSAGE = '必须上传格式为WAV、MP3、M4A、OGG、AAC、WMA、FLAC文件';
const UNREADABLE = '音频文件无法读取，请确认文件未损坏';

// A 1 s tone followed by 0.8 s of silence, encoded once per format with the bundled ffmpeg.
const work = mkdtempSync(path.join(tmpdir(), 'resource-test-'));
const encode = (ext: string, codec: string[]) => encodeTone(work, ext, codec);

describe.each(testDialects())('page audio upload (resUpload) on %s', (dialect) => {
  let t: TestServer;
  let alice: string;
  let bob: string;
  let aliceId: number;
  let projectId: number;

  beforeAll(async () => {
    t = await startTestServer(dialect);
    aliceId = await t.server.services.accounts.createUser('alice', 'secret123');
    await t.server.services.accounts.createUser('bob', 'secret123');
    alice = await t.login('alice', 'secret123');
    bob = await t.login('bob', 'secret123');
    projectId = (await t.call('POST', '/virtual/v1/userPro/add', { token: alice, body: { proKind: 2 } })).body
      .data;
  });
  afterAll(async () => {
    await t.stop();
  });

  const upload = (content: Buffer, filename: string, opts: { token?: string; fields?: object } = {}) =>
    uploadPageAudio(t, opts.token ?? alice, projectId, content, filename, opts.fields);
  const get = (url: string) =>
    t.server.http.inject({ method: 'GET', url, headers: { cookie: `jwt=${alice}` } });
  const leftovers = () => {
    const tmp = path.join(t.config.dataDir, 'tmp');
    return existsSync(tmp) ? readdirSync(tmp) : [];
  };
  const storedAudio = () => t.stored.list(`u/${aliceId}/audio`);

  it.each(formats)(
    'accepts %s, stores a 24 kHz WAV with its duration and a mouth timeline',
    async (ext, codec) => {
      const res = await upload(encode(ext, codec), `讲解.${ext.toUpperCase()}`);
      expect(res.body).toMatchObject({ code: 200 });
      const data = res.body.data;
      expect(Math.abs(data.soundTime - TOTAL_MS / 1000)).toBeLessThanOrEqual(0.05);
      expect(data.soundTime).toBe(Math.round(data.soundTime * 100) / 100);
      expect(data.path).toBe(`/files/u/${aliceId}/audio/${data.resId}.wav`);
      expect(data.timingsPath).toBe(`/files/u/${aliceId}/audio/${data.resId}.json`);

      const wav = decodeWav((await get(data.path)).rawPayload);
      expect(wav.sampleRate).toBe(24_000);
      expect(Math.abs(wav.samples.length / wav.sampleRate - data.soundTime)).toBeLessThan(0.01);

      const timings = JSON.parse((await get(data.timingsPath)).body) as {
        durationMs: number;
        words: unknown[];
        mouth: MouthCue[];
        sourceName: string;
      };
      expect(timings.words).toEqual([]);
      // The voice page shows the file by the name it was picked by, also after a reload.
      expect(timings.sourceName).toBe(`讲解.${ext.toUpperCase()}`);
      expect(Math.abs(timings.durationMs / 1000 - data.soundTime)).toBeLessThan(0.01);
      // The mouth is open during the tone and at rest (X) in the silence after it.
      for (const ms of [100, 400, 800]) expect(shapeAt(timings.mouth, ms)).not.toBe('X');
      for (const ms of [TONE_MS + 250, TONE_MS + 500, TOTAL_MS - 50])
        expect(shapeAt(timings.mouth, ms)).toBe('X');
      expect(leftovers()).toEqual([]);
    },
  );

  it('refuses a text file renamed .mp3 as unreadable, keeping nothing', async () => {
    const before = await storedAudio();
    const res = await upload(Buffer.from('这不是音频文件。'.repeat(200)), 'fake.mp3');
    expect(res.body).toMatchObject({ code: 400, msg: UNREADABLE });
    expect(await storedAudio()).toEqual(before);
    expect(leftovers()).toEqual([]);
  });

  it('refuses other types by name (exe, pdf, no extension) with the spec message', async () => {
    const before = await storedAudio();
    for (const name of ['setup.exe', 'slides.pdf', 'tone']) {
      const res = await upload(encode('mp3', formats[0][1]), name);
      expect(res.body).toMatchObject({ code: 400, msg: TYPE_MESSAGE });
    }
    expect(await storedAudio()).toEqual(before);
    expect(leftovers()).toEqual([]);
  });

  it('refuses audio of 0.3 s or less', async () => {
    const out = path.join(work, 'blip.wav');
    spawnSync(ffmpegPath(), ['-v', 'error', '-f', 'lavfi', '-i', 'sine=f=440:d=0.2', '-ac', '1', '-y', out]);
    const res = await upload(readFileSync(out), 'blip.wav');
    expect(res.body.code).toBe(400);
    expect(res.body.msg).toContain('0.3');
    expect(leftovers()).toEqual([]);
  });

  it("refuses another user's project, a bad page number and a missing login", async () => {
    const tone = encode('mp3', formats[0][1]);
    const before = await storedAudio();
    expect((await upload(tone, 'a.mp3', { token: bob })).body).toMatchObject({
      code: 404,
      msg: '项目不存在或无权访问',
    });
    expect((await upload(tone, 'a.mp3', { fields: { projectId: '999999' } })).body.code).toBe(404);
    for (const pptSort of ['0', '-1', 'abc', '1.5']) {
      expect((await upload(tone, 'a.mp3', { fields: { pptSort } })).body).toMatchObject({ code: 400 });
    }
    const anonymous = await uploadPageAudio(t, undefined, projectId, tone, 'a.mp3');
    expect(anonymous.body.code).toBe(501);
    expect(await storedAudio()).toEqual(before);
    expect(leftovers()).toEqual([]);
  });

  it('refuses a file over the size limit while streaming, keeping nothing', async () => {
    // The same route with a 64 KB limit in place of 1 GB (writing a gigabyte in a test is no test).
    const app = Fastify({ logger: false });
    installErrorHandling(app);
    await app.register(fastifyMultipart, { limits: { fields: 20, fieldSize: 64 * 1024 } });
    const resources = new ResourceService(
      new ProjectsRepo(t.server.database.db),
      t.server.files,
      t.server.services.deferredDeletes,
    );
    await app.register(resourceRoutes, {
      auth: t.server.services.auth,
      resources,
      files: t.server.files,
      maxBytes: 64 * 1024,
    });
    try {
      const send = async (content: Buffer) => {
        const form = multipart('resource', 'big.wav', content, {
          projectId: String(projectId),
          pptSort: '1',
        });
        const res = await app.inject({
          method: 'POST',
          url: '/virtual/v1/userPro/resUpload',
          payload: form.payload,
          headers: { ...form.headers, authorization: `Bearer ${alice}` },
        });
        return res.json();
      };
      const before = await storedAudio();
      const big = encode('wav', formats[4][1]); // 1.8 s of 48 kHz PCM: ~170 KB
      expect(big.length).toBeGreaterThan(64 * 1024);
      expect(await send(big)).toMatchObject({ code: 413, msg: '上传文件大小不可大于1G' });
      expect(await storedAudio()).toEqual(before);
      expect(leftovers()).toEqual([]);
      // Under the limit the same route accepts.
      expect((await send(encode('mp3', formats[0][1]))).code).toBe(200);
    } finally {
      await app.close();
    }
  });
});

afterAll(() => rmSync(work, { recursive: true, force: true }));
