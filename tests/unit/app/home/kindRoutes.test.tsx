import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { settleProgress } from '../helpers/settleProgress';

const account = vi.hoisted(() => ({ profile: vi.fn(), logout: vi.fn() }));
const studio = vi.hoisted(() => ({ listProjects: vi.fn(), composeStatus: vi.fn(), listVideos: vi.fn() }));
vi.mock('../../../../src/app/services/http', () => ({
  accountApi: account,
  studioApi: studio,
  http: {},
  confirmLogout: vi.fn(),
}));

import { i18n } from '../../../../src/app/i18n';
import { appGuard } from '../../../../src/app/router/appGuard';
import { appRoutes, LAZY_SCREENS } from '../../../../src/app/router/router';
import { resetRoutes } from '../../../../src/app/state/routes';
import { resetToken } from '../../../../src/app/state/session';
import { setToken } from '../../../../src/app/state/token';

const ok = <T,>(data: T) => Promise.resolve({ code: 200, msg: 'ok', data });

function start(path: string) {
  const router = createMemoryRouter(appRoutes(appGuard), { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

// The screens that load with their route, loaded once up front (importing the stage takes seconds here).
beforeAll(() => Promise.all(LAZY_SCREENS.map((load) => load())), 60_000);

beforeEach(async () => {
  await i18n.changeLanguage('zh');
  vi.clearAllMocks();
  resetToken();
  resetRoutes();
  setToken('T');
  account.profile.mockReturnValue(
    ok({
      roles: ['editor'],
      quanxian: [],
      introduction: '',
      user: { userId: 1, username: 'demo', nickname: '演示', avatar: '', points: 1 },
    }),
  );
  studio.listProjects.mockReturnValue(ok({ list: [], count: 0 }));
  studio.listVideos.mockReturnValue(ok({ list: [], count: 0 }));
});
afterAll(settleProgress);

afterEach(() => cleanup());

describe('/protext and /prowav', () => {
  it('list the projects of their kind with a create button for it', async () => {
    start('/prowav');
    await screen.findByTestId('page-prowav');
    expect(screen.getByTestId('prowav-create').textContent).toContain('新建语音视频');
    await waitFor(() =>
      expect(studio.listProjects).toHaveBeenCalledWith({ pageIndex: 1, pageSize: 20, proKind: 2 }),
    );
  });

  it('open the editor when the address carries videoid', async () => {
    const router = start('/protext?videoid=7');
    await waitFor(() => expect(router.state.location.pathname).toBe('/video'));
    expect(router.state.location.search).toBe('?videoid=7');
  });

  it('still go to login first without a token', async () => {
    resetToken();
    const router = start('/prowav?videoid=7');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
