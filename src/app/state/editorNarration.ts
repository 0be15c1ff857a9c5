import { batch, computed, effect, signal } from '@preact/signals-react';
import {
  dropSpeechAudio,
  estimateSeconds,
  hasVoice,
  isPlaceholderText,
  messages,
  narrationLength,
  pageAudioMissing,
  parseNarration,
  sanitizeNarrationHtml,
  saveNarration,
  setPageAudio,
  switchToTextMode,
  switchToVoiceMode,
  TEXT_MODE,
  VOICE_MODE,
  type DocCommand,
  type ProjectDocument,
  type Result,
} from '../../model/project';
import { speakWithVoice, VoiceTaskFailed } from './voiceTasks';
import { applyQuietly, currentPage, dirty, dispatch, doc, page, projectId, selectPage } from './editor';
import { showMessage } from './messages';
import { confirmDialog } from './confirm';
import { heardSegment, play, playing, playSegments, spokenPage, stopPlaying } from './narrationPlayback';

/*
 * The narration box of the current page: its draft HTML (what is typed but not saved with 保 存),
 * the live count and estimate, saving, and 试听. The box itself is uncontrolled contenteditable;
 * `draftVersion` tells it when to replace its content (another page, undo, a save).
 */

/** HTML currently in the narration box. */
export const narrationDraft = signal('');
/** 0-based page the draft belongs to (-1 before any page is loaded). */
export const draftPage = signal(-1);
/** Bumped whenever the box must show `narrationDraft` afresh instead of keeping its own DOM. */
export const draftVersion = signal(0);

/** The 插入元素 dialog is open. */
export const insertOpen = signal(false);

/** 0-based child segment of the current page chosen under the box (its shot shows in the preview). */
export const selectedSegment = signal<number | null>(null);

/**
 * The framing (isScale) the preview shows: the segment being heard during 试听, else the selected
 * segment's shot tag, else normal (1).
 */
export const previewIsScale = computed(() => {
  const at = heardSegment.value ?? selectedSegment.value;
  const child = at === null ? undefined : page.value?.childList[at];
  return child?.isScale ?? 1;
});

/**
 * Plain text of the draft, what 试听 would speak: none while the box still holds the PDF
 * placeholder, which asks for the page's text and is not narration (QA: it was counted, estimated
 * and spoken).
 */
export const draftText = computed(() => {
  const { text } = parseNarration(narrationDraft.value);
  return isPlaceholderText(text) ? '' : text;
});
/** Live count (out of 300) and estimated seconds (0.14 s per character) of the draft. */
export const draftStats = computed(() => ({
  count: narrationLength(draftText.value),
  seconds: estimateSeconds(draftText.value),
}));
/** True when the box holds text that 保 存 has not stored on the page yet. */
export const draftChanged = computed(() => {
  const p = page.value;
  if (!p || draftPage.value !== currentPage.value) return false;
  return draftKey(narrationDraft.value) !== draftKey(p.textdome);
});

/**
 * Anything not yet stored on the server: document edits, or narration typed in the box and not
 * stored on its page yet. The header shows it, leaving warns about it, autosave saves it.
 */
export const unsavedChanges = computed(() => dirty.value || draftChanged.value);

// Two drafts are the same when they speak the same text with the same markers in the same places.
function draftKey(html: string): string {
  const parsed = parseNarration(html);
  return JSON.stringify([parsed.text, parsed.markers.map((m) => [m.offset, JSON.stringify(m)])]);
}

/** Shows the saved narration of the current page in the box. */
export function loadDraft(): void {
  const p = page.value;
  batch(() => {
    narrationDraft.value = p ? sanitizeNarrationHtml(p.textdome) : '';
    draftPage.value = p ? currentPage.value : -1;
    draftVersion.value++;
    // A segment survives a save that keeps it; another page starts in the normal framing.
    const at = selectedSegment.peek();
    if (at !== null && (!p || at >= p.childList.length)) selectedSegment.value = null;
  });
}

/** Chooses the segment whose framing the preview shows (null: the normal layout). */
export function selectSegment(at: number | null): void {
  selectedSegment.value = at;
}

/** 保 存: stores the draft on its page (re-read into text, markers, segments; audio goes stale). */
export function saveDraft(): Result<ProjectDocument> {
  const result = dispatch(saveNarration, draftPage.value, narrationDraft.value);
  if (result.ok) loadDraft();
  return result;
}

/** Saves a changed, valid draft before the author moves on (page switch, synthesis, draft save). */
export function commitDraft(): void {
  if (draftChanged.value) saveDraft();
}

/** Switches to page `at`, keeping what was typed on the page being left. */
export function goToPage(at: number): void {
  commitDraft();
  selectedSegment.value = null;
  selectPage(at);
  loadDraft();
}

/**
 * Runs a page-strip command with the draft committed first and the box reloaded after, so typed
 * text stays with its own page when pages move; a command that shows another page (a new page, a
 * copy) opens it in the normal framing. Returns the command's result.
 */
export function editPages<A extends unknown[]>(command: DocCommand<A>, ...args: A): Result<ProjectDocument> {
  commitDraft();
  const result = dispatch(command, ...args);
  if (result.ok && command.showsPage) selectedSegment.value = null;
  loadDraft();
  return result;
}

/**
 * The text/voice radio (spec 4): asks 此操作会将文字文件删除, 是否继续? (to voice) or
 * 此操作会将上传的音频文件删除, 是否继续? (to text); 已取消 on cancel, 切换成功! after.
 */
export async function switchNarrationMode(mode: typeof TEXT_MODE | typeof VOICE_MODE): Promise<boolean> {
  const p = page.value;
  if (!p || p.istts === mode) return false;
  const at = currentPage.value;
  stopPlaying();
  const yes = await confirmDialog({
    title: '提示',
    content: mode === VOICE_MODE ? messages.confirmToVoiceMode : messages.confirmToTextMode,
    confirmText: '确定',
    cancelText: '取消',
    testId: 'confirm-mode',
  });
  if (!yes) {
    showMessage('info', messages.cancelled);
    return false;
  }
  const result = dispatch(mode === VOICE_MODE ? switchToVoiceMode : switchToTextMode, at);
  if (!result.ok) {
    showMessage('error', result.error);
    return false;
  }
  loadDraft();
  showMessage('success', messages.switched);
  return true;
}

/** True while 试听 waits for text-to-speech. */
export const previewLoading = signal(false);

// The last spoken draft that is not saved yet, so a second 试听 does not synthesise it again.
let lastPreview: { text: string; voiceId: string; path: string; timingsPath: string } | null = null;

/**
 * 试听 of the current page: plays its saved audio when it matches the text in the box; otherwise
 * converts the box's text with the chosen voice (无文字 when empty) and plays that. Audio of saved
 * text is kept on the page, so 合成视频 does not convert it again.
 */
export async function previewNarration(): Promise<void> {
  const p = page.value;
  const d = doc.value;
  if (!p || !d || projectId.value === null) return;
  if (playing.value) return stopPlaying();
  if (p.istts === VOICE_MODE) {
    if (!p.tts.startsWith('/')) return void showMessage('warning', pageAudioMissing(p.index));
    return play(p.tts);
  }
  const text = draftText.value;
  if (narrationLength(text.trim()) === 0) return void showMessage('warning', messages.noText);
  const saved = text === p.text && !draftChanged.value;
  // Segments with shot tags and their own audio play as the video will: one after another.
  const segments = p.childList.map((c) => c.tts);
  if (saved && p.childList.some((c) => c.isScale !== 1) && segments.every((s) => s.startsWith('/')))
    return playSegments(segments);
  if (saved && p.tts.startsWith('/')) return play(p.tts, '', spokenPage(p));
  if (!hasVoice(d)) return void showMessage('warning', messages.voiceMissing);
  const voiceId = d.character.voiceId;
  if (lastPreview && lastPreview.text === text && lastPreview.voiceId === voiceId) {
    return play(lastPreview.path, lastPreview.timingsPath, saved ? spokenPage(p) : undefined);
  }
  const at = currentPage.value;
  previewLoading.value = true;
  try {
    // A private voice answers a task that is polled every 5 s (spec 4) until done or failed.
    const voice = { id: voiceId, isPublic: d.character.isPublic };
    const { soundPath, soundTime, timingsPath } = await speakWithVoice(voice, text, projectId.value, {
      isCurrent: () => doc.value?.character.voiceId === voiceId,
    });
    lastPreview = { text, voiceId, path: soundPath, timingsPath };
    const now = doc.value?.ppt.pages[at];
    if (saved && now && now.text === text && now.istts === TEXT_MODE) {
      applyQuietly(setPageAudio, at, { path: soundPath, soundTime });
    }
    if (currentPage.value === at) play(soundPath, timingsPath, saved ? spokenPage(p) : undefined);
  } catch (error) {
    // The client has shown other errors; a failed private-voice task reports its reason here.
    if (error instanceof VoiceTaskFailed) showMessage('error', error.message);
  } finally {
    previewLoading.value = false;
  }
}

/** Watches the chosen voice of the open project; returns the function that stops watching. */
export function watchVoiceChanges(): () => void {
  let seen: { project: number | null; voice: string } | null = null;
  return effect(() => {
    const now = { project: projectId.value, voice: doc.value?.character.voiceId ?? '' };
    const before = seen;
    seen = now;
    if (!before || before.project !== now.project || before.voice === now.voice) return;
    lastPreview = null;
    if (before.voice !== '') applyQuietly(dropSpeechAudio);
  });
}
