import { act, cleanup, fireEvent, render as renderBare, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { character, pageOf, scene, voice } from './fakeLibrary';

const api = vi.hoisted(() => ({
  listCharacters: vi.fn(),
  listScenes: vi.fn(),
  listVoices: vi.fn(),
  textToSpeech: vi.fn(),
  deleteScene: vi.fn(),
}));
const http = vi.hoisted(() => ({ post: vi.fn() }));
vi.mock('../../../../src/app/services/http', () => ({ studioApi: api, http, confirmLogout: vi.fn() }));

import { LibraryTabs } from '../../../../src/app/screens/editor/library/LibraryTabs';
import { i18n } from '../../../../src/app/i18n';
import { doc, undo } from '../../../../src/app/state/editor';
import { activeTab } from '../../../../src/app/state/library';
import { pendingConfirm } from '../../../../src/app/state/confirm';
import { toasts } from '../../../../src/app/state/messages';
import { chooseVoice, newDocument } from '../../../../src/model/project';
import { ApiError } from '../../../../src/api/client';

/** The panels link to other screens (e.g. 我的数字人), so they render inside a router. */
const render = (ui: ReactElement) => renderBare(<MemoryRouter>{ui}</MemoryRouter>);

const presenters = [
  character('xiaoya', { timbreInfo: 'zh-f' }),
  character('zixuan', { timbreInfo: 'zh-m', sex: 1 }),
];
const allVoices = [
  voice('zh-f', { show_name: '中文女声 · 晓雯' }),
  voice('zh-m', { sex: 1, show_name: '中文男声' }),
];

beforeEach(async () => {
  await i18n.changeLanguage('zh');
  api.listCharacters.mockImplementation(
    async (b: { pageIndex: number; pageSize: number; isPublic: number }) =>
      pageOf(b.isPublic === 1 ? presenters : [], b.pageIndex, b.pageSize),
  );
  api.listScenes.mockImplementation(async (b: { pageIndex: number; pageSize: number; sizeType: number }) =>
    pageOf(
      [scene('studio', 1), scene('tall', 2, { userId: 1 })].filter((s) => s.sizeType === b.sizeType),
      1,
      10,
    ),
  );
  api.listVoices.mockImplementation(async (b: { isPublic: number; sex?: number }) =>
    pageOf(
      allVoices.filter((v) => b.isPublic === 1 && (b.sex === undefined || v.sex === b.sex)),
      1,
      50,
    ),
  );
  act(() => {
    doc.value = newDocument();
    activeTab.value = 'character';
  });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('数字人 tab', () => {
  it('lists presenters 10 per page; a click chooses one with its suggested voice in one undo step', async () => {
    render(<LibraryTabs />);
    const items = await screen.findAllByTestId('character-item');
    expect(items).toHaveLength(2);
    expect(api.listCharacters).toHaveBeenCalledWith({ pageIndex: 1, pageSize: 10, isPublic: 1 });

    fireEvent.click(items[0]);
    await vi.waitFor(() => expect(doc.value!.character.uuid).toBe('xiaoya'));
    const c = doc.value!.character;
    expect(c).toMatchObject({ name: '人物xiaoya', staticImg: '/library/characters/xiaoya/static.png' });
    expect(c).toMatchObject({ voiceId: 'zh-f', voiceName: '中文女声 · 晓雯', isPublic: 1 });
    // Natural 800x1400 fitted (/2.5, into 540 high) and kept inside the frame.
    expect(c.height).toBe(540);
    expect(c.Y).toBe(0);
    expect(screen.getAllByTestId('character-item')[0].dataset.selected).toBe('true');

    act(() => undo());
    expect(doc.value!.character.uuid).toBe('');
    // One undo takes back both the presenter and the voice that came with it.
    expect(doc.value!.character.voiceId).toBe('');
  });

  it('keeps the voice the project already has', async () => {
    act(() => {
      const chosen = chooseVoice(newDocument(), {
        id: 'zh-m',
        name: 'x',
        show_name: '中文男声',
        isPublic: 1,
      });
      doc.value = chosen.ok ? chosen.value : null;
    });
    render(<LibraryTabs />);
    fireEvent.click((await screen.findAllByTestId('character-item'))[0]);
    await vi.waitFor(() => expect(doc.value!.character.uuid).toBe('xiaoya'));
    expect(doc.value!.character.voiceId).toBe('zh-m');
  });

  it('private presenters: a friendly empty state', async () => {
    render(<LibraryTabs />);
    await screen.findAllByTestId('character-item');
    fireEvent.click(screen.getByTestId('character-visibility-2'));
    expect(await screen.findByTestId('library-empty')).toHaveProperty(
      'textContent',
      expect.stringContaining('还没有私有数字人'),
    );
    expect(api.listCharacters).toHaveBeenLastCalledWith({ pageIndex: 1, pageSize: 10, isPublic: 2 });
    fireEvent.click(screen.getByTestId('character-visibility-1'));
  });
});

describe('场景 tab', () => {
  it('filters by orientation; choosing a portrait scene switches the project to portrait', async () => {
    render(<LibraryTabs />);
    fireEvent.click(screen.getByTestId('library-tab-scene'));
    const landscape = await screen.findAllByTestId('scene-item');
    expect(landscape.map((e) => e.dataset.id)).toEqual(['studio']);
    expect(within(screen.getByTestId('scene-list')).getByTestId('library-end').textContent).toBe(
      '我也是有底线的',
    );
    // Library scenes have no delete button.
    expect(screen.queryByTestId('scene-delete')).toBeNull();

    fireEvent.click(screen.getByTestId('scene-orientation-2'));
    await vi.waitFor(() => expect(screen.getAllByTestId('scene-item')[0].dataset.id).toBe('tall'));
    expect(doc.value!.distinguishability).toBe(1);
    expect(screen.getByTestId('scene-delete')).toBeTruthy();

    fireEvent.click(screen.getAllByTestId('scene-item')[0]);
    expect(doc.value!.distinguishability).toBe(2);
    expect(doc.value!.scene).toMatchObject({ uuid: 'tall', path: '/library/scenes/tall.jpg', type: 2 });
    expect(screen.getAllByTestId('scene-item')[0].dataset.selected).toBe('true');
    fireEvent.click(screen.getByTestId('scene-orientation-1'));
  });
});

describe('deleting a custom scene', () => {
  it('asks first; cancel shows 已取消删除, confirm calls scene/delete and drops it from the list', async () => {
    render(<LibraryTabs />);
    fireEvent.click(screen.getByTestId('library-tab-scene'));
    fireEvent.click(await screen.findByTestId('scene-orientation-2'));
    fireEvent.click(await screen.findByTestId('scene-delete'));
    await vi.waitFor(() => expect(pendingConfirm.value?.testId).toBe('confirm-delete-scene'));
    expect(pendingConfirm.value!.content).toBe('此操作将永久删除该背景, 是否继续?');
    act(() => pendingConfirm.value!.resolve(false));
    await vi.waitFor(() => expect(toasts.value.map((t) => t.text)).toContain('已取消删除'));
    expect(api.deleteScene).not.toHaveBeenCalled();
    // Choosing was not triggered by the delete button.
    expect(doc.value!.scene.uuid).toBe('');

    api.deleteScene.mockResolvedValue({ code: 200, msg: '', data: null });
    fireEvent.click(screen.getByTestId('scene-delete'));
    await vi.waitFor(() => expect(pendingConfirm.value).not.toBeNull());
    act(() => pendingConfirm.value!.resolve(true));
    await vi.waitFor(() => expect(screen.queryAllByTestId('scene-item')).toHaveLength(0));
    expect(api.deleteScene).toHaveBeenCalledWith('tall', false, expect.anything());
    expect(http.post).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('scene-orientation-1'));
  });

  it('names the projects that use it and deletes only after a second yes', async () => {
    const msg = '该背景正在被 1 个项目使用：《周会》。删除后这些项目需要重新选择背景才能合成，确定删除吗？';
    const envelope = { code: 409, msg, data: { projects: [{ id: 7, name: '周会' }] } };
    api.deleteScene.mockRejectedValueOnce(new ApiError(msg, 'business', 409, envelope));
    api.deleteScene.mockResolvedValueOnce({ code: 200, msg: '', data: null });
    render(<LibraryTabs />);
    fireEvent.click(screen.getByTestId('library-tab-scene'));
    fireEvent.click(await screen.findByTestId('scene-orientation-2'));
    fireEvent.click(await screen.findByTestId('scene-delete'));
    await vi.waitFor(() => expect(pendingConfirm.value?.testId).toBe('confirm-delete-scene'));
    act(() => pendingConfirm.value!.resolve(true));
    await vi.waitFor(() => expect(pendingConfirm.value?.testId).toBe('confirm-delete-in-use'));
    expect(pendingConfirm.value!.content).toBe(msg);
    expect(pendingConfirm.value!.confirmText).toBe('仍然删除');
    // The first try asked the client to leave the 409 to us: no error toast on top of the dialog.
    expect(api.deleteScene).toHaveBeenLastCalledWith('tall', false, { handles: [409] });
    act(() => pendingConfirm.value!.resolve(true));
    await vi.waitFor(() => expect(screen.queryAllByTestId('scene-item')).toHaveLength(0));
    expect(api.deleteScene).toHaveBeenLastCalledWith('tall', true, {});
    fireEvent.click(screen.getByTestId('scene-orientation-1'));
  });
});

describe('音色 tab', () => {
  it('female first; male switch; click chooses; private shows where voices come from', async () => {
    render(<LibraryTabs />);
    fireEvent.click(screen.getByTestId('library-tab-voice'));
    await vi.waitFor(() =>
      expect(screen.getAllByTestId('voice-item').map((e) => e.dataset.id)).toEqual(['zh-f']),
    );
    fireEvent.click(screen.getByTestId('voice-sex-1'));
    await vi.waitFor(() =>
      expect(screen.getAllByTestId('voice-item').map((e) => e.dataset.id)).toEqual(['zh-m']),
    );
    fireEvent.click(screen.getAllByTestId('voice-item')[0]);
    expect(doc.value!.character).toMatchObject({
      voiceId: 'zh-m',
      voiceName: '中文男声',
      tonename: 'engine-zh-m',
    });
    expect(screen.getAllByTestId('voice-item')[0].dataset.selected).toBe('true');

    fireEvent.click(screen.getByTestId('voice-visibility-2'));
    expect((await screen.findByTestId('library-empty')).textContent).toContain('我的音色');
    fireEvent.click(screen.getByTestId('voice-visibility-1'));
  });
});
