import { useEffect, useState } from 'react';
import { CanvasSource, ImageSource, Texture } from 'pixi.js';
import { chromaKeyPixels } from '../chromaKey';
import type { DrawLoop } from './drawLoop';

/*
 * Videos on the stage: a page video in the slide box, and an own presenter's talking loop with its
 * green screen keyed out. Each is a hidden <video> whose frames become a texture; a frame is drawn
 * when the video has a new one (requestVideoFrameCallback), never on a timer.
 */

/** How a stage video plays. */
export interface VideoPlayback {
  /** Plays (else paused on the frame at `atMs`). */
  playing: boolean;
  /** Position to show, in ms: applied on load and whenever `seekKey` changes. */
  atMs: number;
  /** Changes on every seek of a player that drives the video. */
  seekKey: number;
  muted: boolean;
  loop: boolean;
  /** 0 to 1 when heard. */
  volume: number;
}

/** A chroma key (the render's chromakey numbers). */
export interface Keying {
  color: string;
  similarity: number;
  blend: number;
}

/** Longest side a keyed video is keyed at: the key runs on the CPU every frame. */
const KEY_MAX_SIDE = 480;

type FrameVideo = HTMLVideoElement & {
  requestVideoFrameCallback?(cb: () => void): number;
  cancelVideoFrameCallback?(id: number): void;
};

/**
 * Destroys a texture two animation frames from now. The sprite showing it is given its successor
 * only when React renders again, and a frame drawn in between with a destroyed texture breaks the
 * renderer for good (Pixi reads its emptied source: "reading 'alphaMode'").
 */
function destroyWhenUnused(texture: Texture): void {
  requestAnimationFrame(() => requestAnimationFrame(() => texture.destroy(true)));
}

/** Calls `onFrame` for every new frame of `video` until the returned function is called. */
function eachFrame(video: FrameVideo, onFrame: () => void): () => void {
  let id = 0;
  let stopped = false;
  if (video.requestVideoFrameCallback) {
    const next = () => {
      if (stopped) return;
      onFrame();
      id = video.requestVideoFrameCallback!(next);
    };
    id = video.requestVideoFrameCallback(next);
    return () => {
      stopped = true;
      video.cancelVideoFrameCallback?.(id);
    };
  }
  // Without frame callbacks: poll while playing.
  const tick = () => {
    if (stopped) return;
    if (!video.paused) onFrame();
    id = requestAnimationFrame(tick);
  };
  id = requestAnimationFrame(tick);
  return () => {
    stopped = true;
    cancelAnimationFrame(id);
  };
}

/** The loaded <video> for `url` and its aspect; released (src removed) when the view goes. */
export function useStageVideo(
  url: string,
  playback: VideoPlayback,
): { video: HTMLVideoElement | null; aspect: number } {
  const [state, setState] = useState<{ url: string; video: HTMLVideoElement; aspect: number } | null>(null);
  useEffect(() => {
    if (!url) return;
    const video = document.createElement('video');
    video.crossOrigin = 'use-credentials';
    video.playsInline = true;
    video.preload = 'auto';
    video.muted = true;
    video.src = url;
    const ready = () => {
      if (video.videoWidth > 0) setState({ url, video, aspect: video.videoWidth / video.videoHeight });
    };
    video.addEventListener('loadeddata', ready, { once: true });
    return () => {
      video.removeEventListener('loadeddata', ready);
      video.pause();
      video.removeAttribute('src');
      video.load();
      setState(null);
    };
  }, [url]);

  const video = state?.url === url ? state.video : null;
  const { playing, atMs, seekKey, muted, loop, volume } = playback;
  useEffect(() => {
    if (!video) return;
    video.muted = muted;
    video.loop = loop;
    video.volume = volume;
  }, [video, muted, loop, volume]);
  useEffect(() => {
    if (!video) return;
    const end = Number.isFinite(video.duration) ? video.duration : Infinity;
    const at = Math.max(0, atMs / 1000);
    video.currentTime = loop && Number.isFinite(end) && end > 0 ? at % end : Math.min(at, end);
    if (playing && (loop || at < end)) void video.play().catch(() => undefined);
    else video.pause();
    // atMs is read when the player seeks or starts, not as it runs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [video, playing, seekKey, loop]);
  return { video, aspect: video ? video.videoWidth / video.videoHeight : 0 };
}

/** A texture following `video`'s frames (keyed when `keying` is given); destroyed with the view. */
export function useVideoTexture(
  video: HTMLVideoElement | null,
  keying: Keying | null,
  loop: DrawLoop,
): Texture | null {
  const [texture, setTexture] = useState<Texture | null>(null);
  const color = keying?.color;
  const similarity = keying?.similarity;
  const blend = keying?.blend;
  useEffect(() => {
    if (!video) return;
    let made: Texture;
    let onFrame: () => void;
    if (color === undefined || similarity === undefined || blend === undefined) {
      // A plain image source over the <video>, uploaded when the video has a new frame (eachFrame
      // below). Not Pixi's VideoSource: its destroy() pauses the element and empties its src, and
      // the element belongs to useStageVideo and outlives this texture (switching keying on makes
      // a new texture from the same video, which then stayed blank, and its late events threw).
      const source = new ImageSource({ resource: video });
      made = new Texture({ source });
      onFrame = () => source.update();
    } else {
      const k = Math.min(1, KEY_MAX_SIDE / Math.max(video.videoWidth, video.videoHeight));
      const canvas = document.createElement('canvas');
      canvas.width = Math.max(1, Math.round(video.videoWidth * k));
      canvas.height = Math.max(1, Math.round(video.videoHeight * k));
      const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
      const source = new CanvasSource({ resource: canvas });
      made = new Texture({ source });
      onFrame = () => {
        ctx.drawImage(video, 0, 0, canvas.width, canvas.height);
        const image = ctx.getImageData(0, 0, canvas.width, canvas.height);
        chromaKeyPixels(image.data, { color, similarity, blend });
        ctx.putImageData(image, 0, 0);
        source.update();
      };
      onFrame();
    }
    setTexture(made);
    const stop = eachFrame(video as FrameVideo, () => {
      onFrame();
      loop.invalidate();
    });
    return () => {
      stop();
      setTexture(null);
      destroyWhenUnused(made);
    };
  }, [video, color, similarity, blend, loop]);
  return texture;
}
