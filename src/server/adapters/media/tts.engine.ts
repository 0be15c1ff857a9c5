/**
 * The text-to-speech engine interface. Engines are pluggable: a neural or cloud engine implements
 * {@link TtsEngine} and registers itself; callers pick an engine by the voice's `engine` name.
 * Every engine returns 24 kHz mono PCM16 (see wav.ts) with word and phoneme timings in ms.
 */
import type { PhonemeTiming, RunLanguage, WordTiming } from '../../../model/speech';

/** A voice: which engine, which language it speaks, and how. */
export interface TtsVoice {
  /** Engine name, e.g. "espeak". */
  engine: string;
  /** Language the voice speaks: "zh" Mandarin, "en" English. */
  lang: RunLanguage;
  /** Engine-specific voice variant (eSpeak: "f3", "m3", ...); empty for the engine's default voice. */
  variant?: string;
  /** Speaking-rate multiplier, 1 = the engine's normal pace (0.5 .. 2.5). */
  rate?: number;
  /** Pitch 0 .. 100, 50 = the variant's own pitch. */
  pitch?: number;
  /** Intonation range 0 .. 100, 50 = the engine's normal melody (0 monotone). */
  range?: number;
}

/** One synthesis request: plain text (no markup) in the voice's language. */
export interface TtsRequest {
  text: string;
  voice: TtsVoice;
}

/** Synthesised speech. Timings are relative to the start of `samples`. */
export interface TtsResult {
  /** 24 kHz mono PCM16 samples. */
  samples: Int16Array;
  sampleRate: number;
  durationMs: number;
  /** The same audio as a WAV file. */
  wav: Buffer;
  /** Words in order; `charStart`/`charEnd` index the request text. */
  words: WordTiming[];
  /** Sounding phonemes in order (pauses are left out: they are the gaps). */
  phonemes: PhonemeTiming[];
}

/** A text-to-speech engine. */
export interface TtsEngine {
  readonly name: string;
  synthesize(request: TtsRequest): Promise<TtsResult>;
}

const engines = new Map<string, TtsEngine>();

/** Makes an engine available to {@link getTtsEngine} under its name. */
export function registerTtsEngine(engine: TtsEngine): void {
  engines.set(engine.name, engine);
}

/** The registered engine of that name; throws a clear error for an unknown engine. */
export function getTtsEngine(name: string): TtsEngine {
  const engine = engines.get(name);
  if (!engine)
    throw new Error(`unknown text-to-speech engine "${name}" (have: ${[...engines.keys()].join(', ')})`);
  return engine;
}
