import type { Peaks } from '../../../../workers/peaks';

/** Colours of the waveforms (kept beside the drawing code; the canvas has no CSS). */
const WAVE = '#6435c9';
const PLAYED = '#21ba45';
const MUTED = '#c9c2e0';
const AXIS = '#e4e0f0';
const PLAYHEAD = '#db2828';

/** Samples are -1..1; this maps one to a y inside a canvas of height h (1 at the top). */
const yOf = (v: number, h: number) => ((1 - v) / 2) * h;

function axis(ctx: CanvasRenderingContext2D, w: number, h: number): void {
  ctx.clearRect(0, 0, w, h);
  ctx.fillStyle = AXIS;
  ctx.fillRect(0, Math.floor(h / 2), w, 1);
}

/** The live recording ring buffer (oldest bar left, newest right), as kept in state/recorder. */
export interface LiveBars {
  min: Float32Array;
  max: Float32Array;
  count: number;
}

/** Draws the latest bars of a live recording, scrolling left as new ones arrive. */
export function drawLiveWave(ctx: CanvasRenderingContext2D, w: number, h: number, live: LiveBars): void {
  axis(ctx, w, h);
  const size = live.min.length;
  const step = Math.max(2, Math.round(w / size));
  const shown = Math.min(live.count, size, Math.floor(w / step));
  ctx.fillStyle = WAVE;
  for (let i = 0; i < shown; i++) {
    const slot = (live.count - shown + i) % size;
    const top = yOf(live.max[slot], h);
    const bottom = yOf(live.min[slot], h);
    const x = w - (shown - i) * step;
    ctx.fillRect(x, top, Math.max(1, step - 1), Math.max(1, bottom - top));
  }
}

/**
 * Draws a whole take: each pixel column shows the min/max of the buckets under it; the part
 * already played is coloured, and a playhead marks `progress` (0..1, or null when not playing).
 */
export function drawTakeWave(
  ctx: CanvasRenderingContext2D,
  w: number,
  h: number,
  peaks: Peaks | null,
  progress: number | null,
): void {
  axis(ctx, w, h);
  if (!peaks || peaks.min.length === 0) return;
  const n = peaks.min.length;
  const playedX = progress === null ? -1 : progress * w;
  for (let x = 0; x < w; x++) {
    const from = Math.floor((x * n) / w);
    const to = Math.max(from + 1, Math.floor(((x + 1) * n) / w));
    let lo = 0;
    let hi = 0;
    for (let b = from; b < to && b < n; b++) {
      if (peaks.min[b] < lo) lo = peaks.min[b];
      if (peaks.max[b] > hi) hi = peaks.max[b];
    }
    const top = yOf(hi, h);
    ctx.fillStyle = x < playedX ? PLAYED : progress === null ? WAVE : MUTED;
    ctx.fillRect(x, top, 1, Math.max(1, yOf(lo, h) - top));
  }
  if (progress !== null) {
    ctx.fillStyle = PLAYHEAD;
    ctx.fillRect(Math.min(w - 2, Math.max(0, playedX - 1)), 0, 2, h);
  }
}
