/**
 * The three narrations the lip-sync measure reads (issue 13), each with the mouth timeline its
 * path through the product gives it:
 * - tts: eSpeak's audio with a closing pause, phonemes driving the shapes and loudness the width
 *   (as speech.service.ts builds it);
 * - uploaded: the same audio as an uploaded file, loudness alone (as resource.service.ts does);
 * - recorded: that audio as a microphone would bring it, quieter and over a noise floor (room hiss
 *   at about -45 dBFS), again loudness alone (recordings are uploads).
 * The phoneme timings stay known for all three, so every one can be scored against them.
 */
import { mouthTimelineFromLevels, ttsMouthTimeline, type PhonemeTiming } from '../src/model/speech';
import { synthesizeMixed } from '../src/server/adapters/media/tts.mixed';
import { findPublicVoice } from '../src/server/adapters/media/tts.voices';
import { concatPcm16, pcmLevels } from '../src/server/adapters/media/wav';
import type { Narration } from './lipSyncVideo';

/** A Chinese page as spoken narration (the one tests/server/lipSync.test.ts scores). */
export const LIP_SYNC_PAGE =
  '我们公司成立于二零一零年，主要提供在线教育服务。请看这里，图中红色的部分表示销售额增长最快的地区。' +
  '如果你有任何问题，欢迎随时联系我们的客服人员。';

const LEVEL_FRAME_MS = 10;
const CLOSING_PAUSE_MS = 350;

interface Spoken {
  samples: Int16Array;
  sampleRate: number;
  phonemes: readonly PhonemeTiming[];
}

/** eSpeak's narration of `text` with the speech service's closing pause. */
export async function speak(text = LIP_SYNC_PAGE, voice = 'espeak-zh-female'): Promise<Spoken> {
  const r = await synthesizeMixed(text, findPublicVoice(voice)!.voices);
  const pause = new Int16Array(Math.round((CLOSING_PAUSE_MS * r.sampleRate) / 1000));
  return { samples: concatPcm16([r.samples, pause]), sampleRate: r.sampleRate, phonemes: r.phonemes };
}

const durationOf = (s: { samples: Int16Array; sampleRate: number }) =>
  Math.round((s.samples.length / s.sampleRate) * 1000);

export function ttsNarration(s: Spoken): Narration {
  const levels = pcmLevels(s.samples, s.sampleRate, LEVEL_FRAME_MS);
  const cues = ttsMouthTimeline(s.phonemes, durationOf(s), levels, { levelFrameMs: LEVEL_FRAME_MS });
  return { ...s, cues };
}

export function uploadedNarration(s: Spoken): Narration {
  const levels = pcmLevels(s.samples, s.sampleRate, LEVEL_FRAME_MS);
  return { ...s, cues: mouthTimelineFromLevels(levels, LEVEL_FRAME_MS) };
}

/** `s` at half the level over seeded white noise of RMS ~180 (-45 dBFS). */
export function recordedNarration(s: Spoken): Narration {
  let seed = 13;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const samples = s.samples.map((v) => {
    // Sum of uniforms: near-Gaussian noise, RMS 180.
    const noise = (random() + random() + random() - 1.5) * 360;
    return Math.max(-32768, Math.min(32767, Math.round(v * 0.5 + noise)));
  });
  return uploadedNarration({ ...s, samples });
}
