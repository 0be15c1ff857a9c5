import { figureFraction, type Box, type Fraction } from '../model/project';
import { headCorner, headLayout, type HeadRig, type Pose } from '../model/motion';

/*
 * How an own single-picture presenter breathes, as the render's perspective filter does it
 * (src/server/video/customPresenterPicture.ts): up to 1.5 % larger, anchored at its bottom edge,
 * and a bob of a few export pixels, on a 4 s cycle. The stage applies this per frame.
 */

/** Largest growth of a breath (1 -> 1.015). */
export const BREATH_SCALE = 0.015;
/** One breath and one bob. */
export const BREATH_PERIOD_MS = 4000;

/** The picture's box `ms` into the breathing cycle, given its resting box and the export scale. */
export function breathingBox(box: Box, ms: number, exportScale: number): Box {
  const phase = (2 * Math.PI * ms) / BREATH_PERIOD_MS;
  const grow = 1 + (BREATH_SCALE / 2) * (1 - Math.cos(phase));
  const bob = (Math.max(2, Math.round((box.height * exportScale) / 250)) / exportScale) * Math.sin(phase);
  const width = box.width * grow;
  const height = box.height * grow;
  return { x: box.x + (box.width - width) / 2, y: box.y + box.height - height - bob, width, height };
}

/** A rig anchor (natural pixels of the art) placed in the presenter's box. */
export function anchorBox(anchor: Box, natural: { width: number; height: number }, box: Box): Box {
  const sx = box.width / natural.width;
  const sy = box.height / natural.height;
  return {
    x: box.x + anchor.x * sx,
    y: box.y + anchor.y * sy,
    width: anchor.width * sx,
    height: anchor.height * sy,
  };
}

/** The head group of a layered rig as the stage draws it: in the units of the box it was given. */
export interface HeadPlacement {
  /** Where the group's centre goes and its turn (radians); the group turns about its centre. */
  centre: { x: number; y: number };
  angle: number;
  /** The head sprite's size, and the mouth and eyes boxes relative to its corner. */
  size: { width: number; height: number };
  mouth: Box;
  eyes: Box;
}

/**
 * The head of a layered rig in a box given in units of `unit` export pixels (the preview's export
 * scale on screen, 1 while exporting), laid out on the render's export pixels (headCorner), so the
 * stage's head lands where the video's does.
 */
export function headPlacement(rig: HeadRig, box: Box, unit: number, pose: Pose): HeadPlacement {
  const exportBox = { x: box.x * unit, y: box.y * unit, width: box.width * unit, height: box.height * unit };
  const layout = headLayout(rig, exportBox);
  const corner = headCorner(layout, pose);
  const per = (b: Box): Box => ({
    x: b.x / unit,
    y: b.y / unit,
    width: b.width / unit,
    height: b.height / unit,
  });
  return {
    centre: { x: (corner.x + layout.rest.width / 2) / unit, y: (corner.y + layout.rest.height / 2) / unit },
    angle: corner.angle,
    size: { width: layout.rest.width / unit, height: layout.rest.height / unit },
    mouth: per(layout.mouth),
    eyes: per(layout.eyes),
  };
}

/** The head at rest (no offset, no turn). */
export const REST_POSE: Pose = { x: 0, y: 0, tilt: 0, eyesClosed: false };

/**
 * The presenter's natural aspects for the stage scene: its art, its whole figure when drawn, and
 * the person's box in a picture with space around them (as the render reads them).
 */
export function presenterAspects(
  art: {
    width: number;
    height: number;
    rig: { parts?: { full?: { height: number } }; figure?: Box };
  } | null,
): { character?: number; wholeCharacter?: number; figure?: Fraction } {
  if (!art || !(art.height > 0)) return {};
  const full = art.rig.parts?.full;
  const figure = art.rig.figure;
  return {
    character: art.width / art.height,
    ...(full && full.height > 0 ? { wholeCharacter: art.width / full.height } : {}),
    ...(figure ? { figure: figureFraction(figure, art) } : {}),
  };
}
