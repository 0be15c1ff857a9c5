import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  alignScript,
  SCRIPT_MISMATCH_LIMIT,
  sentenceChunks,
} from '../../src/server/adapters/media/alignScript';
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
      // Its own script: the warp hardly stalls (0.000-0.009 measured), below the refusal limit.
      expect(aligned.mismatch).toBeLessThan(SCRIPT_MISMATCH_LIMIT);
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

  it('knows a script of another text: a recipe pasted for a product launch', async () => {
    const launch = [
      '大家好，欢迎来到我们的新品发布会。',
      '今天我们要发布一款全新的智能手表，它的续航时间长达两周。',
      '它还支持心率监测和睡眠分析，价格只要一千九百九十九元。',
    ];
    const recipe = [
      '首先把鸡蛋打散，加入少许盐。',
      '锅里放油，油热后倒入蛋液，快速翻炒。',
      '最后加入切好的西红柿，翻炒两分钟就可以出锅了。',
    ];
    for (const variant of ['m1', 'm3'] as const) {
      const wav = path.join(work, `launch-${variant}.wav`);
      await speakWithPauses(launch, espeakVoices(variant, 1), [400, 400, 0], wav);
      expect((await alignScript(wav, recipe.join(''))).mismatch).toBeGreaterThan(SCRIPT_MISMATCH_LIMIT);
      expect((await alignScript(wav, launch.join(''))).mismatch).toBeLessThan(SCRIPT_MISMATCH_LIMIT);
    }
  });

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
