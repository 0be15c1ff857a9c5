/** Product name shown in titles and on the login page. */
export const APP_NAME = '数字人视频工作台';

/** Version sent with the login call (spec section 7: user fields plus version). */
export const APP_VERSION: string = import.meta.env.VITE_APP_VERSION ?? '0.1.0';

/** API host prefix; '' means the same origin that serves the app. */
export const API_BASE: string = (import.meta.env.VITE_API_BASE ?? '').replace(/\/$/, '');

/** A file under public/, resolved against the app base (/home/). */
export function publicAsset(name: string): string {
  return `${import.meta.env.BASE_URL}${name}`;
}

/** Placeholder shown when the user has no avatar yet. */
export const DEFAULT_AVATAR = publicAsset('default-avatar.svg');

/** Prefixes a server path (e.g. /files/avatars/x.png) with the API base; absolute URLs pass through. */
export function resolveServerUrl(path: string): string {
  if (!path) return '';
  if (/^(https?:|data:|blob:)/.test(path)) return path;
  return `${API_BASE}${path.startsWith('/') ? '' : '/'}${path}`;
}
