import { computed, signal } from '@preact/signals-react';
import type { LoginRequest } from '../../api/auth.contract';
import type { ProfileData } from '../../api/user.contract';
import type { CallOptions } from '../../api/client';
import { resolveServerUrl } from '../config';
import { accountApi } from '../services/http';
import { generateRoutes, resetRoutes } from './routes';
import { closeAllViews } from './tagsView';
import { getToken, removeToken, setToken, token } from './token';

export { token };

/** Session state of spec section 3: name, avatar, introduction, roles, user, quanxian. */
export const name = signal('');
/** Avatar URL prefixed with the API base, or '' (the bar shows the placeholder). */
export const avatar = signal('');
export const introduction = signal('');
export const roles = signal<string[]>([]);
export const user = signal<ProfileData['user'] | null>(null);
export const quanxian = signal<string[]>([]);
/** Points balance shown in the user menu. */
export const points = computed(() => user.value?.points ?? 0);

export const ROLES_ERROR = 'getInfo: roles must be a non-null array!';

/** Logs in and stores the token; rejects with the server's msg when the code is not 200. */
export async function login(form: Omit<LoginRequest, 'version'> & { version: string }): Promise<void> {
  const res = await accountApi.login({ ...form, username: form.username.trim() });
  const value = res.token ?? res.data?.token;
  if (res.code !== 200 || !value) throw new Error(res.msg);
  setToken(value);
}

/** Loads user info into the session; roles must be a non-empty array. */
export async function getInfo(options: CallOptions = {}): Promise<ProfileData> {
  const res = await accountApi.profile(options);
  const data = res.data;
  if (!data) throw new Error(res.msg || 'Verification failed, please Login again.');
  if (!Array.isArray(data.roles) || data.roles.length === 0) throw new Error(ROLES_ERROR);
  applyProfile(data);
  return data;
}

/** Reloads the profile quietly after something that moved the points (a render charged or refunded). */
export function refreshPoints(): void {
  void getInfo({ quiet: true }).catch(() => undefined);
}

/** Copies a profile answer into the session signals. */
export function applyProfile(data: ProfileData): void {
  roles.value = data.roles;
  quanxian.value = data.quanxian ?? [];
  introduction.value = data.introduction ?? '';
  user.value = data.user;
  name.value = data.user.nickname || data.user.username;
  avatar.value = resolveServerUrl(data.user.avatar);
}

/** Shows a freshly uploaded avatar without waiting for the next profile load. */
export function setAvatar(url: string): void {
  avatar.value = resolveServerUrl(url);
  if (user.value) user.value = { ...user.value, avatar: url };
}

/** Forgets token and roles (the guard then sends the user to /login). */
export function resetToken(): void {
  removeToken();
  roles.value = [];
}

/** Logs out on the server, then clears token, roles, cookie, routes and tabs. */
export async function logout(): Promise<void> {
  try {
    if (getToken()) await accountApi.logout();
  } catch {
    // A token the server no longer knows is as logged out as it gets.
  }
  resetToken();
  user.value = null;
  resetRoutes();
  closeAllViews();
}

/** Demo-like role switch: token from the role name, reload info, regenerate routes, close tabs. */
export async function changeRoles(role: string): Promise<void> {
  setToken(`${role}-token`);
  const info = await getInfo();
  resetRoutes();
  generateRoutes(info.roles);
  closeAllViews();
}
