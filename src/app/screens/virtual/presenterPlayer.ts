import { batch } from '@preact/signals-react';
import type { CharacterItem } from '../../../api/library.contract';
import { previewId, previewState, previewTalk, talkingPreview } from '../../state/tools';

/**
 * Plays one presenter's talking preview at a time: the greeting audio, and the mouth timeline with
 * the audio's clock for the card's stage (which draws the mouth of `shapeAt(timeline, audio time)`
 * each frame). Signals change only when a preview starts or stops.
 */
export class PresenterPlayer {
  private audio: HTMLAudioElement | null = null;
  private run = 0;

  /** Starts the preview of `c`, or stops it when it is the one playing. */
  async toggle(c: CharacterItem): Promise<void> {
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
      if (run !== this.run) return;
      const audio = new Audio(preview.audioUrl);
      this.audio = audio;
      const finish = () => run === this.run && this.stop();
      audio.onended = finish;
      audio.onerror = finish;
      await audio.play();
      if (run !== this.run) return;
      batch(() => {
        previewState.value = 'playing';
        previewTalk.value = {
          timeline: preview.timeline,
          clockMs: () => (audio.paused ? -1 : audio.currentTime * 1000),
        };
      });
    } catch {
      // The client showed the server's message; a refused autoplay needs none.
      if (run === this.run) this.stop();
    }
  }

  /** Stops whatever is loading or playing. */
  stop(): void {
    this.run++;
    this.audio?.pause();
    this.audio = null;
    if (previewId.value !== null || previewState.value !== 'idle' || previewTalk.value !== null)
      batch(() => {
        previewId.value = null;
        previewState.value = 'idle';
        previewTalk.value = null;
      });
  }
}
