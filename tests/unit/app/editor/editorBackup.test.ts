import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../../src/app/services/http', () => ({ studioApi: {}, http: {}, confirmLogout: vi.fn() }));

import { addPage, newDocument, saveNarration, type ProjectDocument } from '../../../../src/model/project';
import { must } from '../../model/fixtures';
import {
  canUndo,
  clearProject,
  dirty,
  dispatch,
  doc,
  projectId,
  revision,
  savedDoc,
  undo,
} from '../../../../src/app/state/editor';
import { draftPage, loadDraft, narrationDraft } from '../../../../src/app/state/editorNarration';
import {
  BACKUP_DELAY_MS,
  offerBackup,
  pruneBackups,
  readBackup,
  startBackups,
} from '../../../../src/app/state/editorBackup';
import { pendingConfirm } from '../../../../src/app/state/confirm';

/** Project 7 open at revision 3, as loadProject leaves it: one page, nothing unsaved. */
function open(d: ProjectDocument = newDocument(), at = 3) {
  projectId.value = 7;
  revision.value = at;
  doc.value = d;
  savedDoc.value = d;
  dirty.value = false;
  loadDraft();
}

/** Answers the confirmation on screen. */
async function answer(yes: boolean) {
  await vi.waitFor(() => expect(pendingConfirm.value).not.toBeNull());
  pendingConfirm.value!.resolve(yes);
}

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: new Date(2026, 11, 4, 19, 40) });
});
afterEach(() => {
  clearProject();
  localStorage.clear();
  vi.useRealTimers();
});

describe('the unsaved work kept in this browser', () => {
  it('is written a second after a change, with the narration typed in the box, and removed once saved', () => {
    open();
    const stop = startBackups(7);
    dispatch(addPage);
    loadDraft(); // the box shows the new page, as editPages leaves it
    narrationDraft.value = '<p>还没点保存的讲解</p>';
    vi.advanceTimersByTime(BACKUP_DELAY_MS - 1);
    expect(readBackup(7)).toBeNull();
    vi.advanceTimersByTime(1);
    const kept = readBackup(7)!;
    expect(kept.revision).toBe(3);
    expect(kept.doc.ppt.pages).toHaveLength(2);
    expect(kept.draft).toEqual({ page: draftPage.value, html: '<p>还没点保存的讲解</p>' });
    // The typed text is on its page in the copy, as a page switch would store it.
    expect(kept.doc.ppt.pages[draftPage.value].text).toBe('还没点保存的讲解');
    // A save leaves nothing unsaved: the copy goes.
    loadDraft();
    dirty.value = false;
    expect(readBackup(7)).toBeNull();
    stop();
  });

  it('is written at once when the page is hidden (the tab closing)', () => {
    open();
    const stop = startBackups(7);
    dispatch(addPage);
    window.dispatchEvent(new Event('pagehide'));
    expect(readBackup(7)?.doc.ppt.pages).toHaveLength(2);
    stop();
  });

  it('is offered back when the project opens on the same revision, as one undo step', async () => {
    open();
    const stop = startBackups(7);
    dispatch(addPage);
    loadDraft(); // the box shows the new page, as editPages leaves it
    narrationDraft.value = '<p>关页前打的字</p>';
    window.dispatchEvent(new Event('pagehide'));
    stop();
    clearProject();

    open(); // the tab opened again: the server's copy, one page
    const offered = offerBackup(7);
    await answer(true);
    expect(await offered).toBe(true);
    expect(pendingConfirm.value).toBeNull();
    expect(doc.value!.ppt.pages).toHaveLength(2);
    expect(dirty.value).toBe(true);
    expect(narrationDraft.value).toContain('关页前打的字');
    expect(doc.value!.ppt.pages[draftPage.value].text).toBe('关页前打的字');
    expect(canUndo.value).toBe(true);
    undo();
    expect(doc.value!.ppt.pages).toHaveLength(1);
  });

  it('is dropped when declined', async () => {
    open();
    const stop = startBackups(7);
    dispatch(addPage);
    window.dispatchEvent(new Event('pagehide'));
    stop();

    open();
    const declined = offerBackup(7);
    await answer(false);
    expect(await declined).toBe(false);
    expect(doc.value!.ppt.pages).toHaveLength(1);
    expect(readBackup(7)).toBeNull();
  });

  it('is merged page by page into a save made elsewhere since, keeping both sides (QA: it was dropped)', async () => {
    const base = must(addPage.perform(newDocument()));
    open(base);
    const stop = startBackups(7);
    loadDraft();
    narrationDraft.value = '<p>这个标签页打的字</p>'; // page 1, never saved here
    window.dispatchEvent(new Event('pagehide'));
    stop();
    clearProject();

    // Another tab saved page 2 meanwhile: the project opens at revision 4 with that save.
    const elsewhere = must(saveNarration.perform(base, 1, '<p>另一个标签页保存的</p>'));
    open(elsewhere, 4);
    const offered = offerBackup(7);
    await vi.waitFor(() => expect(pendingConfirm.value).not.toBeNull());
    expect(pendingConfirm.value!.content).toContain('并入');
    expect(pendingConfirm.value!.content).not.toContain('两边都改过');
    await answer(true);
    expect(await offered).toBe(true);
    expect(doc.value!.ppt.pages.map((p) => p.text)).toEqual(['这个标签页打的字', '另一个标签页保存的']);
    expect(dirty.value).toBe(true);
    undo();
    expect(doc.value!.ppt.pages.map((p) => p.text)).toEqual(['', '另一个标签页保存的']);
  });

  it('names the pages both sides changed, and offers a copy it cannot merge as a whole', async () => {
    open();
    let stop = startBackups(7);
    dispatch(saveNarration, 0, '<p>本机的第一页</p>');
    window.dispatchEvent(new Event('pagehide'));
    stop();
    open(must(saveNarration.perform(newDocument(), 0, '<p>别处的第一页</p>')), 4);
    const clash = offerBackup(7);
    await vi.waitFor(() =>
      expect(pendingConfirm.value?.content).toContain('第1页两边都改过，将采用本机的修改'),
    );
    await answer(true);
    expect(await clash).toBe(true);
    expect(doc.value!.ppt.pages[0].text).toBe('本机的第一页');

    // Pages added on both sides cannot be matched: restoring replaces the other save, and says so.
    open();
    stop = startBackups(7);
    dispatch(addPage);
    window.dispatchEvent(new Event('pagehide'));
    stop();
    open(must(addPage.perform(must(saveNarration.perform(newDocument(), 0, '<p>别处</p>')))), 5);
    const whole = offerBackup(7);
    await vi.waitFor(() => expect(pendingConfirm.value?.content).toContain('无法逐页合并'));
    await answer(false);
    expect(await whole).toBe(false);
    expect(readBackup(7)).toBeNull();
    expect(doc.value!.ppt.pages[0].text).toBe('别处');
  });

  it('offers nothing unreadable, and prunes unreadable copies and those older than two weeks', () => {
    localStorage.setItem('ps-unsaved-8', '{not json');
    expect(readBackup(8)).toBeNull();
    localStorage.setItem('ps-unsaved-9', JSON.stringify({ at: Date.now() - 15 * 24 * 3600_000 }));
    localStorage.setItem('ps-unsaved-10', JSON.stringify({ at: Date.now() - 24 * 3600_000 }));
    localStorage.setItem('other', 'x');
    pruneBackups();
    expect(localStorage.getItem('ps-unsaved-8')).toBeNull();
    expect(localStorage.getItem('ps-unsaved-9')).toBeNull();
    expect(localStorage.getItem('ps-unsaved-10')).not.toBeNull();
    expect(localStorage.getItem('other')).toBe('x');
  });
});
