import { computed, effect, signal } from '@preact/signals-react';
import { ApiError } from '../../api/client';
import { Code } from '../../api/envelope';
import { projectMessages } from '../../api/project.contract';
import { dirty, doc, projectId, revision, saveDocument, saving } from './editor';
import { commitDraft, draftChanged, narrationDraft, unsavedChanges } from './editorNarration';
import { synthesisOpen } from './editorSynthesis';
import { showMessage } from './messages';

/*
 * Draft autosave: while the editor has unsaved changes, the draft is saved quietly (the same save as
 * 保存草稿: original 1, revision-checked) once the author has paused, at most once a minute, never
 * while another save or a synthesis is under way. A stale revision stops it: another tab or device
 * saved the project, and overwriting that silently is exactly what revisions prevent.
 */

/** Quiet time after the last edit before the draft is saved. */
export const AUTOSAVE_IDLE_MS = 30_000;
/** Shortest time between the starts of two autosaves. */
export const AUTOSAVE_MIN_GAP_MS = 60_000;
/** While a save or synthesis is in flight, the autosave looks again after this long. */
export const AUTOSAVE_RETRY_MS = 5_000;

export type AutosaveResult = 'saved' | 'conflict' | 'failed';

/** When to save, kept apart from the editor's signals so its timing can be tested with fake timers. */
export interface AutosaveScheduler {
  /** The document changed: saves after the quiet time (and not sooner than the minimum gap). */
  edited(): void;
  /** Cancels any pending save for good. */
  stop(): void;
  /** True after {@link stop} or a stale-revision refusal. */
  readonly stopped: boolean;
}

export interface AutosaveOptions {
  /** True while there are unsaved changes to save. */
  needsSave(): boolean;
  /** True while a save or a synthesis is in flight. */
  busy(): boolean;
  save(): Promise<AutosaveResult>;
  idleMs?: number;
  minGapMs?: number;
  retryMs?: number;
  now?: () => number;
}

/** Builds the autosave timing: debounce by idleMs, rate-limit by minGapMs, wait while busy. */
export function createAutosaveScheduler(options: AutosaveOptions): AutosaveScheduler {
  const idleMs = options.idleMs ?? AUTOSAVE_IDLE_MS;
  const minGapMs = options.minGapMs ?? AUTOSAVE_MIN_GAP_MS;
  const retryMs = options.retryMs ?? AUTOSAVE_RETRY_MS;
  const now = options.now ?? Date.now;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastStart = -Infinity;
  let inFlight = false;
  let stopped = false;

  const schedule = (delay: number) => {
    clearTimeout(timer);
    timer = setTimeout(fire, delay);
  };
  const dueIn = () => Math.max(idleMs, lastStart + minGapMs - now());

  async function fire() {
    timer = undefined;
    if (stopped || !options.needsSave()) return;
    if (inFlight || options.busy()) return schedule(retryMs);
    inFlight = true;
    lastStart = now();
    let result: AutosaveResult;
    try {
      result = await options.save();
    } catch {
      result = 'failed';
    } finally {
      inFlight = false;
    }
    if (result === 'conflict') stopped = true;
    // Edits made during the save already asked for a later one; a failed save tries again later.
    if (!stopped && timer === undefined && options.needsSave()) schedule(dueIn());
  }

  return {
    edited() {
      if (!stopped) schedule(dueIn());
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
    },
    get stopped() {
      return stopped;
    },
  };
}

/** The last autosave: when, and the revision it produced. */
export const autoSaved = signal<{ at: number; revision: number } | null>(null);

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * 'hh:mm' of the last autosave while nothing changed since (no edit, no other save); '' otherwise.
 * The top bar shows it as 已自动保存 hh:mm in place of 已保存.
 */
export const autoSavedTime = computed(() => {
  const last = autoSaved.value;
  if (!last || unsavedChanges.value || last.revision !== revision.value) return '';
  const at = new Date(last.at);
  return `${pad(at.getHours())}:${pad(at.getMinutes())}`;
});

/**
 * Saves the draft quietly, with narration typed in the box stored on its page first (as a page
 * switch would); a stale revision shows the usual conflict message.
 */
async function autosaveDraft(): Promise<AutosaveResult> {
  commitDraft();
  if (!dirty.peek()) return 'saved';
  try {
    await saveDocument(1, doc.peek(), { quiet: true });
    autoSaved.value = { at: Date.now(), revision: revision.peek() };
    return 'saved';
  } catch (error) {
    if (error instanceof ApiError && error.code === Code.conflict) {
      showMessage('error', error.message || projectMessages.stale);
      return 'conflict';
    }
    return 'failed';
  }
}

/** Starts autosaving the open project; returns the function that stops it (editor unmount). */
export function startAutosave(): () => void {
  const scheduler = createAutosaveScheduler({
    needsSave: () => unsavedChanges.peek() && projectId.peek() !== null && doc.peek() !== null,
    busy: () => saving.peek() || synthesisOpen.peek(),
    save: autosaveDraft,
  });
  // Every edit replaces the document and marks it dirty; loading one leaves it clean. Typing in
  // the narration box counts as an edit too.
  const dispose = effect(() => {
    const typed = draftChanged.value && narrationDraft.value;
    if (doc.value && (dirty.value || typed)) scheduler.edited();
  });
  return () => {
    dispose();
    scheduler.stop();
    autoSaved.value = null;
  };
}
