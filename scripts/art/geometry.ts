/**
 * Canvas and anchor conventions shared by every built-in presenter.
 * All coordinates are body.png pixels (origin top-left). The figure is cut at mid-thigh:
 * the bottom edge of the canvas is meant to sit on the bottom edge of the video frame.
 */
export const CANVAS = { width: 800, height: 1400 } as const;

/** Horizontal centre line of the figure. */
export const CX = 400;

/** Face landmarks (shared by head, mouths and blink so that overlays line up). */
export const FACE = {
  top: 180,
  chin: 488,
  eyeY: 342,
  eyeDX: 50,
  browY: 302,
  noseY: 392,
  mouthY: 432,
} as const;

/** Mouth sprite box: every mouth-*.png is exactly this size, placed at (x, y) on the body. */
export const MOUTH_BOX = { x: 340, y: 392, width: 120, height: 80 } as const;

/**
 * The eyes box: every eye-state picture (blink.png eyes closed, brows.png brows lifted) is exactly
 * this size, placed at (x, y) on the body. It reaches up over the brows (at rest and lifted) so
 * one box holds every state.
 */
export const EYES_BOX = { x: 316, y: 276, width: 168, height: 92 } as const;

/** Head-and-shoulders crop used for icon.png (square, in body pixels). */
export const ICON_CROP = { x: 90, y: 50, size: 620 } as const;

/**
 * The head part of the layered rig: head.png is exactly this crop of the figure (face, front hair,
 * glasses), drawn over torso.png (everything else) at (x, y). Roomy enough that a tilt of a few
 * degrees never cuts hair off at the crop's edge.
 */
export const HEAD_BOX = { x: 220, y: 100, width: 360, height: 570 } as const;

/** The point the head tilts about: the top of the neck, under the chin. */
export const NECK_PIVOT = { x: 400, y: 480 } as const;

/**
 * The whole figure (full.png, full-torso.png): the same drawing and the same coordinates as
 * body.png, continued below its mid-thigh cut down to the feet. Anchors are the body's.
 */
export const FULL_CANVAS = { width: 800, height: 2040 } as const;
