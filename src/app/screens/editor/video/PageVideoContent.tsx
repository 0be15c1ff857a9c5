import { resolveServerUrl } from '../../../config';
import './pageVideo.css';

/**
 * The page video in the preview's slide box, in place of the slide image: muted and looping in
 * the editor, letterboxed inside the box (object-fit: contain) exactly as the render places it.
 */
export function PageVideoContent({ src, onAspect }: { src: string; onAspect?(aspect: number): void }) {
  return (
    <video
      className="ps-page-video-el"
      data-testid="preview-page-video"
      src={resolveServerUrl(src)}
      muted
      loop
      autoPlay
      playsInline
      preload="auto"
      draggable={false}
      onLoadedMetadata={(e) => {
        const { videoWidth: w, videoHeight: h } = e.currentTarget;
        if (w > 0 && h > 0) onAspect?.(w / h);
      }}
    />
  );
}
