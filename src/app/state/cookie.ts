/** The session token lives in a cookie named jwt (spec section 3, Session). */
export const TOKEN_COOKIE = 'jwt';
const MAX_AGE_S = 7 * 24 * 3600;

/** The stored token, or '' when none. */
export function readTokenCookie(): string {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === TOKEN_COOKIE) return decodeURIComponent(rest.join('='));
  }
  return '';
}

/** Stores the token for the whole origin, so file URLs and the API both see it. */
export function writeTokenCookie(token: string): void {
  document.cookie = `${TOKEN_COOKIE}=${encodeURIComponent(token)}; path=/; max-age=${MAX_AGE_S}; SameSite=Lax`;
}

/** Forgets the token. */
export function removeTokenCookie(): void {
  document.cookie = `${TOKEN_COOKIE}=; path=/; max-age=0; SameSite=Lax`;
}
