import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({ listDemos: vi.fn(), copyDemo: vi.fn() }));
vi.mock('../../../../src/app/services/http', () => ({ studioApi: api, accountApi: {}, http: {} }));

import type { DemoItem } from '../../../../src/api/demo.contract';
import { i18n } from '../../../../src/app/i18n';
import { MessageHost } from '../../../../src/app/layout/MessageHost';
import { DemoPage } from '../../../../src/app/screens/demo/DemoPage';
import { copyingDemo, demoListState, demos } from '../../../../src/app/state/demo';
import { closeMessage, toasts } from '../../../../src/app/state/messages';

const ok = <T,>(data: T) => Promise.resolve({ code: 200, msg: 'ok', data });
const demo = (id: string, title: string, orientation: 1 | 2): DemoItem => ({
  id,
  title,
  description: `${title}的简介`,
  orientation,
  presenterName: '小美',
  presenterIcon: '/library/characters/xiaomei/icon.png',
  presenterImage: '/library/characters/xiaomei/static.png',
  voiceName: '中文女声 · 晓雯',
  sceneName: '教室',
  sceneThumb: '/library/scenes/classroom.thumb.jpg',
  pageCount: 4,
  minutes: 0.7,
  tags: ['教学课件'],
  excerpt: '同学们好',
  outline: ['第一页', '第二页', '第三页', '第四页'],
  accent: '#2f80ed',
});

function start() {
  const router = createMemoryRouter(
    [
      {
        path: '/demo',
        element: (
          <>
            <DemoPage />
            <MessageHost />
          </>
        ),
      },
      { path: '/video', element: <div data-testid="editor-stub" /> },
    ],
    { initialEntries: ['/demo'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(async () => {
  await i18n.changeLanguage('zh');
  vi.clearAllMocks();
  demos.value = [];
  demoListState.value = 'idle';
  copyingDemo.value = null;
  api.listDemos.mockReturnValue(
    ok([demo('lesson', '初中物理：认识浮力', 1), demo('short', '竖屏短视频：三分钟学会时间管理', 2)]),
  );
});
afterEach(() => {
  cleanup();
  for (const t of toasts.value) closeMessage(t.id);
});

describe('/demo 示例项目', () => {
  it('shows a card per example with orientation, length, page count and contents', async () => {
    start();
    const lesson = await screen.findByTestId('demo-card-lesson');
    expect(within(lesson).getByText('初中物理：认识浮力')).toBeTruthy();
    expect(within(lesson).getByTestId('demo-orientation').textContent).toContain('横屏');
    expect(within(lesson).getByText('约 1 分钟')).toBeTruthy();
    expect(within(lesson).getByText('4 页')).toBeTruthy();
    expect(within(lesson).getAllByRole('listitem')).toHaveLength(4);
    const short = screen.getByTestId('demo-card-short');
    expect(within(short).getByTestId('demo-orientation').textContent).toContain('竖屏');
    expect(short.querySelector('.ps-demo-phone')).not.toBeNull();
    expect(screen.getByText('2 个示例项目')).toBeTruthy();
  });

  it('copies with a loading state, then toasts and opens the editor on the new project', async () => {
    let finish: (v: unknown) => void = () => undefined;
    api.copyDemo.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    const router = start();
    const button = await screen.findByTestId('demo-copy-short');
    fireEvent.click(button);
    expect(api.copyDemo).toHaveBeenCalledWith('short');
    await waitFor(() => expect(button.textContent).toContain('正在复制并生成语音'));
    expect((button as HTMLButtonElement).disabled).toBe(true);
    // The other card waits: one copy at a time.
    expect((screen.getByTestId('demo-copy-lesson') as HTMLButtonElement).disabled).toBe(true);
    await act(async () => finish({ code: 200, msg: '已复制到我的项目', data: 42 }));
    await screen.findByTestId('editor-stub');
    expect(router.state.location.pathname + router.state.location.search).toBe('/video?videoid=42');
    expect(toasts.value.map((t) => t.text)).toContain('已复制到我的项目，正在打开编辑器');
  });

  it('stays on the page when the copy fails, and offers 重试 when the list fails', async () => {
    api.copyDemo.mockRejectedValue(new Error('boom'));
    const router = start();
    const button = await screen.findByTestId('demo-copy-lesson');
    fireEvent.click(button);
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    expect(router.state.location.pathname).toBe('/demo');
    cleanup();

    demoListState.value = 'idle';
    api.listDemos.mockRejectedValueOnce(new Error('down'));
    start();
    const failed = await screen.findByTestId('demo-failed');
    fireEvent.click(within(failed).getByRole('button'));
    expect(await screen.findByTestId('demo-card-lesson')).toBeTruthy();
  });
});
