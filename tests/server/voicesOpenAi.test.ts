import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeWav } from '../../src/server/adapters/media/wav';
import { openAiTtsFromEnv } from '../../src/server/adapters/media/tts.openai.config';
import { analyseVoice } from '../../src/server/services/voiceAnalysis';
import { voicedSignal } from '../helpers/voiceSignal';
import { startTestServer, testDialects, type TestServer } from './helpers/testServer';

/** Seconds of speech the fake server makes per input character. */
const SECONDS_PER_CHAR = 0.12;

/** A RIFF WAV of interleaved PCM16 frames (the test server answers stereo 44.1 kHz for one voice). */
function wavFile(samples: Int16Array, sampleRate: number, channels: number): Buffer {
  const data = Buffer.alloc(samples.length * 2 * channels);
  for (let i = 0; i < samples.length; i++)
    for (let c = 0; c < channels; c++) data.writeInt16LE(samples[i], (i * channels + c) * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2 * channels, 28);
  header.writeUInt16LE(2 * channels, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/**
 * A small server speaking the OpenAI-compatible /v1/audio/speech protocol: it checks the request
 * like a real one would and answers a real WAV whose length follows the input (alloy: 22.05 kHz
 * mono at 200 Hz; onyx: 44.1 kHz stereo at 110 Hz; anything else: 400).
 */
function speechServer(requests: unknown[]): Promise<Server> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const json = req.headers['content-type']?.startsWith('application/json') ? JSON.parse(body) : null;
      requests.push({ url: req.url, method: req.method, auth: req.headers.authorization, body: json });
      if (req.method !== 'POST' || req.url !== '/v1/audio/speech' || !json?.input) {
        res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"bad request"}');
        return;
      }
      const seconds = [...String(json.input)].length * SECONDS_PER_CHAR;
      const voice =
        json.voice === 'alloy'
          ? { f0Hz: 200, rate: 22_050, ch: 1 }
          : json.voice === 'onyx'
            ? { f0Hz: 110, rate: 44_100, ch: 2 }
            : null;
      if (!voice) {
        res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"unknown voice"}');
        return;
      }
      const speech = voicedSignal({ f0Hz: voice.f0Hz, seconds, sampleRate: voice.rate });
      res.writeHead(200, { 'content-type': 'audio/wav' }).end(wavFile(speech.samples, voice.rate, voice.ch));
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe('TTS_URL settings', () => {
  it('are read from the environment with the documented defaults', () => {
    expect(openAiTtsFromEnv({})).toBeUndefined();
    expect(openAiTtsFromEnv({ TTS_URL: 'http://tts:8880' })).toEqual({
      url: 'http://tts:8880',
      model: 'tts-1',
      voices: ['alloy', 'echo', 'fable', 'onyx', 'nova', 'shimmer'],
      apiKey: undefined,
    });
    expect(
      openAiTtsFromEnv({
        TTS_URL: 'http://tts',
        TTS_MODEL: 'kokoro',
        TTS_VOICES: 'zf_xiaobei:f, zm_yunxi:m',
      }),
    ).toMatchObject({
      model: 'kokoro',
      voices: ['zf_xiaobei:f', 'zm_yunxi:m'],
    });
  });
});

describe.each(testDialects())('OpenAI-compatible text-to-speech engine on %s', (dialect) => {
  let t: TestServer;
  let tts: Server;
  let token: string;
  const requests: { url: string; body: Record<string, unknown>; auth?: string }[] = [];

  beforeAll(async () => {
    tts = await speechServer(requests);
    const url = `http://127.0.0.1:${(tts.address() as AddressInfo).port}`;
    t = await startTestServer(dialect, {
      openAiTts: { url, model: 'tts-1', voices: ['alloy', 'onyx', 'ghost:m'], apiKey: 'sk-test' },
    });
    await t.server.services.accounts.createUser('carol', 'secret123');
    token = await t.login('carol', 'secret123');
  });
  afterAll(async () => {
    await t.stop();
    await new Promise((resolve) => tts.close(resolve));
  });

  const speak = (timbreId: string, text: string) =>
    t.call('POST', '/notice/v1/timbre/textToSpeech', {
      token,
      body: { timbreId, text, language: '中英混合', platform: 1 },
    });
  const get = (url: string) =>
    t.server.http.inject({ method: 'GET', url, headers: { cookie: `jwt=${token}` } });

  it('lists the server voices as extra public voices, by sex', async () => {
    const list = async (sex: number) =>
      (
        await t.call('POST', '/notice/v1/timbre/list', {
          token,
          body: { pageIndex: 1, pageSize: 50, isPublic: 1, sex },
        })
      ).body.data.list.map((v: { id: string }) => v.id);
    expect(await list(2)).toEqual(expect.arrayContaining(['espeak-zh-female', 'openai-alloy']));
    expect(await list(1)).toEqual(expect.arrayContaining(['espeak-zh-male', 'openai-onyx', 'openai-ghost']));
    expect(await list(1)).not.toContain('openai-alloy');
  });

  it('speaks through the server: the protocol request, a 24 kHz narration WAV, a loudness mouth timeline, no word timings', async () => {
    const text = '大家好，欢迎使用 Presenter Studio。';
    const res = await speak('openai-alloy', text);
    expect(res.body).toMatchObject({ code: 200 });
    expect(requests.at(-1)).toMatchObject({
      url: '/v1/audio/speech',
      auth: 'Bearer sk-test',
      body: { model: 'tts-1', input: text, voice: 'alloy', response_format: 'wav' },
    });
    const wav = decodeWav((await get(res.body.data.soundPath)).rawPayload);
    expect(wav.sampleRate).toBe(24_000);
    const expected = [...text].length * SECONDS_PER_CHAR + 0.35; // plus the closing pause
    expect(Math.abs(res.body.data.soundTime - expected)).toBeLessThan(0.05);
    expect(Math.abs(analyseVoice(wav.samples, wav.sampleRate).f0MedianHz - 200)).toBeLessThan(4);

    const timings = JSON.parse((await get(res.body.data.timingsPath)).body);
    expect(timings.words).toEqual([]);
    const shapes = timings.mouth.map((c: { shape: string }) => c.shape);
    expect(shapes.filter((s: string) => s !== 'X').length).toBeGreaterThan(5);
    expect(timings.mouth.at(-1).shape).toBe('X');
  });

  it('converts other WAV layouts (44.1 kHz stereo) to the narration format', async () => {
    const res = await speak('openai-onyx', 'Hello world, this is a test.');
    const wav = decodeWav((await get(res.body.data.soundPath)).rawPayload);
    expect(wav.sampleRate).toBe(24_000);
    expect(Math.abs(analyseVoice(wav.samples, wav.sampleRate).f0MedianHz - 110)).toBeLessThan(3);
  });

  it('answers a clear message when the server refuses, storing nothing', async () => {
    const res = await speak('openai-ghost', '这个音色服务器不认识');
    expect(res.body).toMatchObject({ code: 500, msg: '语音合成服务暂时不可用，请稍后重试' });
    expect(JSON.stringify(res.body)).not.toContain('127.0.0.1');
  });

  it('keeps the built-in voices working beside it', async () => {
    const res = await speak('espeak-zh-female', '你好');
    expect(res.body).toMatchObject({ code: 200 });
    expect(JSON.parse((await get(res.body.data.timingsPath)).body).words.length).toBeGreaterThan(0);
  });
});
