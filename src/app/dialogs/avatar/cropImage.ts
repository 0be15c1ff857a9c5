import type { Area } from 'react-easy-crop';
import { AVATAR_OUTPUT } from './avatarRules';

/** Size of the box that holds an image rotated by deg degrees. */
export function rotatedSize(width: number, height: number, deg: number) {
  const rad = (deg * Math.PI) / 180;
  return {
    width: Math.abs(Math.cos(rad) * width) + Math.abs(Math.sin(rad) * height),
    height: Math.abs(Math.sin(rad) * width) + Math.abs(Math.cos(rad) * height),
  };
}

/** Draws the crop (pixels of the rotated image, as react-easy-crop reports them) into a canvas. */
export function drawCrop(
  canvas: HTMLCanvasElement,
  image: HTMLImageElement,
  area: Area,
  rotation: number,
  size: { width: number; height: number } = AVATAR_OUTPUT,
): void {
  canvas.width = size.width;
  canvas.height = size.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  const box = rotatedSize(image.naturalWidth, image.naturalHeight, rotation);
  ctx.imageSmoothingQuality = 'high';
  ctx.clearRect(0, 0, size.width, size.height);
  ctx.save();
  ctx.scale(size.width / area.width, size.height / area.height);
  ctx.translate(-area.x + box.width / 2, -area.y + box.height / 2);
  ctx.rotate((rotation * Math.PI) / 180);
  ctx.drawImage(image, -image.naturalWidth / 2, -image.naturalHeight / 2);
  ctx.restore();
}

/** The crop as a 200x199 PNG ready for upload. */
export function cropToBlob(image: HTMLImageElement, area: Area, rotation: number): Promise<Blob> {
  const canvas = document.createElement('canvas');
  drawCrop(canvas, image, area, rotation);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('canvas'))), 'image/png'),
  );
}

/** Decodes an image URL (object URL of the picked file). */
export function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('decode'));
    img.src = url;
  });
}
