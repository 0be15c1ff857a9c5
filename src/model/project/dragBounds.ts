import type { Orientation } from './constants';

/** How far (preview units) the character may be dragged past an edge (spec 5). */
export const DRAG_OVERSHOOT = 10;

/**
 * Right and bottom bounds of character dragging (spec 5: right 960 landscape / 303 portrait, bottom
 * 540). The spec's bottom 540 is the landscape frame's height; in the 375x667 portrait frame it
 * would keep the presenter from ever standing on the bottom edge, so portrait's bottom is 667.
 */
export const DRAG_BOUNDS: Record<Orientation, { right: number; bottom: number }> = {
  1: { right: 960, bottom: 540 },
  2: { right: 303, bottom: 667 },
};

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** True when the character box stays within 10 units past every edge, so the drag may go on. */
export function characterDragAllowed(box: Box, orientation: Orientation): boolean {
  const b = DRAG_BOUNDS[orientation];
  return (
    box.x >= -DRAG_OVERSHOOT &&
    box.y >= -DRAG_OVERSHOOT &&
    box.x + box.width <= b.right + DRAG_OVERSHOOT &&
    box.y + box.height <= b.bottom + DRAG_OVERSHOOT
  );
}

/**
 * The next box of a drag step, or the previous one when the step is blocked. A step that does not
 * push any edge further out is always allowed: a portrait character taller than the 540 bottom
 * bound must still be movable sideways and back inside, or it would be stuck for good.
 */
export function dragCharacter(prev: Box, next: Box, orientation: Orientation): Box {
  if (characterDragAllowed(next, orientation)) return next;
  const before = overshoot(prev, orientation);
  const after = overshoot(next, orientation);
  const worse = after.some((v, i) => v > DRAG_OVERSHOOT && v > before[i]);
  return worse ? prev : next;
}

// How far the box is past the left, top, right and bottom edges (negative when inside).
function overshoot(box: Box, orientation: Orientation): number[] {
  const b = DRAG_BOUNDS[orientation];
  return [-box.x, -box.y, box.x + box.width - b.right, box.y + box.height - b.bottom];
}
