import type { PagePlan } from './planTypes';
import { pageMouthCues, speakingIntervals, type SpeakingInterval } from './speaking';

/*
 * Background music (document bgMusic / bgMusicVolume) is mixed once over the whole video, in a
 * soundtrack built from the pages' own audio inputs while the pages render (soundtrack.ts); the
 * join then copies the video and that soundtrack. Mixing per page instead would put every page's
 * music offset (the summed length of the pages before it) into its cache key, so editing one page would re-encode every page after it,
 * and the music would restart its AAC frames at every page join. Here pages stay cacheable and
 * the music runs on unbroken.
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
const FADE_IN_MS = 500;
const FADE_OUT_MS = 1500;

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

/**
 * The filter graph of the mix: the narration (`inputs.narration`, default [0:a]) at its own level
 * plus the looped music (default [1:a]), cut to the video, faded in and out, ducked under speech.
 */
export function musicMixGraph(
  intervals: Interval[],
  volume: number,
  totalMs: number,
  inputs = { narration: '[0:a]', music: '[1:a]' },
): string {
  const stereo = 'aformat=sample_fmts=fltp:sample_rates=48000:channel_layouts=stereo';
  const fadeOut = Math.max(0, totalMs - FADE_OUT_MS);
  return [
    `${inputs.narration}aresample=48000,${stereo}[n]`,
    `${inputs.music}aresample=48000,${stereo},atrim=duration=${sec(totalMs)},asetpts=PTS-STARTPTS,` +
      `afade=t=in:d=${sec(FADE_IN_MS)},afade=t=out:st=${sec(fadeOut)}:d=${sec(FADE_OUT_MS)},` +
      // Small frames so the gain, evaluated once per frame, changes every 5 ms: smooth ramps.
      `asetnsamples=n=256,volume='${duckingExpression(intervals, volume)}':eval=frame[m]`,
    `[n][m]amerge=inputs=2,pan=stereo|c0=c0+c2|c1=c1+c3[a]`,
  ].join(';\n');
}
