import { batch } from '@preact/signals-react';
import type { CharacterItem } from '../../../api/library.contract';
import { shapeAt } from '../../../model/speech';
import { resolveServerUrl } from '../../config';
import { previewId, previewState, talkingPreview } from '../../state/tools';

/** The sprite elements of one gallery card that the animation writes to. */
export interface RigElements {
  mouth: HTMLImageElement;
  blink: HTMLImageElement;
}

/** Blink pattern: eyes closed for 140 ms, at uneven gaps so it does not look mechanical. */
const BLINK_GAPS_MS = [1400, 3200, 2600, 3900] as const;
const BLINK_MS = 140;

/** True while the eyes are closed, `ms` after the preview started. */
export function blinkClosed(ms: number): boolean {
  const cycle = BLINK_GAPS_MS.reduce((a, b) => a + b, 0);
  let t = ms % cycle;
  for (const gap of BLINK_GAPS_MS) {
    if (t < gap) return t >= gap - BLINK_MS;
    t -= gap;
  }
  return false;
}

function preload(urls: string[]): Promise<unknown> {
  return Promise.all(
    urls.map((url) => {
      const img = new Image();
      img.src = url;
      return img.decode().catch(() => undefined);
    }),
  );
}

/**
 * Plays one presenter's talking preview at a time: the greeting audio, and each animation frame the
 * mouth sprite of `shapeAt(timeline, audio time)` plus blinks. Frames write to the DOM elements
 * directly; signals change only when a preview starts or stops.
 */
export class PresenterPlayer {
  private audio: HTMLAudioElement | null = null;
  private frame = 0;
  private run = 0;

  /** Starts the preview of `c`, or stops it when it is the one playing. */
  async toggle(c: CharacterItem, els: RigElements): Promise<void> {
    const same = previewId.value === c.id;
    this.stop();
    if (same) return;
    const run = this.run;
    batch(() => {
      previewId.value = c.id;
      previewState.value = 'loading';
    });
    try {
      const preview = await talkingPreview(c);
      await preload(Object.values(c.rig.mouths).map(resolveServerUrl));
      if (run !== this.run) return;
      const audio = new Audio(preview.audioUrl);
      this.audio = audio;
      const finish = () => run === this.run && this.stop();
      audio.onended = finish;
      audio.onerror = finish;
      els.mouth.src = resolveServerUrl(c.rig.mouths.X ?? '');
      els.blink.style.visibility = 'hidden';
      await audio.play();
      if (run !== this.run) return;
      previewState.value = 'playing';
      this.animate(c, preview.timeline, els, audio, run);
    } catch {
      // The client showed the server's message; a refused autoplay needs none.
      if (run === this.run) this.stop();
    }
  }

  /** Stops whatever is loading or playing. */
  stop(): void {
    this.run++;
    cancelAnimationFrame(this.frame);
    this.audio?.pause();
    this.audio = null;
    if (previewId.value !== null || previewState.value !== 'idle')
      batch(() => {
        previewId.value = null;
        previewState.value = 'idle';
      });
  }

  private animate(
    c: CharacterItem,
    timeline: Parameters<typeof shapeAt>[0],
    els: RigElements,
    audio: HTMLAudioElement,
    run: number,
  ): void {
    const started = performance.now();
    let shown = 'X';
    let closed = false;
    const tick = (now: number) => {
      if (run !== this.run) return;
      const shape = shapeAt(timeline, audio.currentTime * 1000);
      if (shape !== shown && c.rig.mouths[shape]) {
        shown = shape;
        els.mouth.src = resolveServerUrl(c.rig.mouths[shape]);
      }
      const blink = !!c.rig.blink && blinkClosed(now - started);
      if (blink !== closed) {
        closed = blink;
        els.blink.style.visibility = blink ? 'visible' : 'hidden';
      }
      this.frame = requestAnimationFrame(tick);
    };
    this.frame = requestAnimationFrame(tick);
  }
}
