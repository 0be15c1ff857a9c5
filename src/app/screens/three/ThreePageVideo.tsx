import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef } from 'react';
import { resolveServerUrl } from '../../config';
import { isPlaying, positionMs, seekCount } from '../../state/threePlayback';

/** The render mixes a page video's sound at 35% under the narration (README). */
const VIDEO_VOLUME = 0.35;

interface Props {
  path: string;
  muted: boolean;
  /** Project time the page (and so the video) starts at. */
  pageStartMs: number;
  onAspect(aspect: number): void;
}

/**
 * A page video in the slide box, as the render shows it: from the page start, once, holding its
 * last frame (no loop), letterboxed; muted for isSound 2, else at the render's mixing volume. It
 * follows the player: plays and pauses with it and jumps on every seek.
 */
export function ThreePageVideo({ path, muted, pageStartMs, onAspect }: Props) {
  useSignals();
  const ref = useRef<HTMLVideoElement>(null);
  const running = isPlaying.value;
  const seeks = seekCount.value;

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const sync = () => {
      const at = Math.max(0, (positionMs.peek() - pageStartMs) / 1000);
      const end = Number.isFinite(el.duration) ? el.duration : at;
      el.currentTime = Math.min(at, end);
      if (running && at < end) el.play().catch(() => undefined);
      else el.pause();
    };
    if (el.readyState >= 1) sync();
    else el.addEventListener('loadedmetadata', sync, { once: true });
    return () => el.removeEventListener('loadedmetadata', sync);
  }, [running, seeks, pageStartMs]);

  return (
    <video
      ref={ref}
      className="ps-page-video-el"
      data-testid="three-page-video"
      data-muted={muted}
      src={resolveServerUrl(path)}
      muted={muted}
      playsInline
      preload="auto"
      onLoadedMetadata={(e) => {
        const el = e.currentTarget;
        el.volume = VIDEO_VOLUME;
        if (el.videoWidth > 0 && el.videoHeight > 0) onAspect(el.videoWidth / el.videoHeight);
      }}
    />
  );
}
