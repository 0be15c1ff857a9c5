import { headCornerUnsnapped, poseAt, type HeadLayout, type MotionTimeline } from '../../model/motion';
import type { PlannedSticker } from './planTypes';

/*
 * The frames of a page where its picture can change (issue 15: "overlays only where the frame
 * changes"). A plain page's head changes on about every second frame, its arms, stickers and
 * background a few times a page; blending the head, the arms and the stickers on all frames and
 * handing x264 a freshly written 1080p frame each time cost 0.2 CPU s of a 4.8 s page on AMD EPYC
 * (page 1 of the bench, one x264 thread, least of four: 4.84 per frame, 4.61 on the changes only).
 * With the list the page graph selects those frames from the background, draws the layers on them
 * and lets fps hold each until the next (layers/heldFrames.ts); the frames come out equal
 * to the bit. A frame left out would show the one before it, so every source errs towards more.
 */

/** Frames a switch at `ms` can land on: the frame fps rounds it to, both when it falls half-way. */
function framesAround(ms: number, fps: number): number[] {
  const at = (ms * fps) / 1000;
  const near = Math.round(at);
  if (Math.abs(at - near) < 1e-6) return [near];
  return [Math.floor(at), Math.ceil(at)];
}

/** Where each entry of an ffconcat track (head, mouth, blink, arms, still track) starts showing. */
export function trackChanges(script: string, fps: number): number[] {
  const frames: number[] = [];
  let ms = 0;
  for (const line of script.split('\n')) {
    if (line.startsWith('file ')) frames.push(...framesAround(ms, fps));
    const duration = /^duration ([\d.]+)$/.exec(line);
    if (duration) ms += Number(duration[1]) * 1000;
  }
  return frames;
}

/**
 * Frames where a layered head's corner moves: its even-pixel corner differs from the frame
 * before, or the exact corner lies so near a step that ffmpeg's sum could round it the other way.
 */
export function headMoves(layout: HeadLayout, motion: MotionTimeline, frames: number, fps: number): number[] {
  const moves: number[] = [];
  const nearStep = (v: number) => Math.abs(v / 2 - Math.round(v / 2)) < 1e-3;
  let last = '';
  for (let n = 0; n < frames; n++) {
    const { x, y } = headCornerUnsnapped(layout, poseAt(motion, (n * 1000) / fps));
    const corner = `${2 * Math.floor(x / 2)},${2 * Math.floor(y / 2)}`;
    if (corner !== last) moves.push(n);
    if (nearStep(x) || nearStep(y)) moves.push(n, n + 1);
    last = corner;
  }
  return moves;
}

/** Frames where an overlaid PNG sticker switches on (`gte(t, start)` on the frame's time). */
export function stickerStarts(stickers: readonly PlannedSticker[], fps: number): number[] {
  return stickers
    .filter((s) => !s.baked && s.startMs > 0)
    .flatMap((s) => {
      const at = Math.floor((s.startMs * fps) / 1000);
      return [at, at + 1];
    });
}

/**
 * The changes of a page as a sorted list from frame 0, with the two frames after the last: fps
 * writes a frame out when the next one arrives, and the encoder stops at `-t` only on a frame
 * past it (over a looped still, which never ends, the page would otherwise never finish). Null
 * when holding would not pay (most frames change) or the select expression would grow past what
 * one argument may hold.
 */
export function pageChanges(sources: readonly number[][], frames: number): number[] | null {
  const all = new Set<number>([0, frames, frames + 1]);
  for (const list of sources) for (const n of list) if (n >= 0 && n <= frames) all.add(n);
  const sorted = [...all].sort((a, b) => a - b);
  if (sorted.length > Math.min(MAX_CHANGES, frames * 0.7)) return null;
  return sorted;
}

/** About 30 characters per change in the select expression: well under the 128 kB of one argument. */
const MAX_CHANGES = 2500;
