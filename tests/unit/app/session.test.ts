import { beforeEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({
  login: vi.fn(),
  logout: vi.fn(),
  profile: vi.fn(),
  captcha: vi.fn(),
  changePassword: vi.fn(),
  uploadAvatar: vi.fn(),
}));
vi.mock('../../../src/app/services/http', () => ({ accountApi: api, http: {}, confirmLogout: vi.fn() }));

import { readTokenCookie } from '../../../src/app/state/cookie';
import { addedRoutes } from '../../../src/app/state/routes';
import * as session from '../../../src/app/state/session';
import { addView, visitedViews } from '../../../src/app/state/tagsView';
import { asyncRoutes } from '../../../src/app/router/routeTable';

const profile = (roles: string[], avatar = '/files/avatars/a.png?sig=1') => ({
  code: 200,
  msg: 'ok',
  data: {
    roles,
    quanxian: ['p1'],
    introduction: 'hi',
    user: { userId: 1, username: 'demo', nickname: '演示', avatar, points: 42 },
  },
});

beforeEach(() => {
  vi.clearAllMocks();
  session.resetToken();
  addedRoutes.value = [];
});

describe('session', () => {
  it('login stores the token in the state and in the jwt cookie', async () => {
    api.login.mockResolvedValue({ code: 200, msg: '登录成功', token: 'T1', data: { token: 'T1' } });
    await session.login({ username: ' demo ', password: 'pw', version: '1' });
    expect(api.login).toHaveBeenCalledWith({ username: 'demo', password: 'pw', version: '1' });
    expect(session.token.value).toBe('T1');
    expect(readTokenCookie()).toBe('T1');
  });

  it('login fails with the response msg when the code is not 200', async () => {
    api.login.mockResolvedValue({ code: 400, msg: '用户名或密码错误' });
    await expect(session.login({ username: 'a', password: 'b', version: '1' })).rejects.toThrow(
      '用户名或密码错误',
    );
    expect(readTokenCookie()).toBe('');
  });

  it('getInfo fills name, avatar (prefixed), introduction, roles, user and quanxian', async () => {
    api.profile.mockResolvedValue(profile(['editor']));
    await session.getInfo();
    expect(session.roles.value).toEqual(['editor']);
    expect(session.name.value).toBe('演示');
    expect(session.avatar.value).toBe('/files/avatars/a.png?sig=1');
    expect(session.introduction.value).toBe('hi');
    expect(session.quanxian.value).toEqual(['p1']);
    expect(session.points.value).toBe(42);
  });

  it('getInfo keeps an empty avatar empty (the bar shows the placeholder)', async () => {
    api.profile.mockResolvedValue(profile(['editor'], ''));
    await session.getInfo();
    expect(session.avatar.value).toBe('');
  });

  it("getInfo rejects 'getInfo: roles must be a non-null array!' when roles are empty", async () => {
    api.profile.mockResolvedValue(profile([]));
    await expect(session.getInfo()).rejects.toThrow('getInfo: roles must be a non-null array!');
    expect(session.roles.value).toEqual([]);
  });

  it('getInfo rejects with the msg when data is missing', async () => {
    api.profile.mockResolvedValue({ code: 200, msg: '用户不存在' });
    await expect(session.getInfo()).rejects.toThrow('用户不存在');
  });

  it('logout calls the server, then clears token, roles, cookie, routes and tabs', async () => {
    session.token.value = 'T';
    document.cookie = 'jwt=T; path=/';
    session.roles.value = ['editor'];
    addedRoutes.value = [...asyncRoutes];
    addView(asyncRoutes[2], '/my');
    api.logout.mockRejectedValue(new Error('expired'));
    await session.logout();
    expect(api.logout).toHaveBeenCalledOnce();
    expect(session.token.value).toBe('');
    expect(readTokenCookie()).toBe('');
    expect(session.roles.value).toEqual([]);
    expect(addedRoutes.value).toEqual([]);
    expect(visitedViews.value.map((v) => v.path)).toEqual(['/']);
  });

  it('changeRoles sets <role>-token, reloads info, regenerates routes and closes tabs', async () => {
    api.profile.mockResolvedValue(profile(['admin']));
    addView(asyncRoutes[1], '/helptool');
    await session.changeRoles('admin');
    expect(session.token.value).toBe('admin-token');
    expect(readTokenCookie()).toBe('admin-token');
    expect(addedRoutes.value).toEqual(asyncRoutes);
    expect(visitedViews.value.map((v) => v.path)).toEqual(['/']);
  });

  it('resetToken clears token and roles', () => {
    session.token.value = 'x';
    session.roles.value = ['editor'];
    session.resetToken();
    expect(session.token.value).toBe('');
    expect(session.roles.value).toEqual([]);
  });
});
