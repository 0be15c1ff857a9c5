/**
 * Voices derived from a speaker's sample (我的音色) on the built-in engine. Training measures the
 * sample and fits eSpeak NG's settings to it (see services/voiceTraining.ts); this file turns those
 * settings into the voices the mixed Chinese/English synthesiser speaks with. A real cloning
 * engine replaces this by registering its own TtsEngine and returning its voices here.
 */
import type { DerivedVoiceParams } from '../../../api/timbre.contract';
import type { MixedVoices } from './tts.mixed';
import './tts.espeak';

/** eSpeak variant a derived voice starts from: its timbre (formants) follows the speaker's sex. */
export function derivedVariant(sex: number): string {
  return sex === 1 ? 'm3' : 'f3';
}

/**
 * eSpeak's pitch setting moves the voice's pitch by about 1.35 octaves per 100 steps (measured:
 * f3 speaks Mandarin at 120 Hz at 0, 181 Hz at 50, 306 Hz at 100), so one octave is ~74 steps.
 */
export const PITCH_STEPS_PER_OCTAVE = 74;
/** Pitch settings below ~15 make the male variants creak (no measurable pitch left). */
export const PITCH_MIN = 15;
export const PITCH_MAX = 100;
/** Intonation range kept off 0 (monotone sounds broken) and at most eSpeak's 100. */
export const RANGE_MIN = 10;
export const RANGE_MAX = 100;
/** Speaking-rate multipliers kept to what stays intelligible. */
export const RATE_MIN = 0.6;
export const RATE_MAX = 1.8;

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** The pitch setting that moves `measuredHz` (spoken at `pitch`) to `targetHz`, clamped. */
export function pitchToward(pitch: number, measuredHz: number, targetHz: number): number {
  if (!(measuredHz > 0) || !(targetHz > 0)) return clamp(pitch, PITCH_MIN, PITCH_MAX);
  return Math.round(
    clamp(pitch + PITCH_STEPS_PER_OCTAVE * Math.log2(targetHz / measuredHz), PITCH_MIN, PITCH_MAX),
  );
}

/**
 * The intonation range giving the sample's pitch spread: eSpeak's spread (90th over 10th
 * percentile, in log terms) grows about linearly with the range setting from flat at 0.
 */
export function rangeFor(sampleSpread: number, synthSpreadAt50: number): number {
  if (!(sampleSpread > 0) || !(synthSpreadAt50 > 0)) return 50;
  return Math.round(clamp((50 * sampleSpread) / synthSpreadAt50, RANGE_MIN, RANGE_MAX));
}

/** The rate multiplier making the synthesiser's syllable rate the sample's. */
export function rateFor(sampleSyllablesPerSecond: number, synthSyllablesPerSecond: number): number {
  if (!(sampleSyllablesPerSecond > 0) || !(synthSyllablesPerSecond > 0)) return 1;
  return (
    Math.round(clamp(sampleSyllablesPerSecond / synthSyllablesPerSecond, RATE_MIN, RATE_MAX) * 100) / 100
  );
}

/** The Chinese and English voices of a derived voice (same settings, so one speaker in both). */
export function derivedVoices(params: DerivedVoiceParams): MixedVoices {
  const voice = (lang: 'zh' | 'en') => ({
    engine: 'espeak',
    lang,
    variant: params.variant,
    pitch: params.pitch,
    range: params.range,
    rate: params.rate,
  });
  return { zh: voice('zh'), en: voice('en') };
}
