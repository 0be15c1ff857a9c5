import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SpeechTimings } from '../../src/api/speech.contract';
import { EXPORT_FRAME } from '../../src/model/project';
import { espeakEngine } from '../../src/server/adapters/media/tts.espeak';
import { synthesizeMixed } from '../../src/server/adapters/media/tts.mixed';
import { findPublicVoice } from '../../src/server/adapters/media/tts.voices';
import type { PagePlan } from '../../src/server/video/planTypes';
import { subtitleScript } from '../../src/server/video/renderPage';
import { startTestServer, type TestServer } from './helpers/testServer';

const TEXT = '2026年增长了35%，银行[háng]的用户超过1.5亿。';
/** The silence speech.service.ts closes every clip with. */
const CLOSING_PAUSE_MS = 350;

describe('narration read as said, subtitles as typed', () => {
  let t: TestServer;
  let alice: string;
  let projectId: number;
  beforeAll(async () => {
    t = await startTestServer('sqlite');
    await t.server.services.accounts.createUser('alice', 'secret123');
    alice = await t.login('alice', 'secret123');
    projectId = (await t.call('POST', '/virtual/v1/userPro/add', { token: alice, body: { proKind: 3 } })).body
      .data;
  });
  afterAll(() => t.stop());

  const get = (url: string) =>
    t.server.http.inject({ method: 'GET', url, headers: { cookie: `jwt=${alice}` } });

  it('speaks 2026年 as 二零二六年 and 35% as 百分之三十五, while words and subtitles keep the typed text', async () => {
    const spoken = vi.spyOn(espeakEngine, 'synthesize');
    const res = await t.call('POST', '/notice/v1/timbre/textToSpeech', {
      token: alice,
      body: { projectId, timbreId: 'espeak-zh-female', text: TEXT, language: '中英混合', platform: 1 },
    });
    expect(res.body.code).toBe(200);
    const timings = JSON.parse((await get(res.body.data.timingsPath)).body) as SpeechTimings;

    // The engine was asked for the reading, not the digits as typed; the audio is as long as that
    // reading, clearly longer than the typed text read digit-wise (eSpeak's 2026 is 二千二十六).
    expect(spoken.mock.calls.map(([req]) => req.text)).toEqual([
      '二零二六年增长了百分之三十五，银杭的用户超过一点五亿。',
    ]);
    spoken.mockRestore();
    const voices = findPublicVoice('espeak-zh-female')!.voices;
    const asTyped = await synthesizeMixed(TEXT.replace('[háng]', ''), voices);
    const spokenMs = timings.durationMs - CLOSING_PAUSE_MS;
    expect(spokenMs).toBeGreaterThan(asTyped.durationMs + 150);

    // Word offsets index the typed text: the digits of 2026 are one word, 35% another.
    for (const w of timings.words) expect(TEXT.slice(w.charStart, w.charEnd)).toBe(w.text);
    const words = timings.words.map((w) => w.text);
    expect(words).toEqual(expect.arrayContaining(['2026', '35%', '1.5']));
    expect(words.some((w) => /[二零百]/.test(w))).toBe(false);
    for (let i = 1; i < timings.words.length; i++)
      expect(timings.words[i].charStart!).toBeGreaterThanOrEqual(timings.words[i - 1].charEnd!);

    // The burned-in subtitles show the typed numbers and no reading marker, timed from those words.
    const plan = {
      frame: EXPORT_FRAME[1],
      subtitles: true,
      audio: [{ file: '', durationMs: timings.durationMs, mouth: [], text: TEXT, words: timings.words }],
    } as unknown as PagePlan;
    const dialogues = [...subtitleScript(plan)!.matchAll(/^Dialogue: [^\n]*?,,0,0,0,,(?:\{[^}]*\})?(.*)$/gm)];
    expect(dialogues.map((d) => d[1])).toEqual(['2026年增长了35%', '银行的用户超过1.5亿']);
  });
});
