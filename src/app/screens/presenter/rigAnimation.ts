import { shapeAt, type MouthCue } from '../../../model/speech';
import { resolveServerUrl } from '../../config';

/*
 * The talking presenter of the browser (the /virtual gallery and the editor's preview): each
 * animation frame shows the mouth sprite of the narration's mouth-shape timeline at the audio's
 * time, exactly as the render does, plus blinks (the same kind of blink at uneven gaps; the render
 * seeds its gaps per page, so blinks do not fall on the same frames). Frames write to two img
 * elements directly; nothing here touches React state or signals.
 */

/** Blink pattern: eyes closed for 140 ms, at uneven gaps so it does not look mechanical. */
const BLINK_GAPS_MS = [1400, 3200, 2600, 3900] as const;
const BLINK_MS = 140;

/** True while the eyes are closed, `ms` after the animation started. */
export function blinkClosed(ms: number): boolean {
  const cycle = BLINK_GAPS_MS.reduce((a, b) => a + b, 0);
  let t = ms % cycle;
  for (const gap of BLINK_GAPS_MS) {
    if (t < gap) return t >= gap - BLINK_MS;
    t -= gap;
  }
  return false;
}

/** The sprite elements one animation writes to. */
export interface RigElements {
  mouth: HTMLImageElement;
  blink: HTMLImageElement;
}

/** The art an animation needs: mouth sprites by shape (A-H, X) and the closed-eyes sprite. */
export interface RigArt {
  mouths: Record<string, string>;
  blink: string;
}

/** Loads the mouth sprites into the cache, so the first frames do not flash empty. */
export function preloadMouths(rig: RigArt): Promise<unknown> {
  return Promise.all(
    Object.values(rig.mouths).map((url) => {
      const img = new Image();
      img.src = resolveServerUrl(url);
      return img.decode().catch(() => undefined);
    }),
  );
}

/**
 * Starts lip-sync and blinks: `clockMs` tells the audio position (negative: nothing plays, the
 * mouth rests on X). Returns the function that stops it and puts the face back at rest.
 */
export function animateRig(
  rig: RigArt,
  timeline: readonly MouthCue[],
  clockMs: () => number,
  els: RigElements,
): () => void {
  const started = performance.now();
  let shown = '';
  let closed: boolean | null = null;
  let frame = 0;
  const show = (shape: string) => {
    if (shape === shown || !rig.mouths[shape]) return;
    shown = shape;
    els.mouth.src = resolveServerUrl(rig.mouths[shape]);
    els.mouth.dataset.shape = shape;
  };
  const tick = (now: number) => {
    const ms = clockMs();
    show(ms < 0 ? 'X' : shapeAt(timeline, ms));
    const blink = !!rig.blink && blinkClosed(now - started);
    if (blink !== closed) {
      closed = blink;
      els.blink.style.visibility = blink ? 'visible' : 'hidden';
    }
    frame = requestAnimationFrame(tick);
  };
  frame = requestAnimationFrame(tick);
  return () => {
    cancelAnimationFrame(frame);
    show('X');
    els.blink.style.visibility = 'hidden';
  };
}
