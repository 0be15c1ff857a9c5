import {
  clampSlideBox,
  clampTextureBox,
  dragCharacter,
  MIN_CHARACTER_HEIGHT,
  PREVIEW_FRAME,
  resizeFromCorner,
  resizeTextureBox,
  type Box,
  type Orientation,
} from '../model/project';
import type { Point, StageTarget } from './hitTest';

/*
 * The drag and resize rules of the stage, tldraw style: a gesture snapshots the item's box when it
 * starts, every pointer move computes the next box from the start (so rounding never accumulates)
 * under the item's rules, and the caller commits the final box once (one undo step) or cancels
 * (Escape) and nothing changes.
 *
 *   presenter  moves within the spec's bounds (a blocked step still slides along the free axis);
 *              resizes at its corners keeping its proportions, within the same bounds
 *   slide      moves and resizes with at least 20 units on the canvas; keeps its proportions at a
 *              corner unless Shift is held
 *   sticker    stays whole inside the frame; keeps its proportions at a corner unless Shift is held
 */

const MIN_SLIDE = 40;

/** The box after moving the pointer by dx,dy (preview units) from where the gesture started. */
export function gestureStep(
  target: StageTarget,
  start: Box,
  prev: Box,
  dx: number,
  dy: number,
  free: boolean,
  orientation: Orientation,
): Box {
  const frame = PREVIEW_FRAME[orientation];
  if (target.kind === 'sticker') {
    if (target.corner) return resizeTextureBox(start, target.corner, dx, dy, !free, frame);
    return clampTextureBox({ ...start, x: start.x + dx, y: start.y + dy }, frame);
  }
  if (target.kind === 'slide') {
    if (!target.corner) return clampSlideBox({ ...start, x: start.x + dx, y: start.y + dy }, frame);
    return clampSlideBox(resizeFromCorner(start, target.corner, dx, dy, !free, MIN_SLIDE), frame);
  }
  if (target.corner) {
    const next = resizeFromCorner(start, target.corner, dx, dy, true, MIN_CHARACTER_HEIGHT);
    return dragCharacter(prev, next, orientation);
  }
  // A blocked step still moves along the free axis, so the presenter slides along an edge.
  const x = Math.round(start.x + dx);
  const y = Math.round(start.y + dy);
  for (const next of [
    { ...prev, x, y },
    { ...prev, x },
    { ...prev, y },
  ]) {
    if (dragCharacter(prev, next, orientation) === next) return next;
  }
  return prev;
}

/** One drag or resize of one item, from pointer down to pointer up. */
export class StageGesture {
  /** The box shown now. */
  box: Box;

  constructor(
    readonly target: StageTarget,
    readonly start: Box,
    private readonly origin: Point,
    private readonly orientation: Orientation,
  ) {
    this.box = start;
  }

  /** Follows the pointer (preview units); true when the box changed. */
  move(point: Point, free: boolean): boolean {
    const dx = point.x - this.origin.x;
    const dy = point.y - this.origin.y;
    const next = gestureStep(this.target, this.start, this.box, dx, dy, free, this.orientation);
    if (sameBox(next, this.box)) return false;
    this.box = next;
    return true;
  }

  /** True when the gesture changed the item (a commit is due). */
  get changed(): boolean {
    return !sameBox(this.box, this.start);
  }
}

/** True when two boxes are equal. */
export function sameBox(a: Box, b: Box): boolean {
  return a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;
}
