import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { settleProgress } from './helpers/settleProgress';
import { profileAnswer } from './helpers/profileAnswer';

const api = vi.hoisted(() => ({
  login: vi.fn(),
  logout: vi.fn(),
  profile: vi.fn(),
  captcha: vi.fn(),
  changePassword: vi.fn(),
  uploadAvatar: vi.fn(),
}));
vi.mock('../../../src/app/services/http', () => ({ accountApi: api, http: {}, confirmLogout: vi.fn() }));

import { ApiError } from '../../../src/api/client';
import { i18n } from '../../../src/app/i18n';
import { appGuard } from '../../../src/app/router/appGuard';
import { appRoutes, LAZY_SCREENS } from '../../../src/app/router/router';
import { closeMessage, toasts } from '../../../src/app/state/messages';
import { resetRoutes } from '../../../src/app/state/routes';
import { resetToken } from '../../../src/app/state/session';
import { setToken } from '../../../src/app/state/token';

const profile = profileAnswer(120, '演示用户');

function start(path: string) {
  const router = createMemoryRouter(appRoutes(appGuard), { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}
const input = (id: string, value: string) => fireEvent.change(screen.getByTestId(id), { target: { value } });

// The screens that load with their route, loaded once up front (importing the stage takes seconds here).
beforeAll(() => Promise.all(LAZY_SCREENS.map((load) => load())), 60_000);

beforeEach(async () => {
  await i18n.changeLanguage('zh');
  vi.clearAllMocks();
  resetToken();
  resetRoutes();
});
afterAll(settleProgress);

afterEach(() => {
  cleanup();
  for (const t of toasts.value) closeMessage(t.id);
});

describe('app routes with the guard', () => {
  it('sends a logged-out visit of /my to login, then back to /my after logging in', async () => {
    const router = start('/my');
    await screen.findByTestId('login-form');
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?redirect=%2Fmy');
    expect(document.title).toBe('登录 - 数字人视频工作台');

    api.login.mockResolvedValue({ code: 200, msg: '登录成功', token: 'T', data: { token: 'T' } });
    api.profile.mockResolvedValue(profile);
    input('login-username', 'demo');
    input('login-password', 'demo123456');
    await act(async () => fireEvent.click(screen.getByTestId('login-submit')));
    await screen.findByTestId('page-my');
    expect(router.state.location.pathname).toBe('/my');
    expect(screen.getByTestId('user-name').textContent).toBe('演示用户');
    expect(screen.getByTestId('user-points').textContent).toBe('120');
    // The top bar shows the points beside the name (spec 1), not only in the menu.
    expect(screen.getByTestId('user-points-top').textContent).toBe('120');
    expect(document.title).toBe('我的 - 数字人视频工作台');
  });

  it('shows the captcha once the server requires it', async () => {
    start('/login');
    await screen.findByTestId('login-form');
    api.login.mockRejectedValue(
      new ApiError('请输入验证码', 'business', 428, {
        code: 428,
        msg: '请输入验证码',
        data: { captchaRequired: true },
      }),
    );
    api.captcha.mockResolvedValue({ code: 200, msg: 'ok', data: { captchaId: 'c1', svg: '<svg/>' } });
    input('login-username', 'demo');
    input('login-password', 'bad');
    await act(async () => fireEvent.click(screen.getByTestId('login-submit')));
    expect(screen.getByTestId('login-error').textContent).toBe('请输入验证码');
    await screen.findByTestId('login-captcha-input');
    expect(api.captcha).toHaveBeenCalledOnce();
  });

  it('returns to /login, clears the token and shows the error when user info fails', async () => {
    setToken('stale');
    api.profile.mockRejectedValue(new ApiError('登录已过期', 'business', 501));
    const router = start('/helptool');
    await screen.findByTestId('login-form');
    expect(router.state.location.search).toBe('?redirect=%2Fhelptool');
    expect(toasts.value.map((t) => t.text)).toContain('登录已过期');
    expect(document.cookie).not.toContain('jwt=stale');
  });

  it('sends /video without videoid home with 非法跳转，请先选择项目 and unknown paths to /404', async () => {
    setToken('T');
    api.profile.mockResolvedValue(profile);
    const router = start('/video');
    await screen.findByTestId('page-home');
    expect(toasts.value.map((t) => t.text)).toContain('非法跳转，请先选择项目');
    await act(() => router.navigate('/does-not-exist'));
    await screen.findByTestId('page-404');
    expect(router.state.location.pathname).toBe('/404');
  });

  it('logs out to /login with the logged-out message', async () => {
    setToken('T');
    api.profile.mockResolvedValue(profile);
    api.logout.mockResolvedValue({ code: 200, msg: 'ok' });
    const router = start('/');
    await screen.findByTestId('page-home');
    await act(async () => fireEvent.click(screen.getByTestId('menu-logout')));
    await screen.findByTestId('login-form');
    expect(router.state.location.pathname).toBe('/login');
    expect(api.logout).toHaveBeenCalledOnce();
    expect(toasts.value).toContainEqual(expect.objectContaining({ type: 'success', text: '登出成功' }));
  });

  it('keeps visited views mounted (hidden) while their tab is open, except noCache ones', async () => {
    setToken('T');
    api.profile.mockResolvedValue(profile);
    const router = start('/my');
    await screen.findByTestId('page-my');
    await act(() => router.navigate('/helptool'));
    await screen.findByTestId('page-helptool');
    expect(screen.getByTestId('page-my').parentElement?.hidden).toBe(true);
    expect(screen.getByTestId('page-helptool').parentElement?.hidden).toBe(false);
    await act(() => router.navigate('/video?videoid=3'));
    await screen.findByTestId('page-video');
    await act(() => router.navigate('/my'));
    await screen.findByTestId('page-my');
    expect(screen.queryByTestId('page-video')).toBeNull();
    expect(screen.getByTestId('page-my').parentElement?.hidden).toBe(false);
    await act(async () =>
      fireEvent.click(screen.getByTestId('tag-helptool').querySelector('.ps-tag-close')!),
    );
    expect(screen.queryByTestId('page-helptool')).toBeNull();
  });

  it('refreshes user info and points on avatar hover, at most once per 2 s', async () => {
    setToken('T');
    api.profile.mockResolvedValue(profile);
    start('/');
    await screen.findByTestId('page-home');
    const loads = api.profile.mock.calls.length;
    const now = vi.spyOn(Date, 'now').mockReturnValue(1_000_000);
    api.profile.mockResolvedValue({
      ...profile,
      data: { ...profile.data, user: { ...profile.data.user, points: 99 } },
    });
    await act(async () => fireEvent.mouseEnter(screen.getByTestId('user-menu-trigger')));
    await act(async () => fireEvent.mouseEnter(screen.getByTestId('user-menu-trigger')));
    expect(api.profile.mock.calls.length).toBe(loads + 1);
    expect(screen.getByTestId('user-points').textContent).toBe('99');
    now.mockReturnValue(1_002_000);
    await act(async () => fireEvent.mouseEnter(screen.getByTestId('user-menu-trigger')));
    expect(api.profile.mock.calls.length).toBe(loads + 2);
    now.mockRestore();
  });
});
