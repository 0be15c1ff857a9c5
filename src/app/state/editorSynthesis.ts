import { batch, computed, signal } from '@preact/signals-react';
import {
  allSynthesised,
  hasCharacter,
  hasScene,
  hasVoice,
  messages,
  setPageAudio,
  setSegmentAudio,
  setSubtitle,
  synthesisRows,
  TEXT_MODE,
  toExportDocument,
  validateForSynthesis,
  type SynthesisRow,
} from '../../model/project';
import { ApiError } from '../../api/client';
import { materialMessages } from '../../api/material.contract';
import type { ProjectDocument } from '../../model/project';
import { i18n } from '../i18n';
import { studioApi } from '../services/http';
import { confirmDialog } from './confirm';
import { applyQuietly, clearProject, dispatch, doc, projectId, saveDocument } from './editor';
import { commitDraft } from './editorNarration';
import { stopPlaying } from './narrationPlayback';
import { chosenMusic } from './editorMusic';
import { missingPresenter } from './editorTalk';
import { showMessage } from './messages';
import { missingScene } from './missingScene';
import { missingVoice } from './missingVoice';
import { refreshPoints } from './session';
import { pollVoiceTask, startVoiceTask, VoiceTaskFailed } from './voiceTasks';

/*
 * 合成视频 (spec 4 "Public-voice flow", "Private-voice flow", 5 "Validation"): validate in the
 * spec's order, open the synthesis list, convert every text page (and segment) whose audio is
 * missing (a private voice: request every task, then poll the pages one at a time every 5 s), then
 * 确定 saves the draft, saves the final document (original 2, export coordinates) and requests the
 * render.
 *
 * phase: idle (list closed) -> converting -> ready (all rows succeeded) | failed (a conversion
 * failed) -> submitting -> idle. 取消 or closing returns to idle from any phase but submitting.
 */
export type SynthesisPhase = 'idle' | 'converting' | 'ready' | 'failed' | 'submitting';

export const synthesisPhase = signal<SynthesisPhase>('idle');
/** 0-based page being converted now, or -1. */
export const convertingPage = signal(-1);
/** 0-based pages whose conversion failed in this run. */
const failedPages = signal<ReadonlySet<number>>(new Set());

/** True while the synthesis list is open. */
export const synthesisOpen = computed(() => synthesisPhase.value !== 'idle');

/**
 * Rows of the list. Pages still waiting for their turn show 处理中 rather than 失败: the spec's
 * status reads an empty audio reference as failed, which is only true once its conversion failed.
 */
export const synthesisTable = computed<SynthesisRow[]>(() => {
  if (!doc.value) return [];
  const converting = synthesisPhase.value === 'converting';
  return synthesisRows(doc.value).map((row, i) => {
    if (row.status === 'success' || failedPages.value.has(i)) return row;
    return converting && i >= convertingPage.value ? { ...row, status: 'processing' } : row;
  });
});

/** 确定 is enabled only when every row succeeded. */
export const canConfirm = computed(
  () => synthesisPhase.value === 'ready' && allSynthesised(synthesisTable.value),
);

// Each run gets a number; a cancelled run notices that a newer one (or none) is current and stops.
let run = 0;

/**
 * 合成视频: saves the draft in the box, validates (asking 未选择PDF，是否继续合成? when there is no
 * PDF), opens the list and converts. Returns false when validation stopped it.
 */
export async function startSynthesis(): Promise<boolean> {
  if (!doc.value || synthesisPhase.value !== 'idle') return false;
  stopPlaying();
  commitDraft();
  // A presenter, scene, voice or music deleted since the project was saved is refused before 未选择PDF
  // is asked (a yes would only lead to the refusal) and before any speech is made.
  const gone = choicesPresent(doc.value) ? deletedChoice(doc.value) : null;
  if (gone) {
    showMessage('warning', gone);
    return false;
  }
  let check = validateForSynthesis(doc.value);
  if (!check.ok && check.confirm) {
    const yes = await confirmDialog({
      title: '提示',
      content: check.error,
      confirmText: '确定',
      cancelText: '取消',
      testId: 'confirm-no-pdf',
    });
    if (!yes) {
      showMessage('info', messages.cancelled);
      return false;
    }
    check = validateForSynthesis(doc.value, { continueWithoutPdf: true });
  }
  if (!check.ok) {
    showMessage('warning', check.error);
    return false;
  }
  await convertAll();
  return true;
}

/** The spec's first three checks pass: a presenter, a voice and a scene are chosen. */
const choicesPresent = (d: ProjectDocument) => hasCharacter(d) && hasVoice(d) && hasScene(d);

/** What 合成视频 says of a presenter, scene, voice or music the library no longer has, or null. */
function deletedChoice(d: ProjectDocument): string | null {
  if (d.character.uuid && missingPresenter.peek() === d.character.uuid)
    return i18n.t('library:preview.presenterMissing');
  if (d.scene.uuid && missingScene.peek() === d.scene.uuid) return i18n.t('library:preview.sceneMissing');
  if (d.character.voiceId && missingVoice.peek() === d.character.voiceId)
    return i18n.t('library:preview.voiceMissing');
  // The server's own words for it, which it says at 确定 otherwise.
  if (chosenMusic.peek() === 'missing') return materialMessages.musicMissing;
  return null;
}

/** Converts every text page and segment without audio, in page order, updating the rows live. */
export async function convertAll(): Promise<void> {
  const mine = ++run;
  batch(() => {
    synthesisPhase.value = 'converting';
    failedPages.value = new Set();
    convertingPage.value = 0;
  });
  const count = doc.value?.ppt.pages.length ?? 0;
  const current = () => mine === run;
  // Private voices: every page and segment gets its task first, then pages are polled in turn.
  const isPrivate = doc.value?.character.isPublic === 2;
  if (isPrivate) {
    for (let at = 0; at < count; at++) {
      if (await requestTasks(at, current)) continue;
      if (current()) failAt(at);
      return;
    }
  }
  for (let at = 0; at < count; at++) {
    if (mine !== run) return;
    convertingPage.value = at;
    const converted = await (isPrivate ? awaitTasks(at, current) : convertPage(at, current));
    if (mine !== run) return;
    if (!converted) return failAt(at);
  }
  batch(() => {
    convertingPage.value = -1;
    synthesisPhase.value = 'ready';
  });
}

function failAt(at: number): void {
  batch(() => {
    failedPages.value = new Set([...failedPages.value, at]);
    synthesisPhase.value = 'failed';
    convertingPage.value = -1;
  });
}

/**
 * Private-voice flow, step 1: asks a task for the page text and each segment without audio; the
 * task id goes into tts (so the row reads 处理中). Earlier task ids (a cancelled run) are replaced.
 */
async function requestTasks(at: number, current: () => boolean): Promise<boolean> {
  const d = doc.value;
  const p = d?.ppt.pages[at];
  if (!d || !p || projectId.value === null) return false;
  if (p.istts !== TEXT_MODE) return true;
  const voiceId = d.character.voiceId;
  const project = projectId.value;
  try {
    if (!p.tts.startsWith('/')) {
      const taskId = await startVoiceTask(voiceId, p.text, project);
      if (!current()) return false;
      applyQuietly(setPageAudio, at, { path: taskId, soundTime: 0 });
    }
    for (const [i, child] of p.childList.entries()) {
      if (child.tts.startsWith('/')) continue;
      const taskId = await startVoiceTask(voiceId, child.ttsText, project);
      if (!current()) return false;
      applyQuietly(setSegmentAudio, at, i, { path: taskId });
    }
    return true;
  } catch {
    return false; // the client has shown the error
  }
}

/**
 * Private-voice flow, step 2: polls the page's tasks every 5 s (spec 4): 200 stores the audio,
 * 201 stops with the server's reason, anything else warns and keeps polling.
 */
async function awaitTasks(at: number, current: () => boolean): Promise<boolean> {
  const p = doc.value?.ppt.pages[at];
  if (!p) return false;
  if (p.istts !== TEXT_MODE) return p.tts.startsWith('/');
  const options = { isCurrent: current, onPending: (msg: string) => showMessage('warning', msg) };
  try {
    if (!p.tts.startsWith('/')) {
      const speech = await pollVoiceTask(p.tts, options);
      applyQuietly(setPageAudio, at, { path: speech.soundPath, soundTime: speech.soundTime });
    }
    for (const [i, child] of p.childList.entries()) {
      if (child.tts.startsWith('/')) continue;
      const speech = await pollVoiceTask(child.tts, options);
      applyQuietly(setSegmentAudio, at, i, { path: speech.soundPath });
    }
    return true;
  } catch (error) {
    if (error instanceof VoiceTaskFailed) showMessage('error', error.message);
    return false;
  }
}

async function convertPage(at: number, current: () => boolean): Promise<boolean> {
  const d = doc.value;
  const p = d?.ppt.pages[at];
  if (!d || !p || projectId.value === null) return false;
  if (p.istts !== TEXT_MODE) return p.tts.startsWith('/');
  const speak = (text: string) =>
    studioApi.textToSpeech({ projectId: projectId.value!, timbreId: d.character.voiceId, text });
  try {
    if (!p.tts.startsWith('/')) {
      const res = await speak(p.text);
      if (!current()) return false;
      applyQuietly(setPageAudio, at, { path: res.data!.soundPath, soundTime: res.data!.soundTime });
    }
    for (const [i, child] of p.childList.entries()) {
      if (child.tts.startsWith('/')) continue;
      const res = await speak(child.ttsText);
      if (!current()) return false;
      applyQuietly(setSegmentAudio, at, i, { path: res.data!.soundPath });
    }
    return true;
  } catch {
    // The client has shown the error; the row shows 失败.
    return false;
  }
}

/** 取消 or closing the list: stops converting and resets the list (audio made so far is kept). */
export function cancelSynthesis(): void {
  if (synthesisPhase.value === 'submitting') return;
  run++;
  batch(() => {
    synthesisPhase.value = 'idle';
    convertingPage.value = -1;
    failedPages.value = new Set();
  });
}

/**
 * 确定: saves the draft, then the final document in export coordinates (original 2), then requests
 * the render and forgets the working project. Returns true when the render was requested; the
 * caller then leaves the editor.
 */
export async function confirmSynthesis(): Promise<boolean> {
  if (!canConfirm.value || projectId.value === null || !doc.value) return false;
  const id = projectId.value;
  synthesisPhase.value = 'submitting';
  try {
    await saveDocument(1);
    await saveDocument(2, toExportDocument(doc.value));
    await studioApi.composeProject(id);
    // The render was charged in points: the bar and 我的 show the new balance.
    refreshPoints();
  } catch (e) {
    if (!(e instanceof ApiError)) showMessage('error', e instanceof Error ? e.message : String(e));
    synthesisPhase.value = 'ready';
    return false;
  }
  run++;
  batch(() => {
    synthesisPhase.value = 'idle';
    convertingPage.value = -1;
  });
  clearProject();
  return true;
}

/** Subtitle switch: applies to the project like any edit (undoable, saved with the draft). */
export function toggleSubtitle(on: boolean): void {
  dispatch(setSubtitle, on);
}
