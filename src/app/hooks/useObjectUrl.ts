import { useEffect, useState } from 'react';

/** A local URL of a picked file for previews, released when the file changes or the view closes. */
export function useObjectUrl(file: File | null | undefined): string {
  const [url, setUrl] = useState('');
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') {
      setUrl('');
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

/** Natural size of an image URL once loaded, with the URL it belongs to (null before and when broken). */
export function useImageSize(url: string): { width: number; height: number; src: string } | null {
  const [size, setSize] = useState<{ width: number; height: number; src: string } | null>(null);
  useEffect(() => {
    setSize(null);
    if (!url) return;
    const img = new Image();
    img.onload = () => setSize({ width: img.naturalWidth, height: img.naturalHeight, src: url });
    img.src = url;
    return () => {
      img.onload = null;
    };
  }, [url]);
  return size;
}

/** Natural size of a video URL once its metadata is read (null before and when it cannot play). */
export function useVideoSize(url: string): { width: number; height: number; src: string } | null {
  const [size, setSize] = useState<{ width: number; height: number; src: string } | null>(null);
  useEffect(() => {
    if (!url || typeof document === 'undefined') return;
    const video = document.createElement('video');
    video.preload = 'metadata';
    video.muted = true;
    video.onloadedmetadata = () => setSize({ width: video.videoWidth, height: video.videoHeight, src: url });
    video.src = url;
    return () => {
      video.onloadedmetadata = null;
      video.removeAttribute('src');
      video.load();
    };
  }, [url]);
  return size?.src === url ? size : null;
}
