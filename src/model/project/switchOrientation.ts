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
import { clampTextureBox, textureBox } from './stickerCommands';
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
  const frame = PREVIEW_FRAME[orientation];
  const right = Math.min(frame.width, DRAG_BOUNDS[orientation].right);
  const slide = defaultSlideFrame(orientation);
  const height =
    orientation === 1 ? frame.height : frame.height - (slide.pptY + slide.pptHeight + PORTRAIT_SLIDE_GAP);
  const w = natural.width / CHARACTER_PREVIEW_DIVISOR;
  const h = natural.height / CHARACTER_PREVIEW_DIVISOR;
  const s = Math.min(1, right / w, height / h);
  return { width: Math.round(w * s), height: Math.round(h * s) };
}

/**
 * Where a presenter of `size` stands by default: at 45,150 in landscape (spec 4); in portrait on
 * the bottom edge, as far left as 45 while its right side stays within the 303 bound.
 */
export function defaultCharacterPosition(size: Size, orientation: Orientation): { X: number; Y: number } {
  if (orientation === 1) return { X: DEFAULT_CHARACTER_POSITION.x, Y: DEFAULT_CHARACTER_POSITION.y };
  const frame = PREVIEW_FRAME[orientation];
  const X = Math.max(0, Math.min(DEFAULT_CHARACTER_POSITION.x, DRAG_BOUNDS[2].right - size.width));
  return { X, Y: Math.max(0, frame.height - size.height) };
}

/**
 * Landscape/portrait switch (spec 4): clears the background, resets the slide frame, moves the
 * character to its default place (45,150 in landscape, on the bottom edge in portrait), refits it
 * and brings stickers that would fall outside the new frame back inside it. `natural` is the character's natural size (library
 * width/height); without it the current preview size times 2.5 is taken as natural.
 */
export const switchOrientation = docCommand({
  name: 'switchOrientation',
  perform(doc: ProjectDocument, orientation: Orientation, natural?: Size): Result<ProjectDocument> {
    if (orientationOf(doc.distinguishability) === orientation) return ok(doc);
    const c = doc.character;
    const source = natural ?? {
      width: c.width * CHARACTER_PREVIEW_DIVISOR,
      height: c.height * CHARACTER_PREVIEW_DIVISOR,
    };
    const size = fitCharacter(source, orientation);
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
      // Stickers come back inside the new frame, at their size where it fits.
      ppt: {
        ...doc.ppt,
        pages: doc.ppt.pages.map((p) => ({
          ...p,
          textureList: p.textureList.map((t) => ({ ...t, ...clampTextureBox(textureBox(t), frame) })),
        })),
      },
    });
  },
});
