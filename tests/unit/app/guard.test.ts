import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createGuard,
  ILLEGAL_JUMP,
  PROGRESS_END_DELAY_MS,
  type GuardDeps,
} from '../../../src/app/router/guard';
import {
  asyncRoutes,
  constantRoutes,
  filterAsyncRoutes,
  type RouteDef,
} from '../../../src/app/router/routeTable';

/** A guard over an in-memory session. */
function setup(initial: { token?: string; roles?: string[]; userRoles?: string[]; loadError?: Error } = {}) {
  const state = { token: initial.token ?? '', roles: initial.roles ?? [], routes: [] as RouteDef[] };
  if (state.roles.length) state.routes = filterAsyncRoutes(asyncRoutes, state.roles);
  const timers: { fn: () => void; ms: number }[] = [];
  const deps = {
    getToken: () => state.token,
    setToken: vi.fn((t: string) => void (state.token = t)),
    resetToken: vi.fn(() => {
      state.token = '';
      state.roles = [];
    }),
    hasRoles: () => state.roles.length > 0,
    loadUser: vi.fn(async () => {
      if (initial.loadError) throw initial.loadError;
      state.roles = initial.userRoles ?? ['editor'];
      return { roles: state.roles };
    }),
    generateRoutes: vi.fn((roles: string[]) => void (state.routes = filterAsyncRoutes(asyncRoutes, roles))),
    routes: () => [...constantRoutes, ...state.routes],
    showError: vi.fn(),
    progressStart: vi.fn(),
    progressDone: vi.fn(),
    setTitle: vi.fn(),
    schedule: vi.fn((fn: () => void, ms: number) => void timers.push({ fn, ms })),
  } satisfies GuardDeps;
  return { guard: createGuard(deps), deps, state, timers };
}

const to = (path: string) => {
  const [pathname, query] = path.split('?');
  return { pathname, search: query ? `?${query}` : '' };
};

describe('navigation guard', () => {
  let s: ReturnType<typeof setup>;
  beforeEach(() => {
    s = setup();
  });

  it('stores a token found in the URL query and goes to /', async () => {
    await expect(s.guard.navigate(to('/my?token=abc'))).resolves.toEqual({ kind: 'redirect', to: '/' });
    expect(s.deps.setToken).toHaveBeenCalledWith('abc');
    expect(s.state.token).toBe('abc');
  });

  it.each(['/login', '/404', '/401'])('lets %s through without a token', async (path) => {
    const d = await s.guard.navigate(to(path));
    expect(d).toMatchObject({ kind: 'allow', route: { path } });
    expect(s.deps.loadUser).not.toHaveBeenCalled();
  });

  it.each([
    ['/', '/login?redirect=%2F'],
    ['/my', '/login?redirect=%2Fmy'],
    ['/video?videoid=7', '/login?redirect=%2Fvideo%3Fvideoid%3D7'],
    ['/no-such-page', '/login?redirect=%2Fno-such-page'],
  ])('without a token sends %s to %s', async (path, target) => {
    await expect(s.guard.navigate(to(path))).resolves.toEqual({ kind: 'redirect', to: target });
  });

  it('with a token sends /login to /', async () => {
    s = setup({ token: 't', roles: ['editor'] });
    await expect(s.guard.navigate(to('/login?redirect=%2Fmy'))).resolves.toEqual({
      kind: 'redirect',
      to: '/',
    });
  });

  it('loads user info once, generates routes from the roles and retries the navigation', async () => {
    s = setup({ token: 't', userRoles: ['editor'] });
    const d = await s.guard.navigate(to('/helptool'));
    expect(d).toMatchObject({ kind: 'allow', route: { path: '/helptool' } });
    expect(s.deps.loadUser).toHaveBeenCalledOnce();
    expect(s.deps.generateRoutes).toHaveBeenCalledWith(['editor']);
    await s.guard.navigate(to('/my'));
    expect(s.deps.loadUser).toHaveBeenCalledOnce();
  });

  it('gives admin every async route and filters others by meta roles (none defined: all)', () => {
    expect(filterAsyncRoutes(asyncRoutes, ['admin'])).toEqual(asyncRoutes);
    expect(filterAsyncRoutes(asyncRoutes, ['editor'])).toEqual(asyncRoutes);
    const restricted: RouteDef[] = [
      { path: '/a', name: 'demo', meta: { roles: ['admin'] } },
      { path: '/b', name: 'three', meta: {} },
    ];
    expect(filterAsyncRoutes(restricted, ['editor']).map((r) => r.path)).toEqual(['/b']);
    expect(filterAsyncRoutes(restricted, ['admin']).map((r) => r.path)).toEqual(['/a', '/b']);
  });

  it('clears the token, shows the error and goes to /login with redirect when user info fails', async () => {
    s = setup({ token: 'bad', loadError: new Error('getInfo: roles must be a non-null array!') });
    const d = await s.guard.navigate(to('/my'));
    expect(d).toEqual({ kind: 'redirect', to: '/login?redirect=%2Fmy' });
    expect(s.deps.resetToken).toHaveBeenCalledOnce();
    expect(s.state.token).toBe('');
    expect(s.deps.showError).toHaveBeenCalledWith('getInfo: roles must be a non-null array!');
    expect(s.deps.generateRoutes).not.toHaveBeenCalled();
  });

  it('sends unknown paths to /404 once signed in', async () => {
    s = setup({ token: 't', roles: ['editor'] });
    await expect(s.guard.navigate(to('/nope'))).resolves.toEqual({ kind: 'redirect', to: '/404' });
  });

  it('sends /video without videoid to / with 非法跳转，请先选择项目', async () => {
    s = setup({ token: 't', roles: ['editor'] });
    await expect(s.guard.navigate(to('/video'))).resolves.toEqual({ kind: 'redirect', to: '/' });
    expect(s.deps.showError).toHaveBeenCalledWith(ILLEGAL_JUMP);
    expect(ILLEGAL_JUMP).toBe('非法跳转，请先选择项目');
    await expect(s.guard.navigate(to('/video?videoid=12'))).resolves.toMatchObject({ kind: 'allow' });
  });

  it.each([
    '/',
    '/helptool',
    '/my',
    '/protext',
    '/prowav',
    '/virtual',
    '/demo',
    '/three',
    '/myvoice',
    '/digitalPeople',
    '/subtitle',
  ])('opens %s for a signed-in user', async (path) => {
    s = setup({ token: 't', roles: ['editor'] });
    await expect(s.guard.navigate(to(path))).resolves.toMatchObject({ kind: 'allow', route: { path } });
  });

  it('starts the progress bar, sets the title and ends the bar 500 ms after each navigation', async () => {
    s = setup({ token: 't', roles: ['editor'] });
    await s.guard.navigate(to('/my'));
    expect(s.deps.progressStart).toHaveBeenCalledOnce();
    expect(s.deps.setTitle).toHaveBeenCalledWith(expect.objectContaining({ path: '/my' }));
    expect(s.timers).toEqual([{ fn: s.deps.progressDone, ms: PROGRESS_END_DELAY_MS }]);
    expect(PROGRESS_END_DELAY_MS).toBe(500);
    await s.guard.navigate(to('/nope'));
    expect(s.timers).toHaveLength(2);
    expect(s.deps.setTitle).toHaveBeenCalledOnce();
  });
});
