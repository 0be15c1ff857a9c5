/*
 * Quick checks of a picked file before it is kept in the 新建数字人 form: the first bytes (PNG or
 * JPEG signature), the name of a video, and how long a video plays. The server checks again.
 */

import { pictureFormatOf, SIGNATURE_BYTES } from '../../../model/fileSignature';

/** 'png', 'jpeg' or null, from the file's first bytes. */
export async function pictureFormat(file: Blob): Promise<'png' | 'jpeg' | null> {
  const format = pictureFormatOf(new Uint8Array(await file.slice(0, SIGNATURE_BYTES).arrayBuffer()));
  return format === 'png' || format === 'jpeg' ? format : null;
}

/** True for the talking-video names the server accepts. */
export const isVideoName = (name: string) => /\.(mp4|webm|mov)$/i.test(name);

/** How long a video plays in milliseconds, or null when the browser cannot tell. */
export function videoDurationMs(file: File): Promise<number | null> {
  return new Promise((resolve) => {
    if (typeof URL.createObjectURL !== 'function') return resolve(null);
    const url = URL.createObjectURL(file);
    const video = document.createElement('video');
    const done = (ms: number | null) => {
      URL.revokeObjectURL(url);
      resolve(ms);
    };
    video.preload = 'metadata';
    video.onloadedmetadata = () =>
      done(Number.isFinite(video.duration) ? Math.round(video.duration * 1000) : null);
    video.onerror = () => done(null);
    video.src = url;
  });
}
