/**
 * Lip-sync for text-to-speech: the mouth follows the engine's phonemes as a person's would.
 * - Closures and rounding come from the phonemes: m/b/p press the lips (A), o/u/ü round them (E/F).
 * - Openness comes from the synthesised audio: a vowel opens as wide as the voice is loud against
 *   the narration's own loud speech, so stressed and full-tone syllables open wider and neutral-tone
 *   ones (的, 们) less (see mouthWishes).
 * - Coarticulation: the lips reach a shape slightly before its sound (`leadMs`), a short silence
 *   already shows the next sound, and no shape is held less than `minHoldMs` (two frames at 25 fps):
 *   the cheapest path through the sounds' wishes (bestMouthPath) decides which brief sounds to show
 *   and how far to stretch them, never delaying the rest of the timeline.
 * The result is an ordinary mouth timeline, so the stage and the render read it as before.
 */
import { bestMouthPath } from './bestMouthPath';
import { wishCost, wishesAt, soundsOf } from './mouthWishes';
import { DEFAULT_MIN_REST_MS, type MouthCue } from './mouthTimeline';
import { speechLoudness } from './speechLoudness';
import type { PhonemeTiming } from './timings';

/** Options of {@link ttsMouthTimeline}. */
export interface TtsMouthOptions {
  /** Length of each entry of `levels` in ms (default 10). */
  levelFrameMs?: number;
  /** How much earlier than its sound a shape appears (default {@link TTS_LEAD_MS}). */
  leadMs?: number;
  /** Shortest time a shape is shown (default {@link TTS_MIN_HOLD_MS}). */
  minHoldMs?: number;
  /** Shortest silence inside speech that shows the rest shape (default 100 ms). */
  minRestMs?: number;
}

/** Default anticipation: about half a frame at 25 fps, as lips lead the sound they make. */
export const TTS_LEAD_MS = 20;

/** Default minimum hold: two frames at 25 fps, so every shape is seen twice. */
export const TTS_MIN_HOLD_MS = 80;

/** The path's time step: fine enough to place a change within a quarter of a 25 fps frame. */
const STEP_MS = 10;

/** What a change of shape costs the path beyond the wishes, so it changes only when it pays. */
const SWITCH_COST = 0.05;

/**
 * The mouth timeline of synthesised speech from its phoneme timings and the loudness of its audio:
 * `levels` are RMS levels (0..1 of full scale) of consecutive `levelFrameMs` frames from 0.
 * Ordered cues from 0, ending with rest (X) no later than `durationMs`; every cue but the last
 * lasts at least `minHoldMs`, but for a closed first one (the lips were closed before the page).
 */
export function ttsMouthTimeline(
  phonemes: readonly PhonemeTiming[],
  durationMs: number,
  levels: readonly number[],
  options: TtsMouthOptions = {},
): MouthCue[] {
  const total = Math.max(0, Math.round(durationMs));
  const lead = options.leadMs ?? TTS_LEAD_MS;
  const loudness = speechLoudness(levels, options.levelFrameMs ?? 10);
  const steps = Math.ceil(total / STEP_MS);
  // Step i shows what is heard `lead` later, at the middle of its step.
  const heard = Array.from({ length: steps }, (_, i) => i * STEP_MS + STEP_MS / 2 + lead);
  const wishes = wishesAt(soundsOf(phonemes, total), heard, options.minRestMs ?? DEFAULT_MIN_REST_MS);
  const voice = heard.map((t) => loudness.mean(t - STEP_MS, t + STEP_MS));
  const path = bestMouthPath(
    steps,
    (i, shape) => wishCost(wishes[i], shape, voice[i]),
    (options.minHoldMs ?? TTS_MIN_HOLD_MS) / STEP_MS,
    SWITCH_COST,
  );
  const cues: MouthCue[] = [];
  path.forEach((shape, i) => {
    if (cues.length === 0 || cues[cues.length - 1].shape !== shape)
      cues.push({ startMs: i * STEP_MS, shape });
  });
  if (cues.length === 0) return [{ startMs: 0, shape: 'X' }];
  if (cues[cues.length - 1].shape !== 'X') cues.push({ startMs: total, shape: 'X' });
  return cues;
}
