import type { PagePlan } from './planTypes';
import { pageMouthCues, speakingIntervals, type SpeakingInterval } from './speaking';

/*
 * Background music (document bgMusic / bgMusicVolume) is mixed over the whole video, in a
 * soundtrack built from the pages' own audio inputs while the pages render (soundtrack.ts), in
 * cached per-page pieces joined on the AAC frame grid (soundtrackPieces.ts); the join then copies
 * the video and that soundtrack. The rendered pages carry no music, so they stay cacheable
 * whatever their place in the music, and the music runs on unbroken.
 *
 * Ducking uses the speech intervals the render already knows (each clip's mouth timeline), so the
 * volume is a deterministic expression of time: no sidechain guessing, same output every render.
 * The mix is amerge + pan (the bundled amix always rescales its inputs), so the narration keeps its
 * level exactly.
 */

/** Music gain while the presenter speaks, relative to bgMusicVolume: -12 dB. */
export const DUCK_GAIN = 0.25;
/** How long the music takes to dip before speech starts and to come back after it ends. */
export const DUCK_RAMP_MS = 200;
/** Pauses shorter than this (between words and sentences) keep the music down: no pumping. */
export const DUCK_HOLD_MS = 600;
/** The music fades in at the video's start and out at its end. */
export const FADE_IN_MS = 500;
export const FADE_OUT_MS = 1500;

/** A stretch of the whole video in ms. */
export type Interval = SpeakingInterval;

/**
 * When the presenter speaks, in whole-video time: each page's speaking intervals (speaking.ts),
 * placed by the durations of the pages before it (as the join puts them), with pauses shorter
 * than DUCK_HOLD_MS merged into the speech around them, also across page joins.
 */
export function speechIntervals(plans: PagePlan[]): Interval[] {
  const merged: Interval[] = [];
  let pageStart = 0;
  for (const plan of plans) {
    for (const s of speakingIntervals(pageMouthCues(plan), plan.durationMs, DUCK_HOLD_MS)) {
      const span = { startMs: pageStart + s.startMs, endMs: pageStart + s.endMs };
      const last = merged[merged.length - 1];
      if (last && span.startMs - last.endMs < DUCK_HOLD_MS) last.endMs = Math.max(last.endMs, span.endMs);
      else merged.push(span);
    }
    pageStart += plan.durationMs;
  }
  return merged;
}

const sec = (ms: number) => (ms / 1000).toFixed(3);

/**
 * The music gain as an ffmpeg expression of t: `volume` outside speech, `volume x DUCK_GAIN` during
 * it, with linear ramps of DUCK_RAMP_MS that end as speech starts and begin as it ends. Intervals
 * are at least DUCK_HOLD_MS (> 2 ramps) apart, so at most one term is non-zero at any time.
 */
export function duckingExpression(intervals: Interval[], volume: number): string {
  const v = Math.max(0, Math.min(1, volume));
  if (!intervals.length) return v.toFixed(4);
  const r = sec(DUCK_RAMP_MS);
  const terms = intervals.map(
    (i) => `clip(min((t-${sec(i.startMs - DUCK_RAMP_MS)})/${r},(${sec(i.endMs + DUCK_RAMP_MS)}-t)/${r}),0,1)`,
  );
  return `${v.toFixed(4)}*(1-${(1 - DUCK_GAIN).toFixed(4)}*(${terms.join('+')}))`;
}
