import { afterAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mouthTimeline, mouthTimelineFromLevels, shapeAt } from '../../../src/model/speech';
import { espeakEngine } from '../../../src/server/adapters/media/tts.espeak';
import { synthesizeMixed, synthesizeMixedToFile } from '../../../src/server/adapters/media/tts.mixed';
import { findPublicVoice, PUBLIC_VOICES } from '../../../src/server/adapters/media/tts.voices';
import { decodeWav, pcmLevels } from '../../../src/server/adapters/media/wav';
import { probe } from '../../../src/server/adapters/media/ffmpeg';
import { medianF0, rms } from './audioAnalysis';

const TEXT = '大家好，欢迎使用 Presenter Studio。';
const female = findPublicVoice('espeak-zh-female')!;
const male = findPublicVoice('espeak-zh-male')!;

/** Mandarin-only and English-only phonemes as eSpeak NG writes them. */
const MANDARIN_ONLY = ['tɕ', 'tɕh', 'ɕ', 'χ', 'ts.', 's.', 'ˈiɑ', 'ˈɑu', 'ua', 'ˈonɡ', 'ˈi.'];
const ENGLISH_ONLY = ['ɹ', 'ˈɛ', 'ɚ', 'ˈuː', 'ɪ', 'ˌoʊ', 'z', 'd'];

afterAll(() => espeakEngine.close());

describe('eSpeak NG text-to-speech, 中英混合', () => {
  it('speaks mixed text into one 24 kHz mono WAV with ordered word and phoneme timings', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tts-'));
    try {
      const wavPath = join(dir, 'narration.wav');
      const result = await synthesizeMixedToFile(TEXT, female.voices, wavPath);

      const info = await probe(wavPath);
      expect(info.streams).toEqual([
        expect.objectContaining({ type: 'audio', codec: 'pcm_s16le', sampleRate: 24000, channels: 1 }),
      ]);
      expect(Math.abs(info.durationMs - result.durationMs)).toBeLessThanOrEqual(1);
      // 8 Chinese characters and two English words: roughly 2-6 seconds of speech.
      expect(result.durationMs).toBeGreaterThan(2000);
      expect(result.durationMs).toBeLessThan(6000);
      const decoded = decodeWav(result.wav);
      expect(decoded.sampleRate).toBe(24000);
      expect(decoded.samples.length).toBe(result.samples.length);

      // eSpeak's Mandarin dictionary speaks 欢迎 as one word.
      expect(result.words.map((w) => w.text)).toEqual([
        '大',
        '家',
        '好',
        '欢迎',
        '使',
        '用',
        'Presenter',
        'Studio',
      ]);
      for (const w of result.words) expect(TEXT.slice(w.charStart, w.charEnd)).toBe(w.text);
      for (const list of [result.words, result.phonemes]) {
        list.forEach((item, i) => {
          expect(item.startMs).toBeGreaterThanOrEqual(0);
          expect(item.endMs).toBeGreaterThanOrEqual(item.startMs);
          expect(item.endMs).toBeLessThanOrEqual(result.durationMs);
          if (i > 0) expect(item.startMs).toBeGreaterThanOrEqual(list[i - 1].startMs);
        });
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('speaks the Chinese run with the Mandarin voice and the Latin run with an English voice', async () => {
    const result = await synthesizeMixed(TEXT, female.voices);
    expect(result.runs.map((r) => [r.lang, r.voice.lang, r.text])).toEqual([
      ['zh', 'zh', '大家好，欢迎使用'],
      ['en', 'en', 'Presenter Studio。'],
    ]);
    const [zh, en] = result.runs;
    expect(en.startMs).toBeGreaterThan(zh.endMs); // a pause between the runs
    const inRun = (run: typeof zh) =>
      result.phonemes.filter((p) => p.startMs >= run.startMs && p.startMs < run.endMs).map((p) => p.phoneme);
    const zhPhonemes = inRun(zh);
    const enPhonemes = inRun(en);
    expect(zhPhonemes.some((p) => MANDARIN_ONLY.includes(p))).toBe(true);
    expect(zhPhonemes.some((p) => ENGLISH_ONLY.includes(p))).toBe(false);
    expect(enPhonemes.some((p) => ENGLISH_ONLY.includes(p))).toBe(true);
    expect(enPhonemes.some((p) => MANDARIN_ONLY.includes(p))).toBe(false);
    // Both runs are audible, the pause between them is silent.
    const at = (ms: number) => Math.round((ms * result.sampleRate) / 1000);
    expect(rms(result.samples, at(zh.startMs), at(zh.endMs))).toBeGreaterThan(500);
    expect(rms(result.samples, at(en.startMs), at(en.endMs))).toBeGreaterThan(500);
    expect(rms(result.samples, at(zh.endMs) + 1, at(en.startMs) - 1)).toBe(0);
  });

  it('gives the mouth timeline something to animate: shapes while speaking, rest at the end', async () => {
    const result = await synthesizeMixed(TEXT, male.voices);
    const timeline = mouthTimeline(result.phonemes, result.durationMs);
    expect(timeline[0].startMs).toBe(0);
    expect(timeline[timeline.length - 1].shape).toBe('X');
    const shapes = new Set(timeline.map((c) => c.shape));
    expect(shapes.size).toBeGreaterThanOrEqual(5);
    expect(shapes.has('A')).toBe(true); // the p of "Presenter"
  });

  it('loudness-driven lip-sync (for uploaded audio) agrees with the phoneme timeline on when the mouth moves', async () => {
    const result = await synthesizeMixed('今天我们来介绍新产品。它可以把讲稿变成视频。', female.voices);
    const fromPhonemes = mouthTimeline(result.phonemes, result.durationMs);
    const fromLevels = mouthTimelineFromLevels(pcmLevels(result.samples, result.sampleRate, 10), 10);
    let agree = 0;
    let total = 0;
    for (let ms = 0; ms < result.durationMs; ms += 10) {
      total++;
      if ((shapeAt(fromPhonemes, ms) === 'X') === (shapeAt(fromLevels, ms) === 'X')) agree++;
    }
    expect(agree / total).toBeGreaterThan(0.85);
  });

  it('female voices sound higher than male voices (median F0)', async () => {
    const sentence = '今天我们来介绍新产品。Welcome to our product launch.';
    const f0 = async (key: string) => {
      const r = await synthesizeMixed(sentence, findPublicVoice(key)!.voices);
      return medianF0(r.samples, r.sampleRate);
    };
    for (const key of ['espeak-zh-female', 'espeak-en-female']) expect(await f0(key)).toBeGreaterThan(150);
    for (const key of ['espeak-zh-male', 'espeak-en-male']) expect(await f0(key)).toBeLessThan(130);
  });

  it('serialises concurrent requests on the one engine', async () => {
    // eSpeak adds random breath noise and pitch flutter, so audio is not bit-identical between calls;
    // words and durations are stable.
    const texts = ['第一页。', 'Second page.', '第三页 page three。'];
    const concurrent = await Promise.all(texts.map((t) => synthesizeMixed(t, female.voices)));
    for (const [i, t] of texts.entries()) {
      const serial = await synthesizeMixed(t, female.voices);
      expect(concurrent[i].words.map((w) => w.text)).toEqual(serial.words.map((w) => w.text));
      expect(Math.abs(concurrent[i].durationMs - serial.durationMs)).toBeLessThan(50);
    }
    expect(concurrent[2].runs.map((r) => r.lang)).toEqual(['zh', 'en']);
  });

  it('runs far faster than realtime once loaded', async () => {
    const long =
      '各位好，今天我们来介绍数字人视频工作台。它可以把 PDF 讲稿变成带有虚拟主播讲解的 MP4 视频，整个过程完全离线完成。';
    await synthesizeMixed(long, PUBLIC_VOICES[0].voices); // warm the JIT
    const started = performance.now();
    const result = await synthesizeMixed(long, PUBLIC_VOICES[0].voices);
    const factor = result.durationMs / (performance.now() - started);
    console.log(`eSpeak NG realtime factor: ${factor.toFixed(1)}x (${result.durationMs} ms of audio)`);
    expect(factor).toBeGreaterThan(3);
  });

  it('returns silence-free empty output for text with nothing to say', async () => {
    const result = await synthesizeMixed(' …… ', female.voices);
    expect(result.durationMs).toBe(0);
    expect(result.words).toEqual([]);
    expect(result.runs).toEqual([]);
  });
});
