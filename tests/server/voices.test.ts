import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpegPath } from '../../src/server/adapters/media/ffmpeg';
import { decodeWav, encodeWav } from '../../src/server/adapters/media/wav';
import { analyseVoice } from '../../src/server/services/voiceAnalysis';
import { beepSignal, noiseSignal, voicedSignal } from '../helpers/voiceSignal';
import { multipart, startTestServer, testDialects, type TestServer } from './helpers/testServer';

const CONSENT = '请先勾选“我确认拥有该声音的使用授权”';
const DURATION = '声音样本时长需在10秒到10分钟之间';
const NO_VOICE = '声音样本中没有检测到清晰的人声，请换一段安静环境下的朗读';
const NOT_SPEECH = '声音样本听起来不是人在说话（音调没有起伏或听不出音节），请朗读一段文字后重新上传';
const NOT_FOUND = '音色不存在';
const TASK_NOT_FOUND = '任务不存在';
const TEXT = '大家好，今天我们来介绍一下新产品的主要功能。';

const work = mkdtempSync(path.join(tmpdir(), 'voices-test-'));
const wavOf = (samples: Int16Array) => encodeWav(samples, 24_000);
const male = wavOf(voicedSignal({ f0Hz: 110, seconds: 12 }).samples);
const noise = wavOf(noiseSignal(11));
const short = wavOf(voicedSignal({ f0Hz: 200, seconds: 5 }).samples);
/** The female sample as MP3, so the page-audio format checks and conversion are the ones used. */
function femaleMp3(): Buffer {
  const wav = path.join(work, 'female.wav');
  const mp3 = path.join(work, 'female.mp3');
  if (!existsSync(mp3)) {
    writeFileSync(wav, wavOf(voicedSignal({ f0Hz: 220, seconds: 12 }).samples));
    const run = spawnSync(ffmpegPath(), [
      '-v',
      'error',
      '-i',
      wav,
      '-c:a',
      'libmp3lame',
      '-b:a',
      '96k',
      '-y',
      mp3,
    ]);
    if (run.status !== 0) throw new Error(String(run.stderr));
  }
  return readFileSync(mp3);
}

describe.each(testDialects())('private voices (我的音色) on %s', (dialect) => {
  let t: TestServer;
  let alice: string;
  let bob: string;
  let aliceId: number;

  beforeAll(async () => {
    t = await startTestServer(dialect);
    aliceId = await t.server.services.accounts.createUser('alice', 'secret123');
    await t.server.services.accounts.createUser('bob', 'secret123');
    alice = await t.login('alice', 'secret123');
    bob = await t.login('bob', 'secret123');
  });
  afterAll(async () => {
    await t.stop();
  });

  const upload = (content: Buffer, filename: string, fields: Record<string, string>, token = alice) => {
    const form = multipart('file', filename, content, fields);
    return t.call('POST', '/notice/v1/timbre/upTimb', {
      token,
      payload: form.payload,
      headers: form.headers,
    });
  };
  const post = (url: string, body: object, token = alice) => t.call('POST', url, { token, body });
  const mine = async (token = alice) =>
    (await post('/notice/v1/timbre/list', { pageIndex: 1, pageSize: 50, isPublic: 2 }, token)).body.data;
  const voice = async (id: string) => (await mine()).list.find((v: { id: string }) => v.id === id);
  const untilState = async (id: string, state: number) => {
    await expect
      .poll(async () => (await voice(id))?.pthStatus, { timeout: 60_000, interval: 200 })
      .toBe(state);
    return voice(id);
  };
  const stored = () => t.stored.list(`u/${aliceId}/voices`);
  const leftovers = () => {
    const tmp = path.join(t.config.dataDir, 'tmp');
    return existsSync(tmp) ? readdirSync(tmp) : [];
  };
  const audioOf = async (soundPath: string) =>
    decodeWav(
      (await t.server.http.inject({ method: 'GET', url: soundPath, headers: { cookie: `jwt=${alice}` } }))
        .rawPayload,
    );

  it('refuses a sample without consent, a name, the right length or real audio, keeping nothing', async () => {
    const cases: [Buffer, string, Record<string, string>, string][] = [
      [male, 'me.wav', { name: '我的声音', sex: '1' }, CONSENT],
      [male, 'me.wav', { name: '我的声音', sex: '1', consent: '0' }, CONSENT],
      [male, 'me.wav', { name: '  ', sex: '1', consent: '1' }, '请输入音色名称'],
      [short, 'short.wav', { name: '短', sex: '2', consent: '1' }, DURATION],
      [
        Buffer.from('not audio at all '.repeat(500)),
        'fake.wav',
        { name: '假', sex: '2', consent: '1' },
        '音频文件无法读取，请确认文件未损坏',
      ],
      [
        male,
        'me.txt',
        { name: '文本', sex: '2', consent: '1' },
        '必须上传格式为WAV、MP3、M4A、OGG、AAC、WMA、FLAC文件',
      ],
    ];
    for (const [content, name, fields, message] of cases) {
      const res = await upload(content, name, fields);
      expect(res.body, name).toMatchObject({ code: 400, msg: message });
    }
    expect(await stored()).toEqual([]);
    expect(leftovers()).toEqual([]);
    expect((await mine()).count).toBe(0);
  });

  let maleId: string;
  let femaleId: string;

  it('trains a voice from the sample: queued, then ready with its measured pitch and rate', async () => {
    const res = await upload(male, '男声.wav', { name: '我的男声', sex: '1', consent: '1' });
    expect(res.body).toMatchObject({
      code: 200,
      data: { name: '我的男声', sex: 1, isPublic: 2, pthStatus: 1 },
    });
    maleId = res.body.data.id;
    expect(res.body.data.sampleTime).toBeCloseTo(12, 0);
    const ready = await untilState(maleId, 4);
    expect(ready).toMatchObject({ progress: 1, message: '已就绪' });
    expect(Math.abs(ready.pitchHz - 110)).toBeLessThan(3);
    expect(ready.syllablesPerSecond).toBeGreaterThan(3);
    // The stored sample is the normalised WAV, served to its owner only.
    const sample = await audioOf(ready.samplePath);
    expect(sample.sampleRate).toBe(24_000);
    const other = await t.server.http.inject({
      method: 'GET',
      url: ready.samplePath,
      headers: { cookie: `jwt=${bob}` },
    });
    expect(other.statusCode).not.toBe(200);

    const mp3 = await upload(femaleMp3(), '女声.mp3', { name: '我的女声', sex: '2', consent: '1' });
    femaleId = mp3.body.data.id;
    expect(Math.abs((await untilState(femaleId, 4)).pitchHz - 220)).toBeLessThan(5);
    expect(leftovers()).toEqual([]);
  });

  it('lists private voices only to their owner and by sex', async () => {
    expect((await mine(bob)).count).toBe(0);
    const males = (await post('/notice/v1/timbre/list', { pageIndex: 1, pageSize: 50, isPublic: 2, sex: 1 }))
      .body.data;
    expect(males.list.map((v: { id: string }) => v.id)).toEqual([maleId]);
    const publicList = (await post('/notice/v1/timbre/list', { pageIndex: 1, pageSize: 50, isPublic: 1 }))
      .body.data;
    expect(publicList.list.every((v: { isPublic: number }) => v.isPublic === 1)).toBe(true);
  });

  it('speaks with a private voice through a task: 202 pending, then 200 with audio that follows the sample', async () => {
    // Jobs held: the task is deterministically pending.
    await t.server.jobs.stop();
    const started = await post('/notice/v1/timbre/textToWav', {
      id: maleId,
      text: TEXT,
      language: '中英混合',
    });
    expect(started.body).toMatchObject({ code: 200, data: { taskId: expect.any(String) } });
    const maleTask = started.body.data.taskId;
    expect((await post('/notice/v1/timbre/wavPath', { taskId: maleTask })).body).toMatchObject({
      code: 202,
      msg: '语音合成中，请稍候',
    });
    const femaleTask = (await post('/notice/v1/timbre/textToWav', { id: femaleId, text: TEXT })).body.data
      .taskId;
    // Another user's task does not exist for bob, and bob cannot speak with alice's voice.
    expect((await post('/notice/v1/timbre/wavPath', { taskId: maleTask }, bob)).body).toMatchObject({
      code: 404,
      msg: TASK_NOT_FOUND,
    });
    expect((await post('/notice/v1/timbre/textToWav', { id: maleId, text: TEXT }, bob)).body).toMatchObject({
      code: 404,
      msg: NOT_FOUND,
    });
    expect((await post('/notice/v1/timbre/textToWav', { id: maleId, text: '' })).body).toMatchObject({
      code: 400,
      msg: '无文字',
    });
    await t.server.jobs.start();

    const done = async (taskId: string) => {
      let answer: { code: number; data: { soundPath: string; soundTime: number } } | undefined;
      await expect
        .poll(async () => (answer = (await post('/notice/v1/timbre/wavPath', { taskId })).body).code, {
          timeout: 30_000,
        })
        .toBe(200);
      return answer!.data;
    };
    const maleSpeech = await done(maleTask);
    const femaleSpeech = await done(femaleTask);
    expect(maleSpeech.soundPath).toMatch(new RegExp(`^/files/u/${aliceId}/audio/[0-9a-f]+\\.wav$`));
    expect(maleSpeech.soundTime).toBeGreaterThan(2);
    const malePitch = analyseVoice(...pcm(await audioOf(maleSpeech.soundPath))).f0MedianHz;
    const femalePitch = analyseVoice(...pcm(await audioOf(femaleSpeech.soundPath))).f0MedianHz;
    expect(Math.abs(malePitch - 110) / 110).toBeLessThan(0.1);
    expect(Math.abs(femalePitch - 220) / 220).toBeLessThan(0.1);
    // The pace the tools estimate with is the pace the voice speaks at (within 25%: one sentence).
    const pace = (await voice(maleId)).secondsPerChar as number;
    const perChar = maleSpeech.soundTime / [...TEXT].length;
    expect(Math.abs(pace - perChar) / perChar).toBeLessThan(0.25);
  });

  it('answers 201 with the reason when a task fails (its voice was deleted before it ran)', async () => {
    const extra = await upload(male, '临时.wav', { name: '临时', sex: '1', consent: '1' });
    const id = extra.body.data.id;
    await untilState(id, 4);
    await t.server.jobs.stop();
    const taskId = (await post('/notice/v1/timbre/textToWav', { id, text: TEXT })).body.data.taskId;
    expect((await post('/notice/v1/timbre/delete', { id })).body).toMatchObject({ code: 200 });
    await t.server.jobs.start();
    await expect
      .poll(async () => (await post('/notice/v1/timbre/wavPath', { taskId })).body, { timeout: 30_000 })
      .toMatchObject({ code: 201, msg: NOT_FOUND });
  });

  it('refuses a beep as not speech (a fake microphone), with a message that says so', async () => {
    const beep = wavOf(beepSignal(400, 12, { onMs: 100, everyMs: 1000 }));
    const res = await upload(beep, 'beep.wav', { name: '蜂鸣', sex: '2', consent: '1' });
    expect(res.body.code).toBe(200);
    const failed = await untilState(res.body.data.id, 3);
    expect(failed.message).toBe(NOT_SPEECH);
    await post('/notice/v1/timbre/delete', { id: res.body.data.id });
  });

  it('fails training for a sample without a voice; redo runs it again; delete removes voice and sample', async () => {
    const res = await upload(noise, 'noise.wav', { name: '噪音', sex: '2', consent: '1' });
    const id = res.body.data.id;
    const failed = await untilState(id, 3);
    expect(failed.message).toBe(NO_VOICE);
    expect((await post('/notice/v1/timbre/textToWav', { id, text: TEXT })).body).toMatchObject({
      code: 400,
      msg: '音色尚未训练完成',
    });

    // Others can neither redo nor delete it.
    expect((await post('/notice/v1/timbre/redo', { id }, bob)).body).toMatchObject({
      code: 404,
      msg: NOT_FOUND,
    });
    expect((await post('/notice/v1/timbre/delete', { id }, bob)).body).toMatchObject({
      code: 404,
      msg: NOT_FOUND,
    });

    await t.server.jobs.stop();
    const redo = await post('/notice/v1/timbre/redo', { id });
    expect(redo.body).toMatchObject({ code: 200, data: { pthStatus: 1, progress: 0 } });
    // Not twice at once.
    expect((await post('/notice/v1/timbre/redo', { id })).body).toMatchObject({ code: 409 });
    await t.server.jobs.start();
    expect((await untilState(id, 3)).message).toBe(NO_VOICE);

    const before = (await stored()).length;
    expect((await post('/notice/v1/timbre/delete', { id })).body).toMatchObject({
      code: 200,
      msg: '删除成功',
    });
    expect(await voice(id)).toBeUndefined();
    expect((await stored()).length).toBe(before - 1);
    expect((await post('/notice/v1/timbre/delete', { id })).body).toMatchObject({ code: 404 });
  });
});

function pcm(w: { samples: Int16Array; sampleRate: number }): [Int16Array, number] {
  return [w.samples, w.sampleRate];
}
