import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { alignScript, sentenceChunks } from '../../src/server/adapters/media/alignScript';
import { pageCues } from '../../src/model/speech/subtitleCues';
import { alignedCues } from '../../src/server/services/subtitleTimeline';
import { espeakVoices, speakWithPauses } from './helpers/spokenScript';

const work = mkdtempSync(path.join(tmpdir(), 'subtitle-align-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const SCRIPT = [
  '大家好，欢迎使用数字人视频工作台。',
  '今天我们介绍字幕工具的用法，它可以把音频和文稿自动对齐，并且检测说话之间的停顿。',
  'Subtitles are split at punctuation and timed to the speech.',
  '最后，点击下载按钮，就能得到SRT和ASS两种字幕文件。',
];

describe('subtitle aligner on eSpeak speech with known timings', () => {
  for (const [variant, rate] of [
    ['m1', 0.8],
    ['m3', 1.3],
  ] as const) {
    it(`puts every cue start within 150 ms of the truth (voice ${variant}, pace ${rate}, added pauses)`, async () => {
      const wav = path.join(work, `${variant}.wav`);
      // Pauses the reference does not have: 0.6 s, 1.5 s, 0.3 s after the sentences.
      const truth = await speakWithPauses(SCRIPT, espeakVoices(variant, rate), [600, 1500, 300, 0], wav);
      const aligned = await alignScript(wav, SCRIPT.join(''));
      expect(aligned.text).toBe(truth.text);
      expect(aligned.words.length).toBe(truth.words.length);

      const expected = pageCues([{ text: truth.text, durationMs: truth.durationMs, words: truth.words }]);
      const got = alignedCues(aligned);
      expect(got.map((c) => c.text)).toEqual(expected.map((c) => c.text));
      expect(got.length).toBeGreaterThan(6);
      const errors = got.map((c, i) => Math.abs(c.startMs - expected[i].startMs));
      expect(Math.max(...errors), `start errors ${errors.join(', ')}`).toBeLessThanOrEqual(150);
      // Cues are in order, inside the audio, and never overlap.
      got.forEach((c, i) => {
        expect(c.endMs).toBeGreaterThan(c.startMs);
        expect(c.endMs).toBeLessThanOrEqual(truth.durationMs);
        if (i > 0) expect(c.startMs).toBeGreaterThanOrEqual(got[i - 1].endMs);
      });
    });
  }

  it('aligns nothing when the script has no words and still reports the duration', async () => {
    const wav = path.join(work, 'short.wav');
    const truth = await speakWithPauses(['你好。'], espeakVoices('m1', 1), [0], wav);
    const aligned = await alignScript(wav, '   ');
    expect(aligned.words).toEqual([]);
    expect(Math.abs(aligned.durationMs - truth.durationMs)).toBeLessThan(30);
  });

  it('cuts long scripts into sentence pieces that cover the whole text', () => {
    const text = '第一句话。第二句话！'.repeat(30);
    const chunks = sentenceChunks(text, 50);
    expect(chunks[0].start).toBe(0);
    expect(chunks[chunks.length - 1].end).toBe(text.length);
    for (const [i, c] of chunks.entries()) {
      expect(c.end - c.start).toBeLessThanOrEqual(50);
      if (i > 0) expect(c.start).toBe(chunks[i - 1].end);
      expect(/[。！]$/.test(text.slice(c.start, c.end))).toBe(true);
    }
  });
});
