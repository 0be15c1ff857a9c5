import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({ uploadPageVideo: vi.fn(), deletePageResource: vi.fn() }));
vi.mock('../../../../src/app/services/http', () => ({ studioApi: api, http: {}, confirmLogout: vi.fn() }));

import { PageStrip } from '../../../../src/app/screens/editor/PageStrip';
import { EditorStage } from '../../../../src/app/screens/editor/preview/EditorStage';
import { checkVideoFile } from '../../../../src/app/screens/editor/video/pageVideo';
import { i18n } from '../../../../src/app/i18n';
import { currentPage, doc, projectId, undo } from '../../../../src/app/state/editor';
import { pendingConfirm } from '../../../../src/app/state/confirm';
import { toasts } from '../../../../src/app/state/messages';
import { documentSchema, withTimes, type ProjectDocument } from '../../../../src/model/project';

const TYPE = '只能上传 MP4 格式的视频';
const GB = 1024 * 1024 * 1024;

function twoPages(): ProjectDocument {
  return withTimes(
    documentSchema.parse({
      projectName: 'p',
      ppt: { pages: [{ index: 1, text: '第一页', textdome: '第一页' }, { index: 2 }] },
    }),
  );
}

const lastToast = () => toasts.value.at(-1);
const videoFile = (name: string, bytes = 2048) => new File([new Uint8Array(bytes)], name);
const pick = (at: number, file: File) =>
  fireEvent.change(screen.getByTestId(`page-video-input-${at}`), { target: { files: [file] } });
const uploaded = { path: '/files/u/1/videos/abc.mp4', soundTime: 3, resId: 'abc', timingsPath: '' };

async function attach(at: number) {
  api.uploadPageVideo.mockResolvedValueOnce({ code: 200, msg: '上传成功', data: uploaded });
  pick(at, videoFile('讲解.mp4'));
  await waitFor(() => expect(doc.value!.ppt.pages[at].video).toBe(uploaded.path));
}

beforeEach(async () => {
  await i18n.changeLanguage('zh');
  api.uploadPageVideo.mockReset();
  api.deletePageResource.mockReset();
  act(() => {
    doc.value = twoPages();
    projectId.value = 42;
    currentPage.value = 0;
    toasts.value = [];
  });
  render(
    <>
      <PageStrip />
      <EditorStage />
    </>,
  );
});
afterEach(() => cleanup());

describe('client-side video checks', () => {
  it('accepts .mp4 under 1 GB and refuses other names and sizes', () => {
    expect(checkVideoFile({ name: '讲解.MP4', size: 10 })).toBeNull();
    for (const name of ['a.mov', 'a.webm', 'mp4', 'a.mp4.exe'])
      expect(checkVideoFile({ name, size: 10 })).toBe(TYPE);
    expect(checkVideoFile({ name: 'a.mp4', size: GB })).toBe('上传文件大小不可大于1G');
  });
});

describe('page videos in the page strip and the preview', () => {
  it('refuses a .mov before uploading', async () => {
    pick(1, videoFile('clip.mov'));
    await waitFor(() => expect(lastToast()).toMatchObject({ type: 'error', text: TYPE }));
    expect(api.uploadPageVideo).not.toHaveBeenCalled();
  });

  it('uploads, attaches, badges and plays the video in the preview, and blocks copying', async () => {
    expect(screen.queryByTestId('page-video-badge-0')).toBeNull();
    expect(screen.queryByTestId('page-video-sound-0')).toBeNull();
    await attach(0);
    expect(api.uploadPageVideo.mock.calls[0].slice(0, 3)).toEqual([42, 1, expect.any(File)]);
    const page = doc.value!.ppt.pages[0];
    expect(page).toMatchObject({ videoid: 'abc', isVideo: 1, isSound: 1 });
    expect(screen.getByTestId('page-video-badge-0')).toBeTruthy();
    // The stage shows the video in the slide box (its item list names what is drawn).
    expect(screen.getByTestId('stage-item-video').dataset.src).toBe('/files/u/1/videos/abc.mp4');

    fireEvent.click(screen.getByTestId('page-copy-0'));
    expect(lastToast()).toMatchObject({ type: 'error', text: '不可复制，因为ppt内有视频' });
    expect(doc.value!.ppt.pages).toHaveLength(2);
  });

  it('mutes (error style) and unmutes (success) with the spec messages', async () => {
    await attach(0);
    fireEvent.click(screen.getByTestId('page-video-sound-0'));
    expect(doc.value!.ppt.pages[0].isSound).toBe(2);
    expect(lastToast()).toMatchObject({ type: 'error', text: '已禁用当前视频声音' });
    fireEvent.click(screen.getByTestId('page-video-sound-0'));
    expect(doc.value!.ppt.pages[0].isSound).toBe(1);
    expect(lastToast()).toMatchObject({ type: 'success', text: '已开启当前视频声音' });
  });

  it('asks first, deletes through resDelete, keeps the video when refused, and undo brings it back', async () => {
    await attach(0);
    // The button is disabled while a delete is being decided; wait for it as a person would.
    const clickDelete = async () => {
      const button = screen.getByTestId('page-video-delete-0') as HTMLButtonElement;
      await waitFor(() => expect(button.disabled).toBe(false));
      fireEvent.click(button);
    };
    const answer = async (yes: boolean) => {
      await waitFor(() => expect(pendingConfirm.value?.testId).toBe('confirm-delete-video'));
      expect(pendingConfirm.value!.content).toBe('确定删除第 1 页的视频吗？删除后可以撤销。');
      act(() => pendingConfirm.value!.resolve(yes));
    };
    // No: nothing is sent and the video stays.
    await clickDelete();
    await answer(false);
    expect(api.deletePageResource).not.toHaveBeenCalled();
    expect(doc.value!.ppt.pages[0].video).toBe(uploaded.path);

    api.deletePageResource.mockRejectedValueOnce(new Error('无权删除该资源'));
    await clickDelete();
    await answer(true);
    await waitFor(() => expect(api.deletePageResource).toHaveBeenCalledTimes(1));
    expect(doc.value!.ppt.pages[0].video).toBe(uploaded.path);

    api.deletePageResource.mockResolvedValueOnce({ code: 200, msg: '删除成功', data: null });
    await clickDelete();
    await answer(true);
    await waitFor(() => expect(doc.value!.ppt.pages[0].video).toBe(''));
    expect(api.deletePageResource.mock.calls[1][0]).toEqual({
      path: uploaded.path,
      resid: 'abc',
      projectid: 42,
    });
    expect(doc.value!.ppt.pages[0].isVideo).toBe(0);
    expect(screen.queryByTestId('page-video-badge-0')).toBeNull();
    expect(screen.queryByTestId('stage-item-video')).toBeNull();
    expect(lastToast()).toMatchObject({ type: 'success', text: '已删除本页视频，可按 Ctrl+Z 撤销' });
    // The server keeps the file for a while, so undo restores a video that still exists.
    act(() => void undo());
    expect(doc.value!.ppt.pages[0]).toMatchObject({ video: uploaded.path, isVideo: 1 });
  });
});
