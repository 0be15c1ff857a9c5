import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageOf, scene, voice } from './fakeLibrary';

const api = vi.hoisted(() => ({
  listCharacters: vi.fn(),
  listScenes: vi.fn(),
  listVoices: vi.fn(),
  textToSpeech: vi.fn(),
  uploadSceneImage: vi.fn(),
  insertScene: vi.fn(),
}));
vi.mock('../../../../src/app/services/http', () => ({ studioApi: api, http: {}, confirmLogout: vi.fn() }));

import {
  addCustomScene,
  loadScenes,
  loadVoices,
  openVoices,
  SCENE_SCROLL_DELAY_MS,
  scenes,
  setSceneSizeType,
  setVoiceFilter,
  visibleVoices,
  voices,
  voiceSex,
} from '../../../../src/app/state/library';

const landscape = Array.from({ length: 25 }, (_, i) => scene(`l${i + 1}`, 1));
const portrait = Array.from({ length: 4 }, (_, i) => scene(`p${i + 1}`, 2));

beforeEach(() => {
  api.listScenes.mockImplementation(async (b: { pageIndex: number; pageSize: number; sizeType: number }) =>
    pageOf(b.sizeType === 2 ? portrait : landscape, b.pageIndex, b.pageSize),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.clearAllMocks();
});

describe('scene list (spec 9: 10 first, growing by 10 per scroll after 500 ms)', () => {
  it('a scene just added shows first and is not listed twice when its page arrives', async () => {
    const mine = scene('99', 1, { userId: 7 });
    api.listScenes.mockImplementation(async (b: { pageIndex: number; pageSize: number }) =>
      pageOf([...landscape, mine], b.pageIndex, b.pageSize),
    );
    api.uploadSceneImage.mockResolvedValue({ code: 200, msg: '', data: mine.path });
    api.insertScene.mockResolvedValue({ code: 200, msg: '', data: mine });
    setSceneSizeType(1);
    await vi.waitFor(() => expect(scenes.items.value).toHaveLength(10));
    const file = new File(['x'], 'a.png', { type: 'image/png' });
    await addCustomScene({ name: '我的', sizeType: 1, file });
    expect(scenes.items.value[0].id).toBe('99');
    expect(scenes.count.value).toBe(27);
    await loadScenes();
    await loadScenes();
    expect(scenes.items.value.filter((s) => s.id === '99')).toHaveLength(1);
    expect(scenes.items.value).toHaveLength(26);
    expect(scenes.done.value).toBe(true);
    // Leave the list on the other orientation so the next test starts from a fresh load.
    setSceneSizeType(2);
    await vi.waitFor(() => expect(scenes.page.value).toBe(1));
  });

  it('loads 10, then 10 more only after the 500 ms delay, then stops at the end', async () => {
    vi.useFakeTimers();
    setSceneSizeType(1);
    await vi.waitFor(() => expect(scenes.items.value).toHaveLength(10));
    expect(api.listScenes).toHaveBeenLastCalledWith({ pageIndex: 1, pageSize: 10, sizeType: 1 });

    const more = loadScenes();
    await vi.advanceTimersByTimeAsync(SCENE_SCROLL_DELAY_MS - 1);
    expect(api.listScenes).toHaveBeenCalledTimes(1);
    expect(scenes.loading.value).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    await more;
    expect(scenes.items.value).toHaveLength(20);
    expect(api.listScenes).toHaveBeenLastCalledWith({ pageIndex: 2, pageSize: 10, sizeType: 1 });

    const last = loadScenes();
    await vi.advanceTimersByTimeAsync(SCENE_SCROLL_DELAY_MS);
    await last;
    expect(scenes.items.value.map((s) => s.id).at(-1)).toBe('l25');
    expect(scenes.done.value).toBe(true);

    // At the end nothing more is asked for.
    await loadScenes();
    expect(api.listScenes).toHaveBeenCalledTimes(3);
  });

  it('flipping the switch drops the answer of the list it replaced', async () => {
    let release: () => void = () => {};
    api.listScenes.mockImplementationOnce(
      (b: { pageIndex: number; pageSize: number; sizeType: number }) =>
        new Promise((resolve) => (release = () => resolve(pageOf(landscape, b.pageIndex, b.pageSize)))),
    );
    const stale = loadScenes(true);
    setSceneSizeType(2);
    await vi.waitFor(() => expect(scenes.items.value).toHaveLength(4));
    release();
    await stale;
    expect(scenes.items.value.map((s) => s.sizeType)).toEqual([2, 2, 2, 2]);
    expect(scenes.loading.value).toBe(false);
  });

  it('a failed load is remembered so the panel can offer a retry', async () => {
    api.listScenes.mockRejectedValueOnce(new Error('网络连接失败'));
    await loadScenes(true);
    expect(scenes.failed.value).toBe(true);
    expect(scenes.loading.value).toBe(false);
    await loadScenes(true);
    expect(scenes.failed.value).toBe(false);
    expect(scenes.items.value).toHaveLength(4);
  });
});

describe('voice list (spec 6: private voices only when pthStatus is 4)', () => {
  it('asks for 50 per page with isPublic and sex, and hides private voices still training', async () => {
    api.listVoices.mockResolvedValue(
      pageOf(
        [
          voice('a', { isPublic: 2, pthStatus: 4 }),
          voice('b', { isPublic: 2, pthStatus: 2 }),
          voice('c', { isPublic: 2, pthStatus: 4, sex: 1 }),
        ],
        1,
        50,
      ),
    );
    setVoiceFilter({ isPublic: 2, sex: 1 });
    await vi.waitFor(() => expect(voices.done.value).toBe(true));
    expect(api.listVoices).toHaveBeenLastCalledWith({ pageIndex: 1, pageSize: 50, isPublic: 2, sex: 1 });
    expect(visibleVoices.value.map((v) => v.id)).toEqual(['a', 'c']);
    await loadVoices();
    expect(api.listVoices).toHaveBeenCalledTimes(1);
  });
});

describe('opening the voice list for a project', () => {
  it("starts on the sex of the project's voice so the chosen one is in view", async () => {
    api.listVoices.mockImplementation(async (b: { sex?: number }) =>
      pageOf(
        [voice('f1'), voice('m1', { sex: 1 })].filter((v) => b.sex === undefined || v.sex === b.sex),
        1,
        50,
      ),
    );
    await openVoices(41, 'm1');
    await vi.waitFor(() => expect(voices.done.value).toBe(true));
    expect(voiceSex.value).toBe(1);
    expect(visibleVoices.value.map((v) => v.id)).toEqual(['m1']);
  });
});
