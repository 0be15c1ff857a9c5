import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageOf, scene } from './fakeLibrary';

const api = vi.hoisted(() => ({
  listCharacters: vi.fn(),
  listScenes: vi.fn(),
  listVoices: vi.fn(),
  uploadSceneImage: vi.fn(),
  insertScene: vi.fn(),
  deleteScene: vi.fn(),
}));
vi.mock('../../../../src/app/services/http', () => ({ studioApi: api, http: {}, confirmLogout: vi.fn() }));

import { LibraryTabs } from '../../../../src/app/screens/editor/library/LibraryTabs';
import { i18n } from '../../../../src/app/i18n';
import { doc } from '../../../../src/app/state/editor';
import { activeTab, sceneUploadOpen } from '../../../../src/app/state/library';
import { toasts } from '../../../../src/app/state/messages';
import { newDocument } from '../../../../src/model/project';

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const png = (name = 'hall.png') =>
  new File([new Uint8Array([...PNG_HEAD, 0, 0, 0, 13])], name, { type: 'image/png' });
const custom = scene('41', 2, { name: '展厅海报', userId: 7, width: 750, height: 1334 });

beforeEach(async () => {
  await i18n.changeLanguage('zh');
  api.listCharacters.mockResolvedValue(pageOf([], 1, 10));
  api.listScenes.mockImplementation(async (b: { pageIndex: number; pageSize: number; sizeType: number }) =>
    pageOf(
      // The server lists custom scenes after the built-in ones.
      [scene('studio', 1), scene('tall', 2), custom].filter((s) => s.sizeType === b.sizeType),
      b.pageIndex,
      b.pageSize,
    ),
  );
  act(() => {
    doc.value = newDocument();
    activeTab.value = 'scene';
    sceneUploadOpen.value = false;
  });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const pick = (file: File) =>
  fireEvent.change(screen.getByTestId('scene-upload-input'), { target: { files: [file] } });

describe('上传自定义背景', () => {
  it('opens from the first card of the grid on the list orientation and needs a name and an image', async () => {
    render(<LibraryTabs />);
    fireEvent.click(await screen.findByTestId('scene-upload-entry'));
    expect(await screen.findByTestId('scene-upload-dialog')).toBeTruthy();
    expect(screen.getByTestId('scene-upload-orientation-1').dataset.active).toBe('true');
    fireEvent.click(screen.getByTestId('scene-upload-submit'));
    expect((await screen.findByTestId('scene-upload-name-error')).textContent).toBe('请输入背景名称');
    expect(screen.getByTestId('scene-upload-file-error').textContent).toBe('请上传背景图片');
    expect(api.uploadSceneImage).not.toHaveBeenCalled();
  });

  it('refuses a file that is not a PNG or JPEG, even when named .png', async () => {
    render(<LibraryTabs />);
    fireEvent.click(await screen.findByTestId('scene-upload-entry'));
    pick(new File(['just text'], 'notes.png', { type: 'image/png' }));
    expect((await screen.findByTestId('scene-upload-file-error')).textContent).toBe(
      '背景图片只能是 PNG 或 JPG 格式!',
    );
    pick(new File([new Uint8Array([0x47, 0x49, 0x46, 0x38])], 'anim.gif', { type: 'image/gif' }));
    expect((await screen.findByTestId('scene-upload-file-error')).textContent).toBe(
      '背景图片只能是 PNG 或 JPG 格式!',
    );
    expect(screen.queryByTestId('scene-upload-preview')).toBeNull();
  });

  it('uploads, names the scene, shows it first (selected) and applies it to the project', async () => {
    api.uploadSceneImage.mockImplementation(
      async (_f: File, _n: string, _s: number, onProgress: (p: number) => void) => {
        onProgress(100);
        return { code: 200, msg: '', data: '/files/u/7/scenes/abc.jpg' };
      },
    );
    api.insertScene.mockResolvedValue({ code: 200, msg: '', data: custom });
    render(<LibraryTabs />);
    fireEvent.click(await screen.findByTestId('scene-upload-entry'));
    fireEvent.click(screen.getByTestId('scene-upload-orientation-2'));
    pick(png());
    await screen.findByTestId('scene-upload-preview');
    fireEvent.change(screen.getByTestId('scene-upload-name'), { target: { value: ' 展厅海报 ' } });
    fireEvent.click(screen.getByTestId('scene-upload-submit'));

    await vi.waitFor(() => expect(screen.queryByTestId('scene-upload-dialog')).toBeNull());
    expect(api.uploadSceneImage.mock.calls[0].slice(1, 3)).toEqual(['hall.png', 2]);
    expect(api.insertScene).toHaveBeenCalledWith({
      name: '展厅海报',
      path: '/files/u/7/scenes/abc.jpg',
      sizeType: 2,
    });
    const items = screen.getAllByTestId('scene-item');
    expect(items.map((e) => e.dataset.id)).toEqual(['41', 'tall']);
    expect(items[0].dataset.custom).toBe('true');
    expect(items[0].dataset.selected).toBe('true');
    expect(screen.getByTestId('scene-orientation-2').dataset.active).toBe('true');
    expect(doc.value!.scene).toMatchObject({ uuid: '41', path: custom.path });
    expect(doc.value!.distinguishability).toBe(2);
    expect(toasts.value.map((t) => t.text)).toContain('背景已添加并应用到项目');
  });

  it('keeps the form open when the server refuses', async () => {
    api.uploadSceneImage.mockRejectedValue(new Error('背景图片只能是 PNG 或 JPG 格式!'));
    render(<LibraryTabs />);
    fireEvent.click(await screen.findByTestId('scene-upload-entry'));
    pick(png('photo.png'));
    await screen.findByTestId('scene-upload-preview');
    fireEvent.change(screen.getByTestId('scene-upload-name'), { target: { value: '展厅' } });
    fireEvent.click(screen.getByTestId('scene-upload-submit'));
    await vi.waitFor(() => expect(api.uploadSceneImage).toHaveBeenCalled());
    await vi.waitFor(() =>
      expect(screen.getByTestId('scene-upload-submit').hasAttribute('disabled')).toBe(false),
    );
    expect(screen.getByTestId('scene-upload-dialog')).toBeTruthy();
    expect(api.insertScene).not.toHaveBeenCalled();
    expect(doc.value!.scene.uuid).toBe('');
  });
});
