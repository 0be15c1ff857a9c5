import type { Box, Size } from '../model/project';

/** The largest box of aspect `aspect` (width/height) centred in `box`: a picture shown whole (contain). */
export function containBox(box: Box, aspect: number | undefined): Box {
  if (!aspect || !Number.isFinite(aspect) || aspect <= 0 || box.width <= 0 || box.height <= 0) return box;
  let width = box.width;
  let height = width / aspect;
  if (height > box.height) {
    height = box.height;
    width = height * aspect;
  }
  return { x: box.x + (box.width - width) / 2, y: box.y + (box.height - height) / 2, width, height };
}

/** The scale that fits a frame into `available` CSS pixels (0 before it is measured). */
export function fitScale(frame: Size, available: Size): number {
  if (available.width <= 0 || available.height <= 0) return 0;
  return Math.min(available.width / frame.width, available.height / frame.height);
}
