import type { Box } from './dragBounds';
import type { Size } from './frames';
import { SCALE_BODY_FULL, SCALE_BODY_HALF, SCALE_NORMAL, SCALE_PPT_FULL } from './constants';

/*
 * The one framing rule of shot tags (DESIGN.md "Shot tags"), shared by the editor preview (preview
 * units) and the render (export units): pure arithmetic on the frame it is given, so both sides
 * draw a segment the same way.
 *
 *   1 normal     slide and character as laid out
 *   2 PPT全屏    slide fills the frame (letterboxed to the slide image's aspect when known), no character
 *   3 人物全身   character height = frame height, horizontally centred, no slide
 *   4 人物半身   character's upper half fills the frame height (box height = 2 x frame), no slide
 *
 * "Character" is the figure: the whole art for presenters drawn to this rule (the built-in ones),
 * or, for a user's own picture with empty space around the person, the opaque part measured when
 * the presenter was made (`characterFigure`), which then fills the frame below a little headroom.
 * Framing the whole picture would double the empty space above the head in 人物半身.
 */

/** What a page lays out in normal framing. */
export interface ShotLayout {
  /** The slide box, or null when the page shows no slide. */
  slide: Box | null;
  /** The character box, or null when there is no character. */
  character: Box | null;
  /** Natural width / height of the character art; the box's own aspect when omitted. */
  characterAspect?: number;
  /** Natural width / height of the slide image; the slide then fills the frame when omitted. */
  slideAspect?: number;
  /** The figure within the character art, as fractions of its width and height; the whole art when omitted. */
  characterFigure?: Fraction;
}

/** A part of a picture as fractions (0 to 1) of its width and height. */
export interface Fraction {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A figure box in the art's pixels as the fractions of the art that ShotLayout takes. */
export function figureFraction(figure: Box, art: Size): Fraction {
  return {
    x: figure.x / art.width,
    y: figure.y / art.height,
    width: figure.width / art.width,
    height: figure.height / art.height,
  };
}

/** The space left above a measured figure in 人物全身 and 人物半身, as a fraction of the frame height. */
export const FIGURE_HEADROOM = 0.05;

/** What one framing shows and where; a null box is hidden. */
export interface ShotView {
  isScale: number;
  slide: Box | null;
  character: Box | null;
}

const valid = (v: number | undefined): v is number => v !== undefined && Number.isFinite(v) && v > 0;

/** Where the slide and the character are drawn for a segment of the given isScale (1 to 4). */
export function shotFraming(frame: Size, layout: ShotLayout, isScale: number): ShotView {
  if (isScale === SCALE_PPT_FULL) {
    return { isScale, slide: layout.slide ? fullSlide(frame, layout.slideAspect) : null, character: null };
  }
  if (isScale === SCALE_BODY_FULL || isScale === SCALE_BODY_HALF) {
    const c = layout.character;
    const aspect = valid(layout.characterAspect)
      ? layout.characterAspect
      : c && c.height > 0
        ? c.width / c.height
        : 0;
    if (!c || !valid(aspect)) return { isScale, slide: null, character: null };
    const figure = validFigure(layout.characterFigure);
    const top = figure ? frame.height * FIGURE_HEADROOM : 0;
    const fig = figure ?? { x: 0, y: 0, width: 1, height: 1 };
    // The figure's height (or its upper half's) fills the frame below the headroom.
    const shown = (frame.height - top) * (isScale === SCALE_BODY_FULL ? 1 : 2);
    const height = Math.round(shown / fig.height);
    const width = Math.round(height * aspect);
    return {
      isScale,
      slide: null,
      character: {
        // The figure's centre at the frame's centre; its top at the headroom (0 - keeps +0).
        x: Math.round(frame.width / 2 - (fig.x + fig.width / 2) * width),
        y: 0 - Math.round(fig.y * height - top),
        width,
        height,
      },
    };
  }
  return { isScale: SCALE_NORMAL, slide: layout.slide, character: layout.character };
}

// A figure that is a real part of the art (not empty, not the whole of it), or null.
function validFigure(f: Fraction | undefined): Fraction | null {
  if (!f || ![f.x, f.y, f.width, f.height].every(Number.isFinite)) return null;
  if (!(f.width > 0 && f.height > 0) || f.x < 0 || f.y < 0 || f.x + f.width > 1.0001) return null;
  if (f.y + f.height > 1.0001) return null;
  return f.width >= 0.999 && f.height >= 0.999 ? null : f;
}

// The whole frame, or the largest box of the slide's aspect centred in it.
function fullSlide(frame: Size, aspect: number | undefined): Box {
  if (!valid(aspect)) return { x: 0, y: 0, width: frame.width, height: frame.height };
  let width = frame.width;
  let height = Math.round(width / aspect);
  if (height > frame.height) {
    height = frame.height;
    width = Math.round(height * aspect);
  }
  return {
    x: Math.round((frame.width - width) / 2),
    y: Math.round((frame.height - height) / 2),
    width,
    height,
  };
}

/** True when the author may drag things on the preview: only the normal framing is the layout. */
export function isLayoutFraming(isScale: number): boolean {
  return isScale !== SCALE_PPT_FULL && isScale !== SCALE_BODY_FULL && isScale !== SCALE_BODY_HALF;
}
