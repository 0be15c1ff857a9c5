import { batch, computed, signal, type Signal } from '@preact/signals-react';
import {
  SUBTITLE_AUDIO_EXTENSIONS,
  SUBTITLE_MAX_BYTES,
  SUBTITLE_MAX_SCRIPT_CHARS,
  SUBTITLE_VIDEO_EXTENSIONS,
  subtitleMessages,
  type SpeechToTextInfo,
  type SubtitleTask,
} from '../../api/subtitle.contract';
import { cueAt } from '../../model/speech';
import { resolveServerUrl } from '../config';
import { studioApi } from '../services/http';

/*
 * 字幕工具 (/subtitle) and 语音转文字 (/helptool): a recording and an optional script go to the
 * server, the task is polled until its cues and files are ready. Each screen has its own session.
 */

/** How often a running task is polled (alignment takes seconds, not minutes). */
export const SUBTITLE_POLL_MS = 1000;

/** One screen's state: the chosen file, the script, the running task and its result. */
export interface SubtitleSession {
  file: Signal<File | null>;
  /** Object URL of the chosen file for the player ('' when none). */
  fileUrl: Signal<string>;
  script: Signal<string>;
  uploadPercent: Signal<number>;
  busy: Signal<boolean>;
  task: Signal<SubtitleTask | null>;
  /** Playback position of the preview player, ms. */
  playMs: Signal<number>;
  /** Index of the cue under the playhead, -1 between cues. */
  activeCue: Signal<number>;
  /** Why the file or the script cannot be sent ('' when they can). */
  problem: Signal<string>;
}

/** Creates the state of one subtitle screen. */
export function createSubtitleSession(): SubtitleSession {
  const file = signal<File | null>(null);
  const script = signal('');
  const task = signal<SubtitleTask | null>(null);
  const playMs = signal(0);
  return {
    file,
    fileUrl: signal(''),
    script,
    uploadPercent: signal(0),
    busy: signal(false),
    task,
    playMs,
    activeCue: computed(() => cueAt(task.value?.result?.cues ?? [], playMs.value)),
    problem: computed(() => subtitleProblem(file.value, script.value)),
  };
}

/** The session of /subtitle and the one of the 语音转文字 card. */
export const subtitleTool = createSubtitleSession();
export const speechToTextTool = createSubtitleSession();

/** What the server can do; loaded once. */
export const subtitleInfo = signal<SpeechToTextInfo | null>(null);

export async function loadSubtitleInfo(): Promise<void> {
  if (subtitleInfo.value) return;
  try {
    subtitleInfo.value = (await studioApi.speechToTextInfo({ quiet: true })).data ?? null;
  } catch {
    // Without the answer the screen assumes no transcriber; the server still has the last word.
  }
}

/** Extensions the picker offers. */
export const SUBTITLE_ACCEPT = [...SUBTITLE_AUDIO_EXTENSIONS, ...SUBTITLE_VIDEO_EXTENSIONS]
  .map((e) => `.${e}`)
  .join(',');

/** Why a file and script cannot be sent, checked before the upload ('' when fine). */
export function subtitleProblem(file: File | null, script: string): string {
  if (file) {
    const ext = /\.([A-Za-z0-9]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? '';
    const known: readonly string[] = [...SUBTITLE_AUDIO_EXTENSIONS, ...SUBTITLE_VIDEO_EXTENSIONS];
    if (!known.includes(ext)) return subtitleMessages.fileType;
    if (file.size >= SUBTITLE_MAX_BYTES) return subtitleMessages.tooLarge;
  }
  if ([...script.replace(/\s+/g, ' ').trim()].length > SUBTITLE_MAX_SCRIPT_CHARS)
    return subtitleMessages.scriptTooLong;
  return '';
}

/** Picks the recording (or clears it), resetting the previous result. */
export function chooseSubtitleFile(session: SubtitleSession, file: File | null): void {
  if (session.fileUrl.value) URL.revokeObjectURL(session.fileUrl.value);
  batch(() => {
    session.file.value = file;
    session.fileUrl.value = file ? URL.createObjectURL(file) : '';
    session.task.value = null;
    session.playMs.value = 0;
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** 生成字幕: uploads, then polls until the task is done or failed. */
export async function runSubtitleTask(session: SubtitleSession, language?: string): Promise<void> {
  const file = session.file.value;
  if (!file || session.busy.value) return;
  // A problem (or a failed task below) is shown in the form itself, once, not again as a toast.
  if (session.problem.value) return;
  batch(() => {
    session.busy.value = true;
    session.uploadPercent.value = 0;
    session.task.value = null;
  });
  try {
    const res = await studioApi.speechToText(
      file,
      file.name,
      { text: session.script.value, language },
      (p) => {
        session.uploadPercent.value = p;
      },
    );
    let task = res.data ?? null;
    session.task.value = task;
    while (task && (task.status === 'queued' || task.status === 'running')) {
      await sleep(SUBTITLE_POLL_MS);
      task = (await studioApi.speechToTextStatus(task.taskId)).data ?? null;
      session.task.value = task;
    }
  } catch {
    // The client showed the server's message.
  } finally {
    session.busy.value = false;
  }
}

/** A download URL of the result with the API base applied. */
export const subtitleDownload = (url: string) => resolveServerUrl(url);

/** Download name for a subtitle file from the recording's name: 讲解.mp3 -> 讲解.srt. */
export function subtitleFileName(recording: string | undefined, ext: 'srt' | 'ass' | 'txt'): string {
  const base = (recording ?? '')
    .replace(/\.[^.]*$/, '')
    .replace(/[\\/:*?"<>|]+/g, '')
    .trim();
  return `${base || '字幕'}.${ext}`;
}

/** 语音转文字: whether the author pasted a script (align) or wants recognition only. */
export const speechToTextWithScript = signal(false);
