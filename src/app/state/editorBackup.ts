import { effect } from '@preact/signals-react';
import { docCommand, migrateDocument, ok, saveNarration, type ProjectDocument } from '../../model/project';
import { mergeDocuments } from '../../model/project/mergeDocuments';
import { dispatch, doc, projectId, revision, savedDoc, selectPage } from './editor';
import {
  draftChanged,
  draftPage,
  draftVersion,
  loadDraft,
  narrationDraft,
  unsavedChanges,
} from './editorNarration';
import { confirmDialog } from './confirm';

/*
 * A copy of the unsaved work in this browser (localStorage), so closing the tab, a crash or a
 * dropped connection before the 30 s autosave loses nothing: written a second after each change
 * and at once when the page is hidden (closing, switching away), with the narration typed in the
 * box; removed once the work is saved or given up. When the project next opens, the editor offers
 * it back as one undo step: as it was, when nothing was saved since; merged page by page with what
 * another tab or device saved meanwhile (mergeDocuments), when that was saved from the same draft.
 */

/** One project's unsaved work. */
export interface EditorBackup {
  /** The server revision the edits were made on. */
  revision: number;
  /** When it was written (ms since the epoch). */
  at: number;
  /** The document, with the narration typed in the box stored on its page when it is valid. */
  doc: ProjectDocument;
  /** The narration box: the page it belongs to and what it holds (maybe not stored on the page yet). */
  draft: { page: number; html: string };
  /** The draft as saved at `revision`, which the edits started from (absent in older copies). */
  base?: ProjectDocument;
}

/** Quiet time after a change before the copy is written. */
export const BACKUP_DELAY_MS = 1_000;
/** Copies older than this are dropped when the editor starts. */
const BACKUP_MAX_AGE_MS = 14 * 24 * 3600_000;
const PREFIX = 'ps-unsaved-';

const keyOf = (id: number) => `${PREFIX}${id}`;

/** The stored copy of project `id`, or null (none, unreadable, or not a document any more). */
export function readBackup(id: number): EditorBackup | null {
  try {
    const raw = localStorage.getItem(keyOf(id));
    if (!raw) return null;
    const backup = JSON.parse(raw) as EditorBackup;
    const parsed = migrateDocument(backup.doc);
    if (!parsed.ok || typeof backup.revision !== 'number') return null;
    const base = backup.base ? migrateDocument(backup.base) : null;
    return { ...backup, doc: parsed.value, base: base?.ok ? base.value : undefined };
  } catch {
    return null;
  }
}

/** Removes project `id`'s copy. */
export function dropBackup(id: number): void {
  try {
    localStorage.removeItem(keyOf(id));
  } catch {
    // Storage refused (private mode): there is no copy to remove.
  }
}

// Writes the open project's copy now; a full or refused storage only means no copy.
function writeBackup(id: number): void {
  const current = doc.peek();
  if (!current) return;
  // Typed text goes onto its page, as a page switch stores it: restoring a document whose page
  // narration differs reloads the box from the page (VideoPage), which would drop a separate draft.
  const stored = draftChanged.peek()
    ? saveNarration.perform(current, draftPage.peek(), narrationDraft.peek())
    : null;
  const backup: EditorBackup = {
    revision: revision.peek(),
    at: Date.now(),
    doc: stored?.ok ? stored.value : current,
    draft: { page: draftPage.peek(), html: narrationDraft.peek() },
    base: savedDoc.peek() ?? undefined,
  };
  try {
    localStorage.setItem(keyOf(id), JSON.stringify(backup));
  } catch {
    // Quota or private mode: the autosave still saves.
  }
}

/** Drops every copy older than two weeks (a project deleted meanwhile) or unreadable. */
export function pruneBackups(now = Date.now()): void {
  let keys: string[];
  try {
    keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i) ?? '');
  } catch {
    return; // No storage: nothing to prune.
  }
  for (const key of keys.filter((k) => k.startsWith(PREFIX))) {
    let at = 0;
    try {
      at = (JSON.parse(localStorage.getItem(key) ?? '{}') as Partial<EditorBackup>).at ?? 0;
    } catch {
      // Unreadable: dropped below.
    }
    if (now - at > BACKUP_MAX_AGE_MS) localStorage.removeItem(key);
  }
}

/** Restoring the copy: its document replaces the loaded one, as one step Ctrl+Z takes back. */
const restoreBackup = docCommand({
  name: 'restoreBackup',
  perform: (_doc: ProjectDocument, restored: ProjectDocument) => ok(restored),
});

const clock = (at: number) => {
  const d = new Date(at);
  return `${d.getMonth() + 1}月${d.getDate()}日 ${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
};

/**
 * After a project loaded: the copy is offered back (恢复 / 放弃). A copy made on an older revision
 * meets a save made since in another tab or device: it is merged into that save page by page, or,
 * when pages were added or removed on both sides, offered as a whole in its place; the dialog says
 * which. Resolves true when the copy was restored.
 */
export async function offerBackup(id: number): Promise<boolean> {
  const backup = readBackup(id);
  const loaded = doc.peek();
  if (!backup || !loaded) return false;
  const { restored, content } =
    backup.revision === revision.peek()
      ? {
          restored: backup.doc,
          content: `此项目有 ${clock(backup.at)} 的修改尚未保存（关闭页面或断开连接前留在本机），是否恢复？`,
        }
      : overtaken(backup, loaded);
  const restore = await confirmDialog({
    title: '恢复未保存的修改',
    content,
    confirmText: '恢复',
    cancelText: '放弃',
    testId: 'confirm-restore-backup',
  });
  if (projectId.peek() !== id) return false;
  if (!restore) {
    dropBackup(id);
    return false;
  }
  dispatch(restoreBackup, restored);
  // Back on the page the author was typing on (selectPage keeps it in range).
  selectPage(backup.draft.page);
  loadDraft();
  // A draft 保 存 refuses (over 300 characters) could not go onto its page: back into the box.
  if (backup.draft.page === draftPage.peek() && backup.draft.html !== narrationDraft.peek()) {
    narrationDraft.value = backup.draft.html;
    draftVersion.value++;
  }
  return true;
}

/**
 * Keeps project `id`'s copy while the editor has it open: written BACKUP_DELAY_MS after the last
 * change and when the page is hidden, removed when nothing is unsaved. Returns the stop function.
 */
export function startBackups(id: number): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (projectId.peek() === id && unsavedChanges.peek()) writeBackup(id);
  };
  const stopWatching = effect(() => {
    // Read for the subscription: any change of the document or the box.
    void doc.value;
    void narrationDraft.value;
    if (projectId.value !== id) return;
    if (!unsavedChanges.value) {
      clearTimeout(timer);
      timer = undefined;
      dropBackup(id);
      return;
    }
    clearTimeout(timer);
    timer = setTimeout(flush, BACKUP_DELAY_MS);
  });
  const onHidden = () => {
    if (document.visibilityState === 'hidden') flush();
  };
  window.addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', onHidden);
  return () => {
    stopWatching();
    flush();
    window.removeEventListener('pagehide', flush);
    document.removeEventListener('visibilitychange', onHidden);
  };
}

// A copy whose project was saved elsewhere since: what restoring it gives, and the dialog's words.
function overtaken(
  backup: EditorBackup,
  loaded: ProjectDocument,
): { restored: ProjectDocument; content: string } {
  const since = `此项目有 ${clock(backup.at)} 留在本机的修改尚未保存，之后项目又在其他窗口或设备上保存过。`;
  // A copy kept before copies held their base cannot be merged either: it is offered whole too.
  const merged = backup.base ? mergeDocuments(backup.base, backup.doc, loaded) : null;
  if (!merged) {
    return {
      restored: backup.doc,
      content: `${since}两边增删了不同的页面，无法逐页合并：恢复将用本机的修改替换那次保存的内容（可按 Ctrl+Z 撤销）。是否恢复？`,
    };
  }
  const both = [
    ...(merged.bothChangedPages.length ? [`第${merged.bothChangedPages.join('、')}页`] : []),
    ...(merged.bothChangedSettings ? ['项目设置'] : []),
  ];
  const merge = both.length
    ? `恢复将把本机的修改并入那次保存：${both.join('和')}两边都改过，将采用本机的修改，其余修改两边都保留`
    : '恢复将把本机的修改并入那次保存，两边的修改都会保留';
  return {
    restored: merged.doc,
    content: `${since}${merge}（可按 Ctrl+Z 撤销）。是否恢复？`,
  };
}
