import { batch, computed, signal } from '@preact/signals-react';
import {
  migrateDocument,
  preferVoiceMode,
  PRO_KIND,
  estimatedMinutes,
  spokenMinutes,
  withProjectName,
  withTimes,
  type DocCommand,
  type ProjectDocument,
  type Result,
} from '../../model/project';
import { ApiError, type CallOptions } from '../../api/client';
import { Code } from '../../api/envelope';
import { studioApi } from '../services/http';
import { showMessage } from './messages';
import { contentKey, renamedOnly, renamedTo } from './renamedElsewhere';

/**
 * The one document the editor works on, and what it needs around it. Every change goes through
 * `dispatch` with a pure command from src/model/project; components never edit the document.
 */
export const projectId = signal<number | null>(null);
export const projectKind = signal<number>(3);
export const doc = signal<ProjectDocument | null>(null);
/** Server revision the document was loaded or last saved at; sent with every update. */
export const revision = signal(0);
/** The draft as stored at `revision` (loaded or saved here): the base a local copy is merged from. */
export const savedDoc = signal<ProjectDocument | null>(null);
/** 0-based position of the page being edited. */
export const currentPage = signal(0);
/** True when the document has changes that are not saved as a draft yet. */
export const dirty = signal(false);
export const loading = signal(false);
export const saving = signal(false);

export const page = computed(() => doc.value?.ppt.pages[currentPage.value] ?? null);
export const pageCount = computed(() => doc.value?.ppt.pages.length ?? 0);
/** Total estimated time in minutes with 2 decimals (spec section 9: 0.14 s per character). */
export const totalTime = computed(() => (doc.value ? estimatedMinutes(doc.value) : '0.00'));
/** The real total once every page is spoken, shown beside the estimate; null before. */
export const spokenTime = computed(() => (doc.value ? spokenMinutes(doc.value) : null));

/** Undo/redo stacks of whole documents (commands are pure, so snapshots are cheap to keep). */
const undoStack = signal<ProjectDocument[]>([]);
const redoStack = signal<ProjectDocument[]>([]);
export const canUndo = computed(() => undoStack.value.length > 0);
export const canRedo = computed(() => redoStack.value.length > 0);
const HISTORY_LIMIT = 100;

/** How a command's result enters the document. */
interface ApplyOptions {
  /** False for results of background work (synthesised audio, refreshed paths), which the author
   * did not do by hand and would not expect Ctrl+Z to take back. */
  undoStep: boolean;
}

/**
 * Applies a command to the document as one undo step. Returns the command's result so the caller
 * can show its message or error (the spec's texts); the document changes only when it succeeded.
 */
export function dispatch<A extends unknown[]>(command: DocCommand<A>, ...args: A): Result<ProjectDocument> {
  return apply(command, args, { undoStep: true });
}

/** Applies a command without an undo step (see ApplyOptions.undoStep). */
export function applyQuietly<A extends unknown[]>(
  command: DocCommand<A>,
  ...args: A
): Result<ProjectDocument> {
  return apply(command, args, { undoStep: false });
}

// The one place a command's result enters the document; what differs per command is in its fields.
function apply<A extends unknown[]>(
  command: DocCommand<A>,
  args: A,
  { undoStep }: ApplyOptions,
): Result<ProjectDocument> {
  const current = doc.value;
  if (!current) return { ok: false, error: '项目尚未加载' };
  const result = command.perform(current, ...args);
  if (!result.ok || result.value === current) return result;
  // New pages of a voice video project (语音视频) start in voice mode.
  const next =
    command.createsPage && projectKind.value === PRO_KIND.voice
      ? preferVoiceMode(result.value)
      : result.value;
  const shown = command.showsPage?.(current, ...args) ?? currentPage.value;
  batch(() => {
    if (undoStep) {
      undoStack.value = [...undoStack.value.slice(-HISTORY_LIMIT + 1), current];
      redoStack.value = [];
    }
    doc.value = withTimes(next);
    dirty.value = true;
    currentPage.value = Math.min(shown, doc.value.ppt.pages.length - 1);
  });
  return result;
}

/** Makes page `at` (0-based) the one being edited, clamped to the pages there are. */
export function selectPage(at: number): void {
  const count = doc.value?.ppt.pages.length ?? 0;
  currentPage.value = Math.max(0, Math.min(at, count - 1));
}

/** Takes back the last change (Ctrl+Z). */
export function undo(): void {
  travel(undoStack, redoStack);
}

/** Reapplies the last change taken back (Ctrl+Shift+Z). */
export function redo(): void {
  travel(redoStack, undoStack);
}

// Moves one snapshot from `from` into the document, keeping the current one on `to`.
function travel(from: typeof undoStack, to: typeof undoStack): void {
  const target = from.value.at(-1);
  const current = doc.value;
  if (!target || !current) return;
  batch(() => {
    to.value = [...to.value, current];
    from.value = from.value.slice(0, -1);
    // The name is no undo step (renameProject saves it at once): a snapshot keeps today's name.
    doc.value =
      target.projectName === current.projectName ? target : { ...target, projectName: current.projectName };
    dirty.value = true;
    currentPage.value = Math.min(currentPage.value, target.ppt.pages.length - 1);
  });
}

/** Loads a project into the editor (soundSpeed is set to 1 by the migration, as the spec says). */
export async function loadProject(id: number): Promise<void> {
  loading.value = true;
  try {
    const res = await studioApi.projectDetail(id);
    const data = res.data!;
    const parsed = migrateDocument(data.detail || { projectName: data.name });
    if (!parsed.ok) throw new Error(parsed.error);
    serverCopy = contentKey(parsed.value);
    batch(() => {
      projectId.value = id;
      projectKind.value = data.proKind;
      // The project row's name wins: 修改 renames it at once, even when the draft is not saved after.
      const loaded = { ...parsed.value, projectName: data.name || parsed.value.projectName };
      doc.value = withTimes(data.proKind === PRO_KIND.voice ? preferVoiceMode(loaded) : loaded);
      revision.value = data.revision;
      savedDoc.value = doc.value;
      currentPage.value = 0;
      dirty.value = false;
      undoStack.value = [];
      redoStack.value = [];
    });
  } catch (e) {
    // Nothing of a project opened before stays live: 保存草稿 would save that one (QA pass).
    clearProject();
    throw e;
  } finally {
    loading.value = false;
  }
}

/** The stored draft's content as this editor last loaded or saved it (renamedElsewhere.ts). */
let serverCopy: string | null = null;

// Saves run one after another: each sends the revision the previous one got back, so an autosave
// and a 保存草稿 (or synthesis) pressed meanwhile never refuse each other as stale.
let saveQueue: Promise<unknown> = Promise.resolve();

/** Saves the document: original 1 as a draft, or 2 with the final (export-coordinate) copy. */
export function saveDocument(
  original: 1 | 2,
  document: ProjectDocument | null = doc.value,
  options?: CallOptions,
): Promise<void> {
  const next = saveQueue.then(() => saveNow(original, document, options));
  saveQueue = next.catch(() => undefined);
  return next;
}

async function saveNow(original: 1 | 2, document: ProjectDocument | null, options?: CallOptions) {
  const id = projectId.value;
  if (id === null || !document) return;
  saving.value = true;
  const send = (d: ProjectDocument, o?: CallOptions) =>
    studioApi.updateProject(
      { projectId: id, userProjectInfo: JSON.stringify(d), original, revision: revision.value },
      o,
    );
  try {
    let sent = document;
    const res = await send(sent, { ...options, handles: [...(options?.handles ?? []), Code.conflict] }).catch(
      async (error: unknown) => {
        const renamed = await renamedOnly(error, id, serverCopy);
        if (!renamed) {
          if (error instanceof ApiError && error.code === Code.conflict && !options?.quiet)
            showMessage('error', error.message);
          throw error;
        }
        // Only renamed meanwhile: the new name and revision, then the same save again.
        revision.value = renamed.revision;
        sent = renamedTo(document, renamed.name);
        if (doc.value === document) doc.value = sent;
        return send(sent, options);
      },
    );
    revision.value = res.data!.revision;
    if (original === 1) {
      serverCopy = contentKey(sent);
      savedDoc.value = sent;
    }
    // Edits made while the request was on its way are not in this save: they stay unsaved.
    if (original === 1 && doc.value === sent) dirty.value = false;
  } finally {
    saving.value = false;
  }
}

/** Forgets the working project (logo click, after synthesis is requested). */
export function clearProject(): void {
  batch(() => {
    projectId.value = null;
    doc.value = null;
    revision.value = 0;
    savedDoc.value = null;
    serverCopy = null;
    currentPage.value = 0;
    dirty.value = false;
    undoStack.value = [];
    redoStack.value = [];
  });
}

/**
 * 修改 of the project name: renames the project on the server, then in the document. The name is
 * saved there and then: it is no undo step and leaves the document as saved as it was. The rename
 * counts a revision on the server; it waits for saves on their way, like them, so the revision
 * kept is the one after it.
 */
export function renameProject(name: string): Promise<void> {
  const id = projectId.value;
  if (id === null) return Promise.resolve();
  const next = saveQueue.then(async () => {
    const res = await studioApi.renameProject(id, name);
    if (projectId.value !== id || !doc.value) return;
    const changed = withProjectName.perform(doc.value, name);
    batch(() => {
      revision.value = res.data!.revision;
      if (changed.ok) doc.value = changed.value;
    });
  });
  saveQueue = next.catch(() => undefined);
  return next;
}
