/**
 * The lip-sync measure for text-to-speech narration (issue 13): a Chinese page spoken by the real
 * engine, read frame by frame at 25 fps as the render shows it (the shape at each frame's time).
 * - Correlation of the mouth's opening (MOUTH_OPENING, from the sprites) with the speech energy
 *   (RMS of the audio during the frame), the best of lags -1, 0, +1 frame.
 * - Share of frames whose mouth class (closed / open / rounded) is the phoneme's: frames inside a
 *   phoneme count with its class (a diphthong's quality by time), frames in a silence of at least
 *   100 ms count as closed, frames in the short gaps between syllables are not scored.
 * "Before" is the previous phoneme-only timeline (mouthTimeline) on the same audio. Scored by
 * measure/lipSyncScore.ts, as the mouth read from rendered video is (video/lipSyncVideo.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIP_SYNC_PAGE } from '../../measure/lipSyncNarrations';
import { bestLagCorrelation, classAgreement, phonemeClasses } from '../../measure/lipSyncScore';
import {
  MOUTH_OPENING,
  mouthTimeline,
  shapeAt,
  ttsMouthTimeline,
  type MouthCue,
  type PhonemeTiming,
} from '../../src/model/speech';
import { espeakEngine } from '../../src/server/adapters/media/tts.espeak';
import { synthesizeMixed } from '../../src/server/adapters/media/tts.mixed';
import { findPublicVoice } from '../../src/server/adapters/media/tts.voices';
import { decodeWav, pcmLevels } from '../../src/server/adapters/media/wav';
import { startTestServer, type TestServer } from './helpers/testServer';

const FRAME_MS = 40;
const PAGE = LIP_SYNC_PAGE;

/** Correlation of mouth opening with frame energy, the best of lags -1..+1 frame. */
function openingEnergyCorrelation(timeline: MouthCue[], samples: Int16Array, rate: number): number {
  const frames = Math.floor((samples.length / rate) * (1000 / FRAME_MS));
  const energy = pcmLevels(samples, rate, FRAME_MS).slice(0, frames);
  const opening = energy.map((_, k) => MOUTH_OPENING[shapeAt(timeline, k * FRAME_MS)]);
  return bestLagCorrelation(opening, energy).r;
}

/** Share of scored frames whose mouth class is the phoneme's (see the file comment). */
function classRight(timeline: MouthCue[], phonemes: readonly PhonemeTiming[], durationMs: number) {
  const wants = phonemeClasses(phonemes, durationMs, FRAME_MS);
  return classAgreement(
    wants.map((_, k) => shapeAt(timeline, k * FRAME_MS)),
    wants,
  );
}

afterAll(() => espeakEngine.close());

describe('lip-sync measure, text-to-speech (25 fps)', () => {
  it('mouth opening follows the speech energy (r >= 0.7) and the phonemes’ mouth class (>= 90%)', async () => {
    const r = await synthesizeMixed(PAGE, findPublicVoice('espeak-zh-female')!.voices);
    // As the speech service builds it.
    const after = ttsMouthTimeline(r.phonemes, r.durationMs, pcmLevels(r.samples, r.sampleRate, 10));
    const before = mouthTimeline(r.phonemes, r.durationMs);
    const measure = (t: MouthCue[]) => ({
      r: Math.round(openingEnergyCorrelation(t, r.samples, r.sampleRate) * 1000) / 1000,
      classRight: Math.round(classRight(t, r.phonemes, r.durationMs) * 1000) / 1000,
    });
    const [was, now] = [measure(before), measure(after)];
    console.info(
      `lip-sync TTS: before r=${was.r} class=${was.classRight}; after r=${now.r} class=${now.classRight}`,
    );
    expect(now.r).toBeGreaterThanOrEqual(0.7);
    expect(now.r).toBeGreaterThan(was.r);
    expect(now.classRight).toBeGreaterThanOrEqual(0.9);
  });

  describe('through the text-to-speech endpoint', () => {
    let t: TestServer;
    let token: string;
    beforeAll(async () => {
      t = await startTestServer('sqlite');
      await t.server.services.accounts.createUser('lips', 'secret123');
      token = await t.login('lips', 'secret123');
    });
    afterAll(() => t.stop());

    it('serves the timeline that follows the audio it serves', async () => {
      const res = await t.call('POST', '/notice/v1/timbre/textToSpeech', {
        token,
        body: { timbreId: 'espeak-zh-male', text: PAGE },
      });
      expect(res.body.code).toBe(200);
      const { soundPath, timingsPath } = res.body.data;
      const get = (url: string) =>
        t.server.http.inject({ method: 'GET', url, headers: { cookie: `jwt=${token}` } });
      const pcm = decodeWav((await get(soundPath)).rawPayload);
      const timings = JSON.parse((await get(timingsPath)).body) as { mouth: MouthCue[] };
      expect(openingEnergyCorrelation(timings.mouth, pcm.samples, pcm.sampleRate)).toBeGreaterThanOrEqual(
        0.7,
      );
      const lengths = timings.mouth.slice(1, -1).map((c, i) => timings.mouth[i + 2].startMs - c.startMs);
      expect(Math.min(...lengths)).toBeGreaterThanOrEqual(80);
    });
  });
});
