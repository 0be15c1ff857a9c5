import { batch } from '@preact/signals-react';
import type { CharacterItem } from '../../../api/library.contract';
import { resolveServerUrl } from '../../config';
import { animateRig, preloadMouths, type RigElements } from '../presenter/rigAnimation';
import { previewId, previewState, talkingPreview } from '../../state/tools';

export { blinkClosed, type RigElements } from '../presenter/rigAnimation';

/**
 * Plays one presenter's talking preview at a time: the greeting audio, and each animation frame the
 * mouth sprite of `shapeAt(timeline, audio time)` plus blinks. Frames write to the DOM elements
 * directly; signals change only when a preview starts or stops.
 */
export class PresenterPlayer {
  private audio: HTMLAudioElement | null = null;
  private stopRig: (() => void) | null = null;
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
      await preloadMouths(c.rig);
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
      this.stopRig = animateRig(c.rig, preview.timeline, () => audio.currentTime * 1000, els);
    } catch {
      // The client showed the server's message; a refused autoplay needs none.
      if (run === this.run) this.stop();
    }
  }

  /** Stops whatever is loading or playing. */
  stop(): void {
    this.run++;
    this.stopRig?.();
    this.stopRig = null;
    this.audio?.pause();
    this.audio = null;
    if (previewId.value !== null || previewState.value !== 'idle')
      batch(() => {
        previewId.value = null;
        previewState.value = 'idle';
      });
  }
}
