import { beforeEach, describe, expect, it, vi } from 'vitest';

const lists = vi.hoisted(() => ({ libraryItems: vi.fn() }));
vi.mock('../../../../src/app/services/http', () => ({ studioApi: {}, accountApi: {}, http: {} }));
vi.mock('../../../../src/app/state/libraryCache', () => ({
  libraryItems: lists.libraryItems,
  invalidateLibrary: vi.fn(),
}));

import { loadPresenterRig, missingPresenter, presenterItem } from '../../../../src/app/state/editorTalk';

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
});
