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

/** Character size in the preview: natural size / 2.5, shrunk (aspect kept) to fit the frame. */
export function fitCharacter(natural: Size, orientation: Orientation): Size {
  if (!(natural.width > 0 && natural.height > 0)) return { width: 0, height: 0 };
  const frame = PREVIEW_FRAME[orientation];
  const w = natural.width / CHARACTER_PREVIEW_DIVISOR;
  const h = natural.height / CHARACTER_PREVIEW_DIVISOR;
  const s = Math.min(1, frame.width / w, frame.height / h);
  return { width: Math.round(w * s), height: Math.round(h * s) };
}

/**
 * The slide frame's reset position. Landscape uses the spec's scene defaults (294x168 at 586,162);
 * those would sit off a 375-wide portrait canvas, so portrait centres the same frame horizontally.
 */
export function defaultSlideFrame(orientation: Orientation) {
  const d = sceneSchema.parse({});
  if (orientation === 1) return { pptX: d.pptX, pptY: d.pptY, pptWidth: d.pptWidth, pptHeight: d.pptHeight };
  const pptX = Math.round((PREVIEW_FRAME[2].width - d.pptWidth) / 2);
  return { pptX, pptY: d.pptY, pptWidth: d.pptWidth, pptHeight: d.pptHeight };
}

/**
 * Landscape/portrait switch (spec 4): clears the background, resets the slide frame, moves the
 * character to 45,150 and refits it. `natural` is the character's natural size (library
 * width/height); without it the current preview size times 2.5 is taken as natural.
 */
export function switchOrientation(
  doc: ProjectDocument,
  orientation: Orientation,
  natural?: Size,
): Result<ProjectDocument> {
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
    character: { ...c, X: DEFAULT_CHARACTER_POSITION.x, Y: DEFAULT_CHARACTER_POSITION.y, ...size },
  });
}
