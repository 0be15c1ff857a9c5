import { batch, computed, signal } from '@preact/signals-react';
import { PthStatus, type PrivateVoiceItem } from '../../api/timbre.contract';
import { resolveServerUrl } from '../config';
import { timbreApi } from '../services/http';
import { showMessage } from './messages';
import { speakWithVoice, VoiceTaskCancelled, VoiceTaskFailed } from './voiceTasks';
import { deleteAskingIfUsed } from './deleteInUse';
import { forgetLibraryList } from './library';
import { trackUpload } from './trackUpload';

/*
 * 我的音色 (/myvoice): the user's private voices, their training state, 试听 and the new-voice
 * dialog. While a voice is queued or training the list refreshes every 2 s for its progress.
 */

/** One page holds all of a user's voices (the server caps them at 20). */
const PAGE_SIZE = 50;
const TRAINING_REFRESH_MS = 2000;
/** What 试听 speaks unless the author types something else. */
export const PREVIEW_TEXT = '大家好，这是用我的声音合成的讲解，欢迎大家观看。';

export const myVoices = signal<PrivateVoiceItem[]>([]);
export const myVoicesLoading = signal(false);
export const myVoicesFailed = signal(false);
/** True once the first load answered. */
export const myVoicesLoaded = signal(false);
/** Voices still queued or training: the list keeps refreshing while there are any. */
export const trainingCount = computed(
  () =>
    myVoices.value.filter((v) => v.pthStatus === PthStatus.queued || v.pthStatus === PthStatus.training)
      .length,
);

/** Loads (or refreshes) the list; `quiet` refreshes show no error toast. */
export async function loadMyVoices(quiet = false): Promise<void> {
  if (!quiet) myVoicesLoading.value = true;
  try {
    const res = await timbreApi.listMine(1, PAGE_SIZE, { quiet });
    // The tools read the shared voice lists: a voice trained or deleted shows there too.
    forgetLibraryList('voices');
    batch(() => {
      myVoices.value = res.data?.list ?? [];
      myVoicesFailed.value = false;
      myVoicesLoaded.value = true;
    });
  } catch {
    if (!quiet) myVoicesFailed.value = true;
  } finally {
    if (!quiet) myVoicesLoading.value = false;
  }
}

let refreshTimer: ReturnType<typeof setTimeout> | undefined;
/** Keeps the list fresh while something trains; call with false to stop (leaving the view). */
export function watchTraining(active: boolean): void {
  clearTimeout(refreshTimer);
  refreshTimer = undefined;
  if (!active) return;
  const tick = async () => {
    if (trainingCount.value > 0) await loadMyVoices(true);
    refreshTimer = setTimeout(() => void tick(), TRAINING_REFRESH_MS);
  };
  refreshTimer = setTimeout(() => void tick(), TRAINING_REFRESH_MS);
}

function replace(item: PrivateVoiceItem): void {
  myVoices.value = myVoices.value.map((v) => (v.id === item.id ? item : v));
}

/** 重新训练. */
export async function redoVoice(id: string): Promise<void> {
  const res = await timbreApi.redoVoice(id);
  if (res.data) replace(res.data);
  showMessage('success', res.msg);
}

/**
 * Deletes a voice (the screen asks first; projects using it are named and asked about again).
 * False when the user kept it.
 */
export async function deleteVoice(id: string): Promise<boolean> {
  const res = await deleteAskingIfUsed((force, o) => timbreApi.deleteVoice(id, force, o));
  if (!res) return false;
  if (previewId.value === id) stopPreview();
  myVoices.value = myVoices.value.filter((v) => v.id !== id);
  // The editor's lookups read the shared lists: a project using it says so when it opens (QA).
  forgetLibraryList('voices');
  showMessage('success', res.msg);
  return true;
}

// ---- 新建音色 -----------------------------------------------------------------------------------

export const newVoiceOpen = signal(false);
/** Upload progress of the sample in percent, or null when not uploading. */
export const newVoicePercent = signal<number | null>(null);

/** Sends a sample with its name, sex and consent; the new voice shows first, queued for training. */
export async function createVoice(form: {
  name: string;
  sex: 1 | 2;
  consent: boolean;
  sample: Blob;
  fileName: string;
}): Promise<boolean> {
  try {
    const res = await trackUpload(
      (state) => (newVoicePercent.value = state && state.percent),
      {},
      (onProgress) => timbreApi.createVoice(form.sample, form.fileName, form, onProgress),
    );
    if (res.data) myVoices.value = [...myVoices.value.filter((v) => v.id !== res.data!.id), res.data];
    showMessage('success', res.msg);
    return true;
  } catch {
    // The client showed the server's reason (consent, length, format).
    return false;
  }
}

// ---- 试听 -------------------------------------------------------------------------------------

/** The voice being previewed and how far: synthesising (polling its task) or playing. */
export const previewId = signal<string | null>(null);
export const previewState = signal<'idle' | 'loading' | 'playing'>('idle');
let previewAudio: HTMLAudioElement | null = null;
let previewRun = 0;

/** Stops a preview that is loading or playing. */
export function stopPreview(): void {
  previewRun++;
  previewAudio?.pause();
  previewAudio = null;
  batch(() => {
    previewId.value = null;
    previewState.value = 'idle';
  });
}

/**
 * 试听 of a private voice: requests the speech task and polls it every 5 s until code 200 (plays
 * it) or 201 (shows the reason). Pressing again, or another voice's 试听, stops it.
 */
export async function previewVoice(id: string, text: string): Promise<void> {
  const same = previewId.value === id;
  stopPreview();
  if (same) return;
  const run = previewRun;
  batch(() => {
    previewId.value = id;
    previewState.value = 'loading';
  });
  try {
    const speech = await speakWithVoice({ id, isPublic: 2 }, text, undefined, {
      isCurrent: () => run === previewRun,
    });
    const audio = new Audio(resolveServerUrl(speech.soundPath));
    previewAudio = audio;
    const finish = () => {
      if (previewAudio === audio) stopPreview();
    };
    audio.onended = finish;
    audio.onerror = finish;
    previewState.value = 'playing';
    await audio.play();
  } catch (error) {
    if (error instanceof VoiceTaskCancelled) return;
    if (error instanceof VoiceTaskFailed) showMessage('error', error.message);
    if (run === previewRun) stopPreview();
  }
}
