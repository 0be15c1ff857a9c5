import { signal } from '@preact/signals-react';
import { readTokenCookie, removeTokenCookie, writeTokenCookie } from './cookie';

/** The session token (mirrors the jwt cookie). */
export const token = signal<string>(typeof document === 'undefined' ? '' : readTokenCookie());

/** The stored token, or '' when none. */
export function getToken(): string {
  return token.value;
}

/** Stores a token in the state and the cookie. */
export function setToken(value: string): void {
  token.value = value;
  writeTokenCookie(value);
}

/** Forgets the token in the state and the cookie. */
export function removeToken(): void {
  token.value = '';
  removeTokenCookie();
}
