import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpeechTimings } from '../../src/api/speech.contract';
import { pageCues } from '../../src/model/speech';
import { multipart, startTestServer, type TestServer } from './helpers/testServer';

/**
 * 字幕工具 on a script with digits: the voice says 35% as 百分之三十五 (normalizeForSpeech), the
 * author pastes 35%. The recording comes from our own 文字转语音, whose timings file holds the true
 * time of every typed word, so the aligned cues can be checked against the ones the TTS would show.
 */
const SCRIPTS = {
  percent: '本季度销售额增长35%，达到1200万元。',
  year: '2026年第2季度，我们表现不错。',
};

describe('subtitle tool on a script with digits, percentages, years and money', () => {
  let t: TestServer;
  let alice: string;
  beforeAll(async () => {
    t = await startTestServer('sqlite');
    await t.server.services.accounts.createUser('alice', 'secret123');
    alice = await t.login('alice', 'secret123');
  });
  afterAll(() => t.stop());

  const fetchFile = (url: string) =>
    t.server.http.inject({ method: 'GET', url, headers: { cookie: `jwt=${alice}` } });
  const waitDone = async (taskId: number) => {
    let task: any; // eslint-disable-line @typescript-eslint/no-explicit-any
    await expect
      .poll(
        async () => {
          const res = await t.call('POST', '/notice/v1/timbre/speechToTextStatus', {
            token: alice,
            body: { taskId },
          });
          task = res.body.data;
          return task.status;
        },
        { timeout: 60_000, interval: 200 },
      )
      .toMatch(/done|failed/);
    return task;
  };

  // The reference voice of the aligner, and another one (male, other timbre).
  for (const voice of ['espeak-zh-female', 'espeak-zh-male'])
    for (const [name, script] of Object.entries(SCRIPTS))
      it(`aligns the typed ${name} script to ${voice} speech and shows it as typed`, async () => {
        const tts = await t.call('POST', '/notice/v1/timbre/textToSpeech', {
          token: alice,
          body: { timbreId: voice, text: script },
        });
        expect(tts.body.code).toBe(200);
        const wav = (await fetchFile(tts.body.data.soundPath)).rawPayload;
        const truth = JSON.parse((await fetchFile(tts.body.data.timingsPath)).body) as SpeechTimings;
        const expected = pageCues([{ text: script, durationMs: truth.durationMs, words: truth.words }]);

        const form = multipart('file', 'narration.wav', wav, { text: script });
        const res = await t.call('POST', '/notice/v1/timbre/SpeechToText', {
          token: alice,
          payload: form.payload,
          headers: form.headers,
        });
        expect(res.body.code).toBe(200);
        const task = await waitDone(res.body.data.taskId);
        expect(task.message).not.toMatch(/对不上/);
        expect(task.status).toBe('done');
        expect(task.result.text).toBe(script);

        const cues: { startMs: number; endMs: number; text: string }[] = task.result.cues;
        // What the author typed, cut where the TTS's own subtitles cut it.
        expect(cues.map((c) => c.text)).toEqual(expected.map((c) => c.text));
        if (name === 'percent')
          expect(cues.map((c) => c.text)).toEqual(['本季度销售额增长35%', '达到1200万元']);
        const errors = cues.map((c, i) => Math.abs(c.startMs - expected[i].startMs));
        expect(Math.max(...errors), `start errors ${errors.join(', ')}`).toBeLessThanOrEqual(150);
        cues.forEach((c, i) => {
          expect(c.endMs).toBeGreaterThan(c.startMs);
          expect(c.endMs).toBeLessThanOrEqual(truth.durationMs);
          if (i > 0) expect(c.startMs).toBeGreaterThanOrEqual(cues[i - 1].endMs);
        });
        // The second line starts after the first one's words (百分之三十五 takes over a second).
        expect(cues[1].startMs).toBeGreaterThan(1500);
        const srt = (await t.server.http.inject({ url: task.result.srtUrl })).body;
        expect(srt).toContain(cues[0].text);
      });
});
