import { writeFileSync } from 'node:fs';
import type { WordTiming } from '../../../src/model/speech';
import '../../../src/server/adapters/media/tts.espeak';
import { synthesizeMixed, type MixedVoices } from '../../../src/server/adapters/media/tts.mixed';
import { concatPcm16, encodeWav, NARRATION_SAMPLE_RATE } from '../../../src/server/adapters/media/wav';

/** A test recording whose true word times are known: what was said, and when. */
export interface SpokenScript {
  text: string;
  durationMs: number;
  words: WordTiming[];
}

/**
 * Speaks `sentences` one by one with `voices` (pick ones unlike the aligner's reference voice) and
 * joins them with the given pauses into a WAV file at `outPath`. Word offsets index the joined text.
 */
export async function speakWithPauses(
  sentences: string[],
  voices: MixedVoices,
  pausesMs: number[],
  outPath: string,
): Promise<SpokenScript> {
  const chunks: Int16Array[] = [];
  const words: WordTiming[] = [];
  let text = '';
  let samples = 0;
  for (const [i, sentence] of sentences.entries()) {
    const res = await synthesizeMixed(sentence, voices);
    const offsetMs = (samples * 1000) / NARRATION_SAMPLE_RATE;
    for (const w of res.words)
      words.push({
        ...w,
        startMs: Math.round(w.startMs + offsetMs),
        endMs: Math.round(w.endMs + offsetMs),
        charStart: w.charStart + text.length,
        charEnd: w.charEnd + text.length,
      });
    text += sentence;
    const pause = new Int16Array(Math.round(((pausesMs[i] ?? 0) * NARRATION_SAMPLE_RATE) / 1000));
    chunks.push(res.samples, pause);
    samples += res.samples.length + pause.length;
  }
  const all = concatPcm16(chunks);
  writeFileSync(outPath, encodeWav(all, NARRATION_SAMPLE_RATE));
  return { text, durationMs: Math.round((all.length * 1000) / NARRATION_SAMPLE_RATE), words };
}

/** eSpeak voices unlike the aligner's reference (female, normal pace): male and slower or faster. */
export const espeakVoices = (variant: string, rate: number): MixedVoices => ({
  zh: { engine: 'espeak', lang: 'zh', variant, rate, pitch: 50 },
  en: { engine: 'espeak', lang: 'en', variant, rate, pitch: 50 },
});
