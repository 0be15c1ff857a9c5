import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AUTOSAVE_IDLE_MS,
  AUTOSAVE_MIN_GAP_MS,
  AUTOSAVE_RETRY_MS,
  autoSaved,
  autoSavedTime,
  createAutosaveScheduler,
  type AutosaveResult,
} from '../../../../src/app/state/editorAutosave';
import { clearProject, dirty, revision } from '../../../../src/app/state/editor';

/** A scheduler over a fake editor: dirty flag, busy flag and a save that records when it ran. */
function setup(result: AutosaveResult = 'saved') {
  const state = { dirty: false, busy: false, saves: [] as number[], result };
  const scheduler = createAutosaveScheduler({
    needsSave: () => state.dirty,
    busy: () => state.busy,
    save: async () => {
      state.saves.push(Date.now());
      if (state.result === 'saved') state.dirty = false;
      return state.result;
    },
  });
  const edit = () => {
    state.dirty = true;
    scheduler.edited();
  };
  return { state, scheduler, edit };
}

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('autosave timing', () => {
  it('saves 30 s after the last edit, not before', async () => {
    const { state, edit } = setup();
    edit();
    await vi.advanceTimersByTimeAsync(20_000);
    edit(); // a further edit restarts the quiet time
    await vi.advanceTimersByTimeAsync(AUTOSAVE_IDLE_MS - 1);
    expect(state.saves).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(state.saves).toEqual([20_000 + AUTOSAVE_IDLE_MS]);
    expect(state.dirty).toBe(false);
  });

  it('saves at most once a minute however the edits are spaced', async () => {
    const { state, edit } = setup();
    edit();
    await vi.advanceTimersByTimeAsync(AUTOSAVE_IDLE_MS); // first save at 30 s
    edit(); // at 30 s: quiet time ends at 60 s, but the minute since the last save ends at 90 s
    await vi.advanceTimersByTimeAsync(AUTOSAVE_IDLE_MS);
    expect(state.saves).toEqual([30_000]);
    await vi.advanceTimersByTimeAsync(AUTOSAVE_MIN_GAP_MS - AUTOSAVE_IDLE_MS);
    expect(state.saves).toEqual([30_000, 30_000 + AUTOSAVE_MIN_GAP_MS]);
  });

  it('does nothing while the document is clean', async () => {
    const { state, scheduler } = setup();
    scheduler.edited();
    await vi.advanceTimersByTimeAsync(5 * AUTOSAVE_MIN_GAP_MS);
    expect(state.saves).toEqual([]);
  });

  it('waits while a save or a synthesis is in flight', async () => {
    const { state, edit } = setup();
    state.busy = true;
    edit();
    await vi.advanceTimersByTimeAsync(AUTOSAVE_IDLE_MS + 3 * AUTOSAVE_RETRY_MS);
    expect(state.saves).toEqual([]);
    state.busy = false;
    await vi.advanceTimersByTimeAsync(AUTOSAVE_RETRY_MS);
    expect(state.saves).toEqual([AUTOSAVE_IDLE_MS + 4 * AUTOSAVE_RETRY_MS]);
  });

  it('stops for good after a stale revision', async () => {
    const { state, scheduler, edit } = setup('conflict');
    edit();
    await vi.advanceTimersByTimeAsync(AUTOSAVE_IDLE_MS);
    expect(state.saves).toHaveLength(1);
    expect(scheduler.stopped).toBe(true);
    edit();
    await vi.advanceTimersByTimeAsync(10 * AUTOSAVE_MIN_GAP_MS);
    expect(state.saves).toHaveLength(1);
  });

  it('tries a failed save again a minute later', async () => {
    const { state, edit } = setup('failed');
    edit();
    await vi.advanceTimersByTimeAsync(AUTOSAVE_IDLE_MS);
    expect(state.saves).toEqual([30_000]);
    state.result = 'saved';
    await vi.advanceTimersByTimeAsync(AUTOSAVE_MIN_GAP_MS);
    expect(state.saves).toEqual([30_000, 90_000]);
    expect(state.dirty).toBe(false);
  });

  it('saves again later when edits arrive during a save', async () => {
    let finish: () => void = () => undefined;
    const state = { dirty: true, saves: [] as number[] };
    const scheduler = createAutosaveScheduler({
      needsSave: () => state.dirty,
      busy: () => false,
      save: () =>
        new Promise<AutosaveResult>((resolve) => {
          state.saves.push(Date.now());
          finish = () => resolve('saved');
        }),
    });
    scheduler.edited();
    await vi.advanceTimersByTimeAsync(AUTOSAVE_IDLE_MS);
    expect(state.saves).toEqual([30_000]);
    scheduler.edited(); // typed while the request is on its way; the document stays dirty
    finish();
    await vi.advanceTimersByTimeAsync(AUTOSAVE_MIN_GAP_MS);
    expect(state.saves).toEqual([30_000, 90_000]);
  });

  it('cancels a pending save when stopped', async () => {
    const { state, scheduler, edit } = setup();
    edit();
    scheduler.stop();
    await vi.advanceTimersByTimeAsync(5 * AUTOSAVE_MIN_GAP_MS);
    expect(state.saves).toEqual([]);
  });
});

describe('已自动保存 hh:mm', () => {
  afterEach(() => {
    autoSaved.value = null;
    clearProject();
  });

  it('shows the time of the last autosave until the next edit or another save', () => {
    revision.value = 7;
    autoSaved.value = { at: new Date(2026, 10, 22, 9, 5).getTime(), revision: 7 };
    expect(autoSavedTime.value).toBe('09:05');
    dirty.value = true; // edited since
    expect(autoSavedTime.value).toBe('');
    dirty.value = false;
    revision.value = 8; // saved by 保存草稿 since: that is no autosave
    expect(autoSavedTime.value).toBe('');
  });
});
