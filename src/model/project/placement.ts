import type { ProjectDocument } from './documentSchema';
import { err, ok, type Result } from './result';
import { DRAG_BOUNDS, dragCharacter, type Box } from './dragBounds';
import { orientationOf, PREVIEW_FRAME } from './frames';
import { docCommand } from './docCommand';

/*
 * Placement on the preview canvas (spec 2 "Canvas", 5 drag bounds): where the character and the
 * page image (slide) sit, in preview units. The editor shows a drag live from its own state and
 * commits the end position with one of these commands, so a whole drag is one undo step.
 */

/** Smallest slide box a resize may leave, so the handle can always be grabbed again. */
export const MIN_SLIDE_SIZE = 40;
/** How much of the slide must stay on the canvas, so it can never be lost off an edge. */
export const SLIDE_VISIBLE_MIN = 20;

export const placementMessages = {
  invalid: '位置无效',
  outOfBounds: '人物超出画布范围',
} as const;

const finite = (...values: number[]) => values.every((v) => Number.isFinite(v));

/** The character's box on the canvas. */
export function characterBox(doc: ProjectDocument): Box {
  const c = doc.character;
  return { x: c.X, y: c.Y, width: c.width, height: c.height };
}

/** The slide's box on the canvas. */
export function slideBox(doc: ProjectDocument): Box {
  const s = doc.scene;
  return { x: s.pptX, y: s.pptY, width: s.pptWidth, height: s.pptHeight };
}

/**
 * Moves the character to X,Y. Refused when the move takes it more than 10 units past an edge
 * (right bound 960 landscape / 303 portrait, bottom 540); moving back towards the canvas is
 * always allowed, so an oversized character is never stuck.
 */
export const moveCharacter = docCommand({
  name: 'moveCharacter',
  perform(doc: ProjectDocument, to: { X: number; Y: number }): Result<ProjectDocument> {
    if (!finite(to.X, to.Y)) return err(placementMessages.invalid);
    const prev = characterBox(doc);
    const next = { ...prev, x: Math.round(to.X), y: Math.round(to.Y) };
    if (next.x === prev.x && next.y === prev.y) return ok(doc);
    const allowed = dragCharacter(prev, next, orientationOf(doc.distinguishability));
    if (allowed !== next) return err(placementMessages.outOfBounds);
    return ok({ ...doc, character: { ...doc.character, X: next.x, Y: next.y } });
  },
});

/** Smallest presenter height a resize may leave. */
export const MIN_CHARACTER_HEIGHT = 60;

/**
 * Moves and resizes the character to `box` (a corner drag on the stage). The box must keep the
 * character's proportions (within rounding) and stay within the drag bounds, as a move must.
 */
export const placeCharacter = docCommand({
  name: 'placeCharacter',
  perform(doc: ProjectDocument, box: Box): Result<ProjectDocument> {
    if (!finite(box.x, box.y, box.width, box.height) || box.width <= 0 || box.height <= 0)
      return err(placementMessages.invalid);
    const prev = characterBox(doc);
    const next = {
      x: Math.round(box.x),
      y: Math.round(box.y),
      width: Math.round(box.width),
      height: Math.max(MIN_CHARACTER_HEIGHT, Math.round(box.height)),
    };
    if (next.x === prev.x && next.y === prev.y && next.width === prev.width && next.height === prev.height)
      return ok(doc);
    if (dragCharacter(prev, next, orientationOf(doc.distinguishability)) !== next)
      return err(placementMessages.outOfBounds);
    const c = doc.character;
    return ok({ ...doc, character: { ...c, X: next.x, Y: next.y, width: next.width, height: next.height } });
  },
});

/** Keeps a slide box usable: at least 40 units a side and at least 20 units of it on the canvas. */
export function clampSlideBox(box: Box, frame: { width: number; height: number }): Box {
  const width = Math.max(MIN_SLIDE_SIZE, Math.round(box.width));
  const height = Math.max(MIN_SLIDE_SIZE, Math.round(box.height));
  const x = Math.min(frame.width - SLIDE_VISIBLE_MIN, Math.max(SLIDE_VISIBLE_MIN - width, Math.round(box.x)));
  const y = Math.min(
    frame.height - SLIDE_VISIBLE_MIN,
    Math.max(SLIDE_VISIBLE_MIN - height, Math.round(box.y)),
  );
  return { x, y, width, height };
}

/** Moves and/or resizes the page image (scene pptX/pptY/pptWidth/pptHeight), clamped as above. */
export const moveSlide = docCommand({
  name: 'moveSlide',
  perform(doc: ProjectDocument, box: Box): Result<ProjectDocument> {
    if (!finite(box.x, box.y, box.width, box.height)) return err(placementMessages.invalid);
    const frame = PREVIEW_FRAME[orientationOf(doc.distinguishability)];
    const b = clampSlideBox(box, frame);
    const s = doc.scene;
    if (b.x === s.pptX && b.y === s.pptY && b.width === s.pptWidth && b.height === s.pptHeight)
      return ok(doc);
    return ok({ ...doc, scene: { ...s, pptX: b.x, pptY: b.y, pptWidth: b.width, pptHeight: b.height } });
  },
});

/**
 * Pulls the character back inside the canvas when it sticks out at the right or bottom (after a
 * presenter of another size was chosen at the old position); a character larger than the canvas
 * is aligned to its top-left. Used right after chooseCharacter, in the same undo step.
 */
export const keepCharacterInFrame = docCommand({
  name: 'keepCharacterInFrame',
  perform(doc: ProjectDocument): Result<ProjectDocument> {
    const c = doc.character;
    const o = orientationOf(doc.distinguishability);
    const frame = PREVIEW_FRAME[o];
    const X = Math.max(0, Math.min(c.X, Math.min(frame.width, DRAG_BOUNDS[o].right) - c.width));
    const Y = Math.max(0, Math.min(c.Y, frame.height - c.height));
    if (X === c.X && Y === c.Y) return ok(doc);
    return ok({ ...doc, character: { ...c, X, Y } });
  },
});
