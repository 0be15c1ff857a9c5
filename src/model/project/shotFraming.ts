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
}

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
    const height = isScale === SCALE_BODY_FULL ? frame.height : frame.height * 2;
    const width = Math.round(height * aspect);
    return {
      isScale,
      slide: null,
      character: { x: Math.round((frame.width - width) / 2), y: 0, width, height },
    };
  }
  return { isScale: SCALE_NORMAL, slide: layout.slide, character: layout.character };
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
