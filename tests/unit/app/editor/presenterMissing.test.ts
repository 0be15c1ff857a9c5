import { beforeEach, describe, expect, it, vi } from 'vitest';

const lists = vi.hoisted(() => ({ libraryItems: vi.fn() }));
vi.mock('../../../../src/app/services/http', () => ({ studioApi: {}, accountApi: {}, http: {} }));
vi.mock('../../../../src/app/state/libraryCache', async () => ({
  libraryItems: lists.libraryItems,
  invalidateLibrary: vi.fn(),
  libraryVersion: (await import('@preact/signals-react')).signal(0),
}));

import { loadPresenterRig, missingPresenter, presenterItem } from '../../../../src/app/state/editorTalk';
import { libraryVersion } from '../../../../src/app/state/libraryCache';

/** A presenter as the library lists it (only what the lookup reads). */
const presenter = (id: string) =>
  ({ id, width: 400, height: 700, rig: { body: '/b.png', mouths: { X: '/x.png' } } }) as never;

describe('a presenter the document names but the library no longer has', () => {
  beforeEach(async () => {
    lists.libraryItems.mockReset();
    await loadPresenterRig('');
  });

  it('is reported missing when neither list has it (deleted)', async () => {
    lists.libraryItems.mockResolvedValue([presenter('other')]);
    await loadPresenterRig('gone-1');
    expect(missingPresenter.value).toBe('gone-1');
    expect(presenterItem.value).toBeNull();
  });

  it('is not reported when the library could not be asked (offline)', async () => {
    lists.libraryItems.mockRejectedValue(new Error('network'));
    await loadPresenterRig('unknown-2');
    expect(missingPresenter.value).toBeNull();
  });

  it('is not reported when it is listed', async () => {
    lists.libraryItems.mockResolvedValue([presenter('here-3')]);
    await loadPresenterRig('here-3');
    expect(missingPresenter.value).toBeNull();
    expect(presenterItem.value).toMatchObject({ id: 'here-3' });
  });

  it('is reported missing when deleted after this tab found it (QA: the found rig was kept)', async () => {
    lists.libraryItems.mockResolvedValue([presenter('mine-4')]);
    await loadPresenterRig('mine-4');
    expect(missingPresenter.value).toBeNull();
    // Deleted in 我的数字人, which forgets the lists; the project opens again.
    lists.libraryItems.mockResolvedValue([]);
    libraryVersion.value++;
    await loadPresenterRig('mine-4');
    expect(missingPresenter.value).toBe('mine-4');
    expect(presenterItem.value).toBeNull();
  });
});
