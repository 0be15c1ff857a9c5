import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeWav } from '../../src/server/adapters/media/wav';
import { startTestServer, type TestServer } from './helpers/testServer';

describe('text-to-speech', () => {
  let t: TestServer;
  let alice: string;
  let bob: string;
  let projectId: number;
  beforeAll(async () => {
    t = await startTestServer('sqlite');
    await t.server.services.accounts.createUser('alice', 'secret123');
    await t.server.services.accounts.createUser('bob', 'secret123');
    alice = await t.login('alice', 'secret123');
    bob = await t.login('bob', 'secret123');
    projectId = (await t.call('POST', '/virtual/v1/userPro/add', { token: alice, body: { proKind: 3 } })).body
      .data;
  });
  afterAll(() => t.stop());

  const tts = (text: string, token = alice, extra: object = {}) =>
    t.call('POST', '/notice/v1/timbre/textToSpeech', {
      token,
      body: { projectId, timbreId: 'espeak-zh-female', text, language: '中英混合', platform: 1, ...extra },
    });

  it('speaks mixed Chinese and English into a WAV with timings and a mouth timeline', async () => {
    const res = await tts('大家好，欢迎使用 Presenter Studio。今天介绍三个功能。');
    expect(res.body.code).toBe(200);
    const { soundPath, soundTime, timingsPath } = res.body.data;
    expect(soundTime).toBeGreaterThan(1.5);
    expect(soundTime).toBeLessThan(12);
    const cookie = `jwt=${alice}`;
    const wav = await t.server.http.inject({ method: 'GET', url: soundPath, headers: { cookie } });
    expect(wav.statusCode).toBe(200);
    const pcm = decodeWav(wav.rawPayload);
    expect(Math.abs(pcm.samples.length / pcm.sampleRate - soundTime)).toBeLessThan(0.02);

    const timings = JSON.parse(
      (await t.server.http.inject({ method: 'GET', url: timingsPath, headers: { cookie } })).body,
    );
    expect(timings.words.length).toBeGreaterThan(5);
    const shapes = new Set(timings.mouth.map((c: { shape: string }) => c.shape));
    expect(shapes.size).toBeGreaterThan(3);
    expect(timings.mouth.at(-1).shape).toBe('X');

    // Same voice and text again: served from the cache, same file.
    const again = await tts('大家好，欢迎使用 Presenter Studio。今天介绍三个功能。');
    expect(again.body.data.soundPath).toBe(soundPath);
  });

  it('refuses empty and over-long text, unknown voices and other users’ projects', async () => {
    expect((await tts('   ')).body).toMatchObject({ code: 400, msg: '无文字' });
    expect((await tts('长'.repeat(301))).body).toMatchObject({ code: 400, msg: '输入的单页文字大于300' });
    expect((await tts('你好', alice, { timbreId: 'nope' })).body).toMatchObject({
      code: 400,
      msg: '音色不存在',
    });
    expect((await tts('你好', bob)).body).toMatchObject({ code: 404, msg: '项目不存在或无权访问' });
  });

  it('speaks without a project for the tools, into the caller’s own files', async () => {
    const res = await t.call('POST', '/notice/v1/timbre/textToSpeech', {
      token: bob,
      body: { timbreId: 'espeak-en-male', text: 'Hello from the text to speech tool.' },
    });
    expect(res.body.code).toBe(200);
    expect(res.body.data.soundPath).toMatch(/^\/files\/u\/2\/audio\//);
    const projects = await t.call('POST', '/virtual/v1/userPro/list', { token: bob, body: {} });
    expect(projects.body.data.count).toBe(0);
  });

  it('does not serve alice’s audio to bob', async () => {
    const { soundPath } = (await tts('测试音频')).body.data;
    const res = await t.server.http.inject({
      method: 'GET',
      url: soundPath,
      headers: { cookie: `jwt=${bob}` },
    });
    expect(res.statusCode).toBe(403);
  });
});
