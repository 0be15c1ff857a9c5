import type { Box } from '../../../src/model/project';
import type { MouthCue } from '../../../src/model/speech';
import { decodeFrame } from '../../server/helpers/video';

/*
 * Reading the presenter out of a rendered video for the stage-versus-video compare
 * (presenterMotion.test.ts): a frame's presenter box, its arms, and the times worth comparing.
 */

const FRAME_MS = 40;

/** Per-channel mean absolute difference (0-255) of two pictures of the same size. */
export const meanAbs = (a: Buffer, b: Buffer) => {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i] - b[i]);
  return sum / a.length;
};

/** The middle frame of the longest rest between two stretches of speech (ms). */
export function restBetween(cues: readonly MouthCue[]): number {
  let best = { from: 0, length: 0 };
  cues.forEach((c, i) => {
    const next = cues[i + 1];
    if (c.shape !== 'X' || i === 0 || !next) return;
    if (next.startMs - c.startMs > best.length) best = { from: c.startMs, length: next.startMs - c.startMs };
  });
  return Math.floor((best.from + best.length / 2) / FRAME_MS) * FRAME_MS;
}

/**
 * The arms of a built-in presenter drawn in a box of `box`'s size, relative to the box: below the
 * shoulders (y 640 of the art's 1400), where a gesture's torso differs from the rest torso.
 */
export function armsOf(box: Box): Box {
  const top = Math.round((640 / 1400) * box.height);
  return { x: 0, y: top, width: box.width, height: box.height - top };
}

/** The presenter box of the video frame shown at `ms` (export px, RGB). */
export function videoBox(mp4: string, ms: number, box: Box): Buffer {
  return decodeFrame(mp4, { frame: Math.round(ms / FRAME_MS) }, box);
}
