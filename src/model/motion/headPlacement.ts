import type { Pose } from './poseAt';

/*
 * Where the head part of a layered rig is drawn, in export pixels, as the render draws it: the head
 * sprite (with the mouth and the eyes on it) is scaled once, turned about its own centre and laid
 * over the torso at a whole, even pixel (the render's yuv420p overlay only takes even positions).
 * Turning about the centre and moving the corner so the neck pivot stays put is the same as
 * turning about the pivot. The stage places its head with these numbers too, so both show the
 * head on the same pixels.
 */

interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The parts of a layered rig, in the rig's natural pixels (manifest.json). */
export interface HeadRig {
  width: number;
  height: number;
  head: Rect;
  pivot: { x: number; y: number };
  mouth: Rect;
  eyes: Rect;
}

/** The head sprite laid out for a presenter box (export px): its rest corner, size and inner boxes. */
export interface HeadLayout {
  /** The sprite's corner at rest and its (even) size. */
  rest: Rect;
  /** Scale from natural to export pixels, across and down. */
  sx: number;
  sy: number;
  /** Pivot minus centre of the sprite (export px): what turning about the centre must make up. */
  lever: { x: number; y: number };
  /** The mouth and eyes sprites relative to the head sprite's corner. */
  mouth: Rect;
  eyes: Rect;
}

const even = (v: number) => Math.max(2, Math.round(v / 2) * 2);

/** A natural-pixel box of the rig scaled into the presenter box (whole pixels, even size). */
export function scaledAnchor(anchor: Rect, rig: { width: number; height: number }, box: Rect): Rect {
  const sx = box.width / rig.width;
  const sy = box.height / rig.height;
  return {
    x: Math.round(box.x + anchor.x * sx),
    y: Math.round(box.y + anchor.y * sy),
    width: even(anchor.width * sx),
    height: even(anchor.height * sy),
  };
}

/** The head sprite's layout for a presenter drawn in `box` (export px). */
export function headLayout(rig: HeadRig, box: Rect): HeadLayout {
  const sx = box.width / rig.width;
  const sy = box.height / rig.height;
  const rest = scaledAnchor(rig.head, rig, box);
  const inner = (r: Rect) => {
    const b = scaledAnchor(r, rig, box);
    return { ...b, x: b.x - rest.x, y: b.y - rest.y };
  };
  return {
    rest,
    sx,
    sy,
    lever: {
      x: (rig.pivot.x - rig.head.x) * sx - rest.width / 2,
      y: (rig.pivot.y - rig.head.y) * sy - rest.height / 2,
    },
    mouth: inner(rig.mouth),
    eyes: inner(rig.eyes),
  };
}

/** The head sprite's corner before it is snapped to even pixels, and its turn (radians, clockwise). */
export function headCornerUnsnapped(layout: HeadLayout, pose: Pose): { x: number; y: number; angle: number } {
  const a = (pose.tilt * Math.PI) / 180;
  const { lever } = layout;
  const x = layout.rest.x + pose.x * layout.sx + lever.x * (1 - Math.cos(a)) + lever.y * Math.sin(a);
  const y = layout.rest.y + pose.y * layout.sy + lever.y * (1 - Math.cos(a)) - lever.x * Math.sin(a);
  return { x, y, angle: a };
}

/** The head sprite's corner (even export px) and turn (radians, clockwise) for a pose. */
export function headCorner(layout: HeadLayout, pose: Pose): { x: number; y: number; angle: number } {
  const { x, y, angle } = headCornerUnsnapped(layout, pose);
  return { x: 2 * Math.floor(x / 2), y: 2 * Math.floor(y / 2), angle };
}
