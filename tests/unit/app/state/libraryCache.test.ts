import { beforeEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({ listCharacters: vi.fn(), listScenes: vi.fn(), listVoices: vi.fn() }));
vi.mock('../../../../src/app/services/http', () => ({ studioApi: api, http: {}, confirmLogout: vi.fn() }));

import { invalidateLibrary, libraryItems } from '../../../../src/app/state/libraryCache';

const page = (ids: string[]) => ({
  code: 200,
  msg: '',
  data: { list: ids.map((id) => ({ id })), count: ids.length },
});
const ids = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

describe('libraryCache: one shared copy of each whole library list', () => {
  beforeEach(() => {
    invalidateLibrary();
    vi.clearAllMocks();
  });

  it('reads a list once for every caller, by its filter', async () => {
    api.listCharacters.mockImplementation(async (q: { isPublic: number }) => page([`c${q.isPublic}`]));
    const [a, b, own] = await Promise.all([
      libraryItems('characters', 1),
      libraryItems('characters', 1),
      libraryItems('characters', 2),
    ]);
    expect(a).toBe(b);
    expect(a.map((c) => c.id)).toEqual(['c1']);
    expect(own.map((c) => c.id)).toEqual(['c2']);
    expect(api.listCharacters).toHaveBeenCalledTimes(2);
    await libraryItems('characters', 1);
    expect(api.listCharacters).toHaveBeenCalledTimes(2);
  });

  it('reads every page of 100 until a short one', async () => {
    api.listVoices.mockImplementation(async (q: { pageIndex: number; pageSize: number }) => {
      expect(q.pageSize).toBe(100);
      return page(q.pageIndex === 1 ? ids(100, 'a') : ids(7, 'b'));
    });
    expect(await libraryItems('voices', 1)).toHaveLength(107);
    expect(api.listVoices).toHaveBeenCalledTimes(2);
  });

  it('keeps no failed read, and forgets a kind when told it changed', async () => {
    api.listScenes.mockRejectedValueOnce(new Error('network')).mockResolvedValue(page(['s1']));
    await expect(libraryItems('scenes', 1)).rejects.toThrow('network');
    expect((await libraryItems('scenes', 1)).map((s) => s.id)).toEqual(['s1']);
    api.listScenes.mockResolvedValue(page(['s1', 's2']));
    expect(await libraryItems('scenes', 1)).toHaveLength(1);
    invalidateLibrary('scenes');
    expect(await libraryItems('scenes', 1)).toHaveLength(2);
  });
});
