import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { character, pageOf, scene, voice } from '../library/fakeLibrary';

const api = vi.hoisted(() => ({
  listCharacters: vi.fn(),
  listScenes: vi.fn(),
  listVoices: vi.fn(),
  textToSpeech: vi.fn(),
  addProject: vi.fn(),
  updateProject: vi.fn(),
  projectDetail: vi.fn(),
  listProjects: vi.fn(),
}));
vi.mock('../../../../src/app/services/http', () => ({ studioApi: api, http: {}, confirmLogout: vi.fn() }));

import { HelpToolPage } from '../../../../src/app/screens/HelpToolPage';
import { speechFileName } from '../../../../src/app/screens/tools/TextToSpeechTool';
import { VirtualPage } from '../../../../src/app/screens/virtual/VirtualPage';
import { i18n } from '../../../../src/app/i18n';
import {
  pickedCharacter,
  scriptText,
  toolLibraryState,
  toolVoices,
  ttsResult,
  ttsText,
} from '../../../../src/app/state/tools';
import { invalidateLibrary } from '../../../../src/app/state/libraryCache';
import type { ProjectDocument } from '../../../../src/model/project';

const ok = <T,>(data: T) => Promise.resolve({ code: 200, msg: 'ok', data });
const presenters = [
  character('xiaoya', { timbreInfo: 'zh-f' }),
  character('zixuan', { timbreInfo: 'zh-m', sex: 1, name: '子轩' }),
];
const voices = [voice('zh-f', { show_name: '中文女声' }), voice('zh-m', { sex: 1, show_name: '中文男声' })];

function start(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/helptool', element: <HelpToolPage /> },
      { path: '/virtual', element: <VirtualPage /> },
      { path: '/video', element: <div data-testid="editor" /> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(async () => {
  invalidateLibrary();
  await i18n.changeLanguage('zh');
  localStorage.clear();
  // Built-in presenters are public (isPublic 1); this user has no own presenters (isPublic 2).
  api.listCharacters.mockImplementation(
    async (b: { pageIndex: number; pageSize: number; isPublic?: number }) =>
      pageOf(b.isPublic === 2 ? [] : presenters, b.pageIndex, b.pageSize),
  );
  api.listScenes.mockImplementation(async (b: { sizeType: number }) =>
    pageOf(
      [scene('studio', 1), scene('tall', 2)].filter((s) => s.sizeType === b.sizeType),
      1,
      100,
    ),
  );
  // No private voices (isPublic 2) unless a test says so.
  api.listVoices.mockImplementation(async (b: { isPublic?: number }) =>
    pageOf(b.isPublic === 2 ? [] : voices, 1, 100),
  );
  api.addProject.mockReturnValueOnce(ok(41)).mockReturnValue(ok(42));
  api.updateProject.mockReturnValue(ok({ revision: 1 }));
  api.listProjects.mockReturnValue(ok({ list: [], count: 0, pageIndex: 1, pageSize: 100 }));
  api.textToSpeech.mockReturnValue(ok({ soundPath: '/files/a.wav', soundTime: 2.5, timingsPath: '' }));
  act(() => {
    scriptText.value = '';
    ttsText.value = '';
    ttsResult.value = null;
    pickedCharacter.value = null;
  });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('一键成片', () => {
  it('previews the pages live and creates a helper project that opens in the editor', async () => {
    const router = start('/helptool');
    await screen.findAllByTestId('script-presenter');
    fireEvent.change(screen.getByTestId('script-text'), {
      target: { value: '大家好。'.repeat(40) + '\n' + '字'.repeat(320) },
    });
    const pages = screen.getAllByTestId('script-page');
    expect(pages.map((p) => within(p).getByTestId('script-page-chars').textContent)).toEqual([
      '120 字',
      '40 字',
      '160 字',
      '160 字',
    ]);
    expect(within(pages[0]).getByText('第1页')).toBeTruthy();
    // Defaults: first presenter, its suggested voice, the first landscape scene; then a new presenter.
    fireEvent.click(screen.getAllByTestId('script-presenter')[1]);
    expect(screen.getAllByTestId('script-voice')[1].getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(screen.getByTestId('script-generate'));
    await waitFor(() => expect(router.state.location.search).toBe('?videoid=41'));
    expect(api.addProject).toHaveBeenCalledWith({
      proKind: 3,
      name: expect.stringMatching(/^助手工具\d{14}$/),
    });
    const body = api.updateProject.mock.calls[0][0];
    expect(body).toMatchObject({ projectId: 41, original: 1, revision: 0 });
    const doc = JSON.parse(body.userProjectInfo) as ProjectDocument;
    expect(doc.ppt.pages).toHaveLength(4);
    expect(doc.character).toMatchObject({ uuid: 'zixuan', voiceId: 'zh-m' });
    expect(doc.scene.uuid).toBe('studio');
    expect(scriptText.value).toBe('');
  });

  it('keeps 生成项目 disabled until there is a script', async () => {
    start('/helptool');
    await screen.findAllByTestId('script-presenter');
    expect((screen.getByTestId('script-generate') as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('文字转语音', () => {
  it('speaks the text in the helper project and offers a player and a named download', async () => {
    start('/helptool?tool=tts');
    await screen.findAllByTestId('tts-voice');
    fireEvent.click(screen.getByTestId('tts-sex-1'));
    expect(screen.getAllByTestId('tts-voice').map((v) => v.textContent)).toEqual(['中文男声']);
    fireEvent.click(screen.getAllByTestId('tts-voice')[0]);
    fireEvent.change(screen.getByTestId('tts-text'), { target: { value: '你好，欢迎使用文字转语音！' } });
    fireEvent.click(screen.getByTestId('tts-generate'));
    const audio = await screen.findByTestId('tts-audio');
    expect(audio.getAttribute('src')).toContain('/files/a.wav');
    // Tool speech belongs to no project: nothing appears in the user's project list.
    expect(api.addProject).not.toHaveBeenCalled();
    expect(api.textToSpeech).toHaveBeenCalledWith({
      timbreId: 'zh-m',
      text: '你好，欢迎使用文字转语音！',
    });
    expect(screen.getByTestId('tts-download').getAttribute('download')).toBe('你好欢迎使用文字转语音.wav');
  });

  it('refuses more than 300 characters', async () => {
    start('/helptool?tool=tts');
    await screen.findAllByTestId('tts-voice');
    fireEvent.change(screen.getByTestId('tts-text'), { target: { value: '字'.repeat(301) } });
    expect(screen.getByTestId('tts-too-long').textContent).toBe('文字不能超过 300 字');
    expect((screen.getByTestId('tts-generate') as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('数字人形象库', () => {
  it('lists every presenter with its suggested voice and a preview button', async () => {
    start('/virtual');
    const cards = await screen.findAllByTestId('presenter-card');
    expect(cards.map((c) => c.getAttribute('data-id'))).toEqual(['xiaoya', 'zixuan']);
    await waitFor(() => expect(within(cards[1]).getByText('推荐音色：中文男声')).toBeTruthy());
    expect(within(cards[0]).getByTestId('presenter-preview').getAttribute('data-state')).toBe('idle');
  });

  it('用 TA 做视频 starts a project with the presenter and its voice chosen, opened in the editor', async () => {
    const router = start('/virtual');
    const cards = await screen.findAllByTestId('presenter-card');
    await waitFor(() => expect(within(cards[1]).getByText('推荐音色：中文男声')).toBeTruthy());
    fireEvent.click(within(cards[1]).getByTestId('presenter-use'));
    await waitFor(() => expect(router.state.location.search).toBe('?videoid=41'));
    expect(router.state.location.pathname).toBe('/video');
    expect(api.addProject).toHaveBeenCalledWith({
      proKind: 3,
      name: expect.stringMatching(/^文字视频\d{14}$/),
    });
    const saved = JSON.parse(api.updateProject.mock.calls[0][0].userProjectInfo) as ProjectDocument;
    expect(saved.character).toMatchObject({ uuid: 'zixuan', voiceId: 'zh-m' });
  });
});

describe('一键成片 length estimate', () => {
  it('uses the chosen voice’s measured pace, not the spec’s 0.14 s per character', async () => {
    api.listVoices.mockImplementation(async (b: { isPublic?: number }) =>
      pageOf(b.isPublic === 2 ? [] : voices.map((v) => ({ ...v, secondsPerChar: 0.25 })), 1, 100),
    );
    invalidateLibrary(); // the lists changed on the server: the shared copy is stale
    act(() => void (toolLibraryState.value = 'idle'));
    start('/helptool');
    await screen.findAllByTestId('script-presenter');
    // 100 characters: 25 s at the voice's pace (14 s at the spec's).
    fireEvent.change(screen.getByTestId('script-text'), { target: { value: '大家好。'.repeat(25) } });
    await waitFor(() =>
      expect(screen.getByTestId('script-page-count').textContent).toBe('共 1 页 · 约 25 秒'),
    );
  });
});

describe('own presenters and voices in the tools', () => {
  it('一键成片 and 文字转语音 offer the user’s own presenter and ready private voice after the built-in ones', async () => {
    const own = character('p7', { name: '我的讲师', isPublic: 2 });
    const mine = [
      voice('12', { isPublic: 2, pthStatus: 4, show_name: '我的声音' }),
      voice('13', { isPublic: 2, pthStatus: 2 }),
    ];
    api.listCharacters.mockImplementation(
      async (b: { pageIndex: number; pageSize: number; isPublic?: number }) =>
        pageOf(b.isPublic === 2 ? [own] : presenters, b.pageIndex, b.pageSize),
    );
    api.listVoices.mockImplementation(async (b: { isPublic?: number }) =>
      pageOf(b.isPublic === 2 ? mine : voices, 1, 100),
    );
    invalidateLibrary(); // the lists changed on the server: the shared copy is stale
    act(() => void (toolLibraryState.value = 'idle'));
    start('/helptool');
    await waitFor(() =>
      expect(screen.getAllByTestId('script-presenter').map((b) => b.dataset.id)).toEqual([
        'xiaoya',
        'zixuan',
        'p7',
      ]),
    );
    // The private voice still training is not offered.
    expect(toolVoices.value.map((v) => v.id)).toEqual(['zh-f', 'zh-m', '12']);
  });
});

describe('helpers', () => {
  it('names downloads after the first characters of the text', () => {
    expect(speechFileName('  ')).toBe('语音.wav');
    expect(speechFileName('a/b:c*今天天气很好，我们去公园散步吧')).toBe('abc今天天气很好我们去.wav');
  });
});
