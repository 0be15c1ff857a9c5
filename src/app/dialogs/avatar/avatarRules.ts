import {
  AVATAR_MAX_BYTES,
  AVATAR_MIN_HEIGHT,
  AVATAR_MIN_WIDTH,
  avatarMessages,
} from '../../../model/account';

/** Size of the uploaded avatar (spec section 9: crop output 200x199 px). */
export const AVATAR_OUTPUT = { width: AVATAR_MIN_WIDTH, height: AVATAR_MIN_HEIGHT } as const;
/** Delay before a step change shows (spec section 4: 200 ms hint delays). */
export const STEP_DELAY_MS = 200;
/** Held zoom/rotate buttons repeat this often (spec section 9). */
export const REPEAT_MS = 60;
/** The zoom slider runs 0-100 in steps of 1; 100 means this many times the fitted size. */
export const MAX_ZOOM = 5;

/** The first rule a picked file breaks before it is decoded (type, then size), or null. */
export function checkAvatarFile(file: { type: string; size: number }): string | null {
  if (!file.type.includes('image')) return avatarMessages.notImage;
  if (file.size > AVATAR_MAX_BYTES) return avatarMessages.tooLarge;
  return null;
}

/** The dimension rule (at least 200x199 px), or null. */
export function checkAvatarDimensions(width: number, height: number): string | null {
  return width < AVATAR_MIN_WIDTH || height < AVATAR_MIN_HEIGHT ? avatarMessages.tooSmall : null;
}

/** Slider value 0-100 -> cropper zoom factor 1-MAX_ZOOM. */
export function zoomFromPercent(percent: number): number {
  return 1 + (Math.min(100, Math.max(0, percent)) * (MAX_ZOOM - 1)) / 100;
}

/** Cropper zoom factor -> slider value 0-100 (whole numbers). */
export function percentFromZoom(zoom: number): number {
  return Math.min(100, Math.max(0, Math.round(((zoom - 1) * 100) / (MAX_ZOOM - 1))));
}

/** Keeps a rotation in -180..180 degrees. */
export function normalizeRotation(deg: number): number {
  const r = ((((deg + 180) % 360) + 360) % 360) - 180;
  return r === -180 && deg > 0 ? 180 : r;
}
