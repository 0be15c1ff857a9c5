/**
 * 中英混合 narration: the text is split into Chinese and Latin runs (src/model/speech), each run is
 * spoken by the voice of its language (a Chinese voice and an English voice of the same sex), and the
 * audio is joined with short pauses into one 24 kHz mono file with timings on the joined timeline.
 */
import { writeFile } from 'node:fs/promises';
import {
  splitLanguageRuns,
  type PhonemeTiming,
  type RunLanguage,
  type WordTiming,
} from '../../../model/speech';
import { getTtsEngine, type TtsResult, type TtsVoice } from './tts.engine';
import { concatPcm16, encodeWav, NARRATION_SAMPLE_RATE, samplesToMs } from './wav';

/** The voice for each language of a mixed narration. */
export type MixedVoices = Record<RunLanguage, TtsVoice>;

/** One run of the joined audio: which language and voice spoke which part of the text, and when. */
export interface SpokenRun {
  lang: RunLanguage;
  voice: TtsVoice;
  text: string;
  charStart: number;
  charEnd: number;
  startMs: number;
  endMs: number;
}

/** Result of {@link synthesizeMixed}: one audio file, word offsets refer to the original text. */
export interface MixedTtsResult extends TtsResult {
  runs: SpokenRun[];
}

const SENTENCE_END = /[。！？!?….]["'”’）)]*$/u;
const CLAUSE_END = /[，,、；;：:—]["'”’）)]*$/u;

/** Silence inserted after a run, by how the run ends: a sentence, a clause, or a bare language switch. */
export function pauseAfterMs(runText: string): number {
  if (SENTENCE_END.test(runText)) return 350;
  if (CLAUSE_END.test(runText)) return 180;
  return 60;
}

const FULLWIDTH_TO_ASCII: Readonly<Record<string, string>> = {
  '，': ',', '。': '.', '！': '!', '？': '?', '；': ';', '：': ':', '、': ',', '（': '(', '）': ')',
  '“': '"', '”': '"', '‘': "'", '’': "'", '《': '"', '》': '"', '—': '-', '…': '.',
}; // prettier-ignore

/** English voices read Chinese punctuation badly: map it to ASCII one-for-one (offsets stay valid). */
function forVoice(text: string, lang: RunLanguage): string {
  return lang === 'en'
    ? text.replace(/[，。！？；：、（）“”‘’《》—…]/gu, (c) => FULLWIDTH_TO_ASCII[c] ?? c)
    : text;
}

/** Speaks mixed Chinese/English text, each run with the voice of its language, joined into one result. */
export async function synthesizeMixed(text: string, voices: MixedVoices): Promise<MixedTtsResult> {
  const runs = splitLanguageRuns(text);
  const chunks: Int16Array[] = [];
  const words: WordTiming[] = [];
  const phonemes: PhonemeTiming[] = [];
  const spoken: SpokenRun[] = [];
  let sampleCount = 0;
  for (const [i, run] of runs.entries()) {
    const voice = voices[run.lang];
    const res = await getTtsEngine(voice.engine).synthesize({ text: forVoice(run.text, run.lang), voice });
    if (res.sampleRate !== NARRATION_SAMPLE_RATE)
      throw new Error(`engine ${voice.engine} returned ${res.sampleRate} Hz`);
    const offsetMs = (sampleCount * 1000) / NARRATION_SAMPLE_RATE;
    const shift = (ms: number): number => Math.round(offsetMs + ms);
    for (const w of res.words) {
      const charStart = run.start + w.charStart;
      const charEnd = run.start + w.charEnd;
      words.push({
        text: text.slice(charStart, charEnd),
        startMs: shift(w.startMs),
        endMs: shift(w.endMs),
        charStart,
        charEnd,
      });
    }
    for (const p of res.phonemes)
      phonemes.push({ phoneme: p.phoneme, startMs: shift(p.startMs), endMs: shift(p.endMs) });
    chunks.push(res.samples);
    sampleCount += res.samples.length;
    spoken.push({
      lang: run.lang, voice, text: run.text, charStart: run.start, charEnd: run.end,
      startMs: Math.round(offsetMs), endMs: samplesToMs(sampleCount, NARRATION_SAMPLE_RATE),
    }); // prettier-ignore
    if (i < runs.length - 1) {
      const pause = new Int16Array(Math.round((pauseAfterMs(run.text) * NARRATION_SAMPLE_RATE) / 1000));
      chunks.push(pause);
      sampleCount += pause.length;
    }
  }
  const samples = concatPcm16(chunks);
  return {
    samples,
    sampleRate: NARRATION_SAMPLE_RATE,
    durationMs: samplesToMs(samples.length, NARRATION_SAMPLE_RATE),
    wav: encodeWav(samples, NARRATION_SAMPLE_RATE),
    words,
    phonemes,
    runs: spoken,
  };
}

/** {@link synthesizeMixed}, then writes the WAV file to `outPath`. */
export async function synthesizeMixedToFile(
  text: string,
  voices: MixedVoices,
  outPath: string,
): Promise<MixedTtsResult> {
  const result = await synthesizeMixed(text, voices);
  await writeFile(outPath, result.wav);
  return result;
}
