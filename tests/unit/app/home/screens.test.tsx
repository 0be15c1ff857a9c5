import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { profileAnswer } from '../helpers/profileAnswer';

const api = vi.hoisted(() => ({
  listProjects: vi.fn(),
  addProject: vi.fn(),
  renameProject: vi.fn(),
  deleteProject: vi.fn(),
  composeStatus: vi.fn(),
  composeProject: vi.fn(),
  composeCancel: vi.fn(),
  listVideos: vi.fn(),
}));
// The balance as the server has it: a render charges, a cancel refunds, the page reloads it.
const account = vi.hoisted(() => ({ balance: 1000, profile: vi.fn() }));
account.profile.mockImplementation(() => Promise.resolve(profileAnswer(account.balance)));
vi.mock('../../../../src/app/services/http', () => ({
  studioApi: api,
  accountApi: { profile: account.profile },
  http: {},
}));

import type { ComposeStatus, VideoItem } from '../../../../src/api/compose.contract';
import type { ProjectListItem } from '../../../../src/api/project.contract';
import { i18n } from '../../../../src/app/i18n';
import { ConfirmHost } from '../../../../src/app/layout/ConfirmHost';
import { MessageHost } from '../../../../src/app/layout/MessageHost';
import { HomeScreen } from '../../../../src/app/screens/home/HomeScreen';
import { MyScreen } from '../../../../src/app/screens/my/MyScreen';
import { closeMessage, toasts } from '../../../../src/app/state/messages';
import { allProjects } from '../../../../src/app/state/projects';

const ok = <T,>(data: T) => Promise.resolve({ code: 200, msg: 'ok', data });
const item = (projectId: number, name: string, composeStatus: string, proKind = 3): ProjectListItem => ({
  projectId,
  name,
  description: '',
  type: 2,
  proKind,
  distinguishability: 2,
  original: 1,
  createdAt: 1,
  updatedAt: new Date(2026, 10, 22, 10, 30).getTime(),
  composeStatus,
});
const status = (
  projectId: number,
  s: ComposeStatus['status'],
  extra: Partial<ComposeStatus> = {},
): ComposeStatus => ({
  projectId,
  jobId: projectId * 10,
  status: s,
  percent: 0,
  pagesDone: 0,
  pageCount: 0,
  etaSeconds: null,
  message: '',
  video: null,
  createdAt: new Date(2026, 10, 22, 11, 0).getTime(),
  updatedAt: 1,
  ...extra,
});

function start(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <>
            <HomeScreen />
            <ConfirmHost />
            <MessageHost />
          </>
        ),
      },
      {
        path: '/my',
        element: (
          <>
            <MyScreen />
            <ConfirmHost />
          </>
        ),
      },
      { path: '/video', element: <div data-testid="editor-stub" /> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(async () => {
  await i18n.changeLanguage('zh');
  vi.clearAllMocks();
  allProjects.loaded.value = false;
  allProjects.items.value = [];
  allProjects.statuses.value = {};
  api.listVideos.mockReturnValue(ok({ list: [], count: 0 }));
});
afterEach(() => {
  cleanup();
  for (const t of toasts.value) closeMessage(t.id);
});

describe('home centre', () => {
  beforeEach(() => {
    api.listProjects.mockReturnValue(
      ok({
        list: [item(1, '季度复盘', 'rendering'), item(2, '入职培训', 'failed', 2), item(3, '发布会', 'done')],
        count: 3,
      }),
    );
    api.composeStatus.mockImplementation((id: number) =>
      ok(
        id === 1
          ? status(1, 'rendering', { percent: 45, pagesDone: 1, pageCount: 4, etaSeconds: 12 })
          : status(2, 'failed', { message: '第1页的音频不存在或已被删除' }),
      ),
    );
  });

  it('lists projects with kind, last edit and synthesis status, progress and failure reason', async () => {
    start('/');
    const row = await screen.findByTestId('project-row-1');
    expect(row.textContent).toContain('季度复盘');
    expect(row.textContent).toContain('文字视频');
    expect(row.textContent).toContain('2026-11-22 10:30');
    await waitFor(() => expect(screen.getByTestId('project-status-1').textContent).toContain('45%'));
    expect(screen.getByTestId('project-status-1').textContent).toContain('第 2/4 页 · 预计剩余 12 秒');
    expect(screen.getByTestId('project-row-2').textContent).toContain('语音视频');
    expect(screen.getByTestId('project-status-2').textContent).toContain('第1页的音频不存在或已被删除');
    expect(screen.getByTestId('project-status-3-videos').getAttribute('href')).toBe('/my?tab=videos');
    expect(screen.getByTestId('project-pager-total').textContent).toBe('共 3 条');
    expect(screen.getByTestId('stat-projects').textContent).toContain('3');
    expect(screen.getByTestId('stat-composing').textContent).toContain('1');
    expect(document.body.textContent).not.toMatch(/undefined|NaN/);
  });

  it('asks before deleting: cancel shows 已取消删除, confirm deletes and reloads', async () => {
    start('/');
    fireEvent.click(await screen.findByTestId('project-delete-2'));
    expect((await screen.findByTestId('confirm-delete-project')).textContent).toContain(
      '此操作将永久删除项目「入职培训」及其合成的视频（合成中的将取消并退回积分）, 是否继续?',
    );
    await act(async () => fireEvent.click(screen.getByTestId('confirm-delete-project-cancel')));
    expect(toasts.value.map((t) => [t.type, t.text])).toContainEqual(['info', '已取消删除']);
    expect(api.deleteProject).not.toHaveBeenCalled();

    api.deleteProject.mockReturnValue(ok(null));
    const loads = api.listProjects.mock.calls.length;
    fireEvent.click(screen.getByTestId('project-delete-2'));
    await act(async () => fireEvent.click(await screen.findByTestId('confirm-delete-project-confirm')));
    expect(api.deleteProject).toHaveBeenCalledWith(2, { mode: 'announce' });
    await waitFor(() => expect(api.listProjects.mock.calls.length).toBe(loads + 1));
  });

  it('renames through the dialog, refusing an empty name', async () => {
    start('/');
    fireEvent.click(await screen.findByTestId('project-rename-1'));
    const input = await screen.findByTestId('rename-input');
    expect((input as HTMLInputElement).value).toBe('季度复盘');
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.click(screen.getByTestId('rename-save'));
    expect(await screen.findByText('请输入项目名称')).toBeTruthy();
    expect(api.renameProject).not.toHaveBeenCalled();

    api.renameProject.mockReturnValue(ok(null));
    fireEvent.change(input, { target: { value: ' 季度复盘（终版） ' } });
    await act(async () => fireEvent.click(screen.getByTestId('rename-save')));
    expect(api.renameProject).toHaveBeenCalledWith(1, '季度复盘（终版）', { mode: 'announce' });
    await waitFor(() => expect(screen.queryByTestId('rename-dialog')).toBeNull());
    expect(screen.getByTestId('project-row-1').textContent).toContain('季度复盘（终版）');
  });

  it('creates a text video with its auto name and opens it in the editor', async () => {
    api.addProject.mockReturnValue(ok(42));
    const router = start('/');
    await act(async () => fireEvent.click(await screen.findByTestId('home-create-text')));
    expect(api.addProject.mock.calls[0][0]).toMatchObject({
      proKind: 3,
      name: expect.stringMatching(/^文字视频\d{14}$/),
    });
    await screen.findByTestId('editor-stub');
    expect(router.state.location.pathname + router.state.location.search).toBe('/video?videoid=42');
  });

  it('opens a project in the editor', async () => {
    const router = start('/');
    fireEvent.click(await screen.findByTestId('project-open-3'));
    await screen.findByTestId('editor-stub');
    expect(router.state.location.search).toBe('?videoid=3');
  });

  it('invites to create the first video when there is no project', async () => {
    api.listProjects.mockReturnValue(ok({ list: [], count: 0 }));
    start('/');
    expect((await screen.findByTestId('project-empty')).textContent).toContain('还没有项目');
    expect(screen.getByTestId('empty-create-text')).toBeTruthy();
    expect(screen.getByTestId('empty-create-voice')).toBeTruthy();
  });
});

describe('我的', () => {
  const video = (
    jobId: number,
    s: ComposeStatus['status'],
    extra: Partial<ComposeStatus> = {},
  ): VideoItem => ({
    ...status(jobId, s, extra),
    jobId,
    projectName: `视频${jobId}`,
  });

  it('shows finished videos with player and download, failed with reason and 重新合成, running with 取消', async () => {
    api.listVideos.mockReturnValue(
      ok({
        list: [
          video(3, 'rendering', { percent: 20, pagesDone: 0, pageCount: 2 }),
          video(2, 'failed', { message: '第1页的音频不存在或已被删除' }),
          video(1, 'done', {
            video: {
              url: '/files/v/1.mp4?exp=1&sig=a',
              durationMs: 8400,
              size: 261939,
              width: 1920,
              height: 1080,
            },
          }),
        ],
        count: 3,
      }),
    );
    start('/my');
    const done = await screen.findByTestId('video-item-1');
    expect(done.textContent).toContain('0:08');
    expect(done.textContent).toContain('255.8 KB');
    expect(done.textContent).toContain('1920×1080');
    const download = screen.getByTestId('video-download-1');
    expect(download.getAttribute('href')).toBe('/files/v/1.mp4?exp=1&sig=a');
    expect(download.getAttribute('download')).toBe('视频1-1.mp4');

    fireEvent.click(screen.getByTestId('video-play-1'));
    const player = (await screen.findByTestId('video-player')) as HTMLVideoElement;
    expect(player.getAttribute('src')).toBe('/files/v/1.mp4?exp=1&sig=a');
    expect(player.controls).toBe(true);

    expect(screen.getByTestId('video-item-2').textContent).toContain('第1页的音频不存在或已被删除');
    await waitFor(() => expect(screen.getByTestId('my-points').textContent).toContain('1000'));
    api.composeProject.mockReturnValue(ok(status(2, 'queued')));
    account.balance = 998;
    await act(async () => fireEvent.click(screen.getByTestId('video-recompose-2')));
    expect(api.composeProject).toHaveBeenCalledWith(2, { mode: 'announce' });
    // The charge shows at once, not on the next hover of the avatar.
    await waitFor(() => expect(screen.getByTestId('my-points').textContent).toContain('998'));

    expect(screen.getByTestId('video-item-3').textContent).toContain('20%');
    api.composeCancel.mockReturnValue(ok(status(3, 'cancelled')));
    account.balance = 1000; // refunded by the cancel
    fireEvent.click(screen.getByTestId('video-cancel-3'));
    await act(async () => fireEvent.click(await screen.findByTestId('confirm-cancel-compose-confirm')));
    expect(api.composeCancel).toHaveBeenCalledWith(3, { mode: 'announce' });
    await waitFor(() => expect(screen.getByTestId('my-points').textContent).toContain('1000'));
    expect(document.body.textContent).not.toMatch(/undefined|NaN/);
  });

  it('shows an empty state without videos', async () => {
    start('/my');
    expect((await screen.findByTestId('video-empty')).textContent).toContain('还没有合成过视频');
  });

  it('查看视频 (/my?tab=videos) shows the videos even when 我的素材 was the tab last shown (QA)', async () => {
    const router = start('/my?tab=materials');
    await waitFor(() =>
      expect(screen.getByTestId('my-tab-materials').getAttribute('aria-selected')).toBe('true'),
    );
    await act(() => router.navigate('/my?tab=videos'));
    await waitFor(() =>
      expect(screen.getByTestId('my-tab-videos').getAttribute('aria-selected')).toBe('true'),
    );
    expect(await screen.findByTestId('video-empty')).toBeTruthy();
  });
});
