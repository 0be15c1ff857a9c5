import type { ProjectDocument } from './documentSchema';
import { sceneSchema } from './documentSchema';
import { ok, type Result } from './result';
import {
  CHARACTER_PREVIEW_DIVISOR,
  DEFAULT_CHARACTER_POSITION,
  orientationOf,
  PREVIEW_FRAME,
  type Size,
} from './frames';
import type { Orientation } from './constants';
import { DRAG_BOUNDS } from './dragBounds';
import { fitTextureBox, textureBox } from './stickerCommands';
import { docCommand } from './docCommand';

/** Portrait: where the default slide's top edge is. */
const PORTRAIT_SLIDE_TOP = 24;
// Portrait: the presenter's height ends this far below the default slide's bottom edge.
const PORTRAIT_SLIDE_GAP = 8;

/**
 * The slide frame's reset position. Landscape uses the spec's scene defaults (294x168 at 586,162);
 * those would sit off a 375-wide portrait canvas, so portrait centres the same frame horizontally
 * near the top, where the presenter standing below it leaves it uncovered (as the examples do).
 */
export function defaultSlideFrame(orientation: Orientation) {
  const d = sceneSchema.parse({});
  if (orientation === 1) return { pptX: d.pptX, pptY: d.pptY, pptWidth: d.pptWidth, pptHeight: d.pptHeight };
  const pptX = Math.round((PREVIEW_FRAME[2].width - d.pptWidth) / 2);
  return { pptX, pptY: PORTRAIT_SLIDE_TOP, pptWidth: d.pptWidth, pptHeight: d.pptHeight };
}

/**
 * Character size in the preview: natural size / 2.5, shrunk (aspect kept) to fit the frame, and in
 * portrait the 303-unit right bound of spec 5, so a default presenter can always be moved, and the
 * height below the default slide, so a presenter standing on the bottom edge does not cover it (a
 * full-height one stood over the slide's title).
 */
export function fitCharacter(natural: Size, orientation: Orientation): Size {
  if (!(natural.width > 0 && natural.height > 0)) return { width: 0, height: 0 };
  const room = characterRoom(orientation);
  const w = natural.width / CHARACTER_PREVIEW_DIVISOR;
  const h = natural.height / CHARACTER_PREVIEW_DIVISOR;
  const s = Math.min(1, room.width / w, room.height / h);
  return { width: Math.round(w * s), height: Math.round(h * s) };
}

/** The largest box fitCharacter gives in `orientation` (preview units). */
function characterRoom(orientation: Orientation): Size {
  const frame = PREVIEW_FRAME[orientation];
  const slide = defaultSlideFrame(orientation);
  return {
    width: Math.min(frame.width, DRAG_BOUNDS[orientation].right),
    height:
      orientation === 1 ? frame.height : frame.height - (slide.pptY + slide.pptHeight + PORTRAIT_SLIDE_GAP),
  };
}

/**
 * The natural size to refit a presenter from when the caller does not know it: the preview size
 * times 2.5, unless fitCharacter had shrunk it to the old frame's room (a side at that room's
 * limit). Then its natural size is at least that large, so it is taken as large enough to fill the
 * new room too, as choosing it afresh would (portrait's 467-high room shrank a 309x540 landscape
 * presenter to 267x467; without this, landscape got it back at 267x467).
 */
function naturalGuess(size: Size, from: Orientation, to: Orientation): Size {
  const natural = {
    width: size.width * CHARACTER_PREVIEW_DIVISOR,
    height: size.height * CHARACTER_PREVIEW_DIVISOR,
  };
  if (!(size.width > 0 && size.height > 0)) return natural;
  const old = characterRoom(from);
  const limited = size.width >= old.width - 1 || size.height >= old.height - 1;
  if (!limited) return natural;
  const room = characterRoom(to);
  const grow = Math.max(1, Math.min(room.width / size.width, room.height / size.height));
  return { width: natural.width * grow, height: natural.height * grow };
}

/**
 * Where a presenter of `size` stands by default: at 45,150 in landscape (spec 4), moved up and left
 * as far as needed to stand whole inside the frame (as keepCharacterInFrame does for a presenter
 * chosen afresh); in portrait on the bottom edge, as far left as 45 while its right side stays
 * within the 303 bound.
 */
export function defaultCharacterPosition(size: Size, orientation: Orientation): { X: number; Y: number } {
  const frame = PREVIEW_FRAME[orientation];
  const right = Math.min(frame.width, DRAG_BOUNDS[orientation].right);
  const X = Math.max(0, Math.min(DEFAULT_CHARACTER_POSITION.x, right - size.width));
  if (orientation === 2) return { X, Y: Math.max(0, frame.height - size.height) };
  return { X, Y: Math.max(0, Math.min(DEFAULT_CHARACTER_POSITION.y, frame.height - size.height)) };
}

/**
 * Landscape/portrait switch (spec 4): clears the background, resets the slide frame, refits the
 * character and moves it to its default place (45,150 in landscape, raised so it stands whole in
 * the frame; on the bottom edge in portrait), and brings stickers back inside the new frame (shrunk
 * with their aspect kept when larger than it). `natural` is the character's natural size (library
 * width/height); without it naturalGuess estimates it from the current preview size.
 */
export const switchOrientation = docCommand({
  name: 'switchOrientation',
  perform(doc: ProjectDocument, orientation: Orientation, natural?: Size): Result<ProjectDocument> {
    const from = orientationOf(doc.distinguishability);
    if (from === orientation) return ok(doc);
    const c = doc.character;
    const size = fitCharacter(natural ?? naturalGuess(c, from, orientation), orientation);
    const frame = PREVIEW_FRAME[orientation];
    return ok({
      ...doc,
      distinguishability: orientation,
      scene: {
        ...sceneSchema.parse({}),
        ...defaultSlideFrame(orientation),
        backWidth: frame.width,
        backHeight: frame.height,
      },
      character: { ...c, ...defaultCharacterPosition(size, orientation), ...size },
      ppt: {
        ...doc.ppt,
        pages: doc.ppt.pages.map((p) => ({
          ...p,
          textureList: p.textureList.map((t) => ({ ...t, ...fitTextureBox(textureBox(t), frame) })),
        })),
      },
    });
  },
});
