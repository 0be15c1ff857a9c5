import { useEffect, useRef } from 'react';
import type { PresenterKeying } from '../../../api/presenter.contract';
import { chromaKeyPixels } from '../../../render/chromaKey';

/** Longest side the keyed preview is drawn at: enough for a card, cheap to key every frame. */
const MAX_SIDE = 360;

interface Props {
  src: string;
  /** null plays the video as is. */
  keying: PresenterKeying | null;
  className?: string;
  testId?: string;
  /** Called once the first frame is drawn (tests and placeholders wait for it). */
  onReady?(): void;
}

/**
 * A talking loop playing muted on a canvas, green screen keyed out frame by frame so the page
 * behind shows through, like the render does.
 */
export function KeyedVideo({ src, keying, className, testId, onReady }: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const ready = useRef(onReady);
  ready.current = onReady;
  const color = keying?.color;
  const similarity = keying?.similarity;
  const blend = keying?.blend;

  useEffect(() => {
    const video = document.createElement('video');
    video.muted = true;
    video.loop = true;
    video.playsInline = true;
    video.crossOrigin = 'use-credentials';
    video.src = src;
    let frame = 0;
    let drawn = false;
    const draw = () => {
      const c = canvas.current;
      const ctx = c?.getContext('2d', { willReadFrequently: true });
      if (c && ctx && video.videoWidth > 0 && video.readyState >= 2) {
        const scale = Math.min(1, MAX_SIDE / Math.max(video.videoWidth, video.videoHeight));
        const w = Math.round(video.videoWidth * scale);
        const h = Math.round(video.videoHeight * scale);
        if (c.width !== w || c.height !== h) {
          c.width = w;
          c.height = h;
        }
        ctx.drawImage(video, 0, 0, w, h);
        if (color !== undefined && similarity !== undefined && blend !== undefined) {
          const image = ctx.getImageData(0, 0, w, h);
          chromaKeyPixels(image.data, { color, similarity, blend });
          ctx.putImageData(image, 0, 0);
        }
        if (!drawn) {
          drawn = true;
          ready.current?.();
        }
      }
      frame = requestAnimationFrame(draw);
    };
    frame = requestAnimationFrame(draw);
    void video.play().catch(() => undefined);
    return () => {
      cancelAnimationFrame(frame);
      video.pause();
      video.removeAttribute('src');
      video.load();
    };
  }, [src, color, similarity, blend]);

  return <canvas ref={canvas} className={className} data-testid={testId} />;
}
