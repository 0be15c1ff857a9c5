import { batch, signal } from '@preact/signals-react';
import type { ResUploadData } from '../../api/resource.contract';
import { setPageAudio } from '../../model/project';
import type { Peaks } from '../../workers/peaks';
import { concatPcm } from '../../workers/wav';
import { encodeWavOffThread } from '../../workers/wavEncoder';
import { computePeaksOffThread } from '../../workers/waveformPeaks';
import { studioApi } from '../services/http';
import { currentPage, dispatch, projectId } from './editor';
import { showMessage } from './messages';
import type { CaptureSession, RecorderDeps, TakePlayer } from './recorderBackends';
import { clearLiveBars, pushLiveBars } from './recorderLiveWave';
import { createAudioPlayer } from './recorderPlayer';

export { LIVE_BAR_SAMPLES, LIVE_BARS, liveWave } from './recorderLiveWave';

export type { CaptureBackend, CaptureSession, RecorderDeps, TakePlayer } from './recorderBackends';

/** Whether the recording dialog is open (the voice panel's 录制音频 opens it). */
export const recorderOpen = signal(false);

/** Opens the recording dialog for the current page. */
export function openRecorder(): void {
  recorderOpen.value = true;
}

/**
 * Where the recorder is. idle -> recording <-> paused -> (finishing) -> stopped; a stopped take
 * plays: stopped -> playing <-> playbackPaused -> stopped; stopped -> uploading -> closed.
 */
export type RecorderStatus =
  | 'idle'
  | 'starting'
  | 'recording'
  | 'paused'
  | 'finishing'
  | 'stopped'
  | 'playing'
  | 'playbackPaused'
  | 'uploading';

export const recorderStatus = signal<RecorderStatus>('idle');
/** Seconds recorded so far (counted from samples, so pauses do not count), 0.1 s steps. */
export const recordedSeconds = signal(0);
/** Length of the finished take in seconds. */
export const takeSeconds = signal(0);
/** Playback position in seconds, updated a few times a second (the playhead reads the player). */
export const playbackSeconds = signal(0);
/** Full waveform of the finished take (null until computed). */
export const takePeaks = signal<Peaks | null>(null);
/** Upload progress in percent while uploading. */
export const uploadPercent = signal(0);

/** Spec section 5: shown after the error's name and message when there is no microphone. */
export const NO_DEVICE_TEXT = '未找到录音设备，如已插入，请保存后刷新';
export const RECORDING_UPLOADED = '录音上传成功';
export const RECORDING_FAILED = '录音处理失败，请重新录音';
/** Buckets of the full waveform; the canvas scales them to its width. */
export const TAKE_BUCKETS = 1200;

/** What a take is called on its page (the voice panel shows it): 录音 and the time it was uploaded. */
export function recordingName(at: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `录音 ${two(at.getHours())}:${two(at.getMinutes())}.wav`;
}

const defaultDeps: RecorderDeps = {
  capture: async () => (await import('./recorderCapture')).microphoneCapture,
  createPlayer: (wav) => createAudioPlayer(wav),
  upload: async (wav, pptSort, onProgress) => {
    const id = projectId.peek();
    if (id === null) throw new Error('no project');
    const res = await studioApi.uploadPageAudio(id, pptSort, wav, recordingName(new Date()), onProgress);
    return res.data!;
  },
};
let deps: RecorderDeps = defaultDeps;

/** Replaces the capture/playback/upload backends (tests); call with no argument to restore. */
export function setRecorderDeps(next?: Partial<RecorderDeps>): void {
  deps = { ...defaultDeps, ...next };
}

let session: CaptureSession | null = null;
let chunks: Float32Array[] = [];
let samples = 0;
let sampleRate = 48_000;
let player: TakePlayer | null = null;
let take: Blob | null = null;
// Bumped on every reset so that late answers of an abandoned take are dropped.
let generation = 0;

/** The recorded take as a WAV blob (null before a take is finished). */
export function recordedTake(): Blob | null {
  return take;
}

/** Current playback position in seconds, for the playhead (read per animation frame). */
export function playheadSeconds(): number {
  return player?.currentTime ?? 0;
}

/** The message for a failed getUserMedia: error name and message, then the spec's text. */
export function noDeviceMessage(error: unknown): string {
  const e = error instanceof Error ? error : new Error(String(error));
  return `${e.name}: ${e.message} ${NO_DEVICE_TEXT}`;
}

function onChunk(pcm: Float32Array): void {
  // Chunks still arriving while the capture stops ('finishing') belong to the take.
  const status = recorderStatus.peek();
  if (status !== 'recording' && status !== 'finishing') return;
  chunks.push(pcm);
  samples += pcm.length;
  pushLiveBars(pcm);
  const tenths = Math.floor((samples / sampleRate) * 10) / 10;
  if (tenths !== recordedSeconds.peek()) recordedSeconds.value = tenths;
}

function clearTake(): void {
  player?.dispose();
  player = null;
  take = null;
  chunks = [];
  samples = 0;
  clearLiveBars();
  batch(() => {
    recordedSeconds.value = 0;
    takeSeconds.value = 0;
    playbackSeconds.value = 0;
    takePeaks.value = null;
    uploadPercent.value = 0;
  });
}

/** 开始录音: opens the microphone and starts a new take (a previous take is discarded). */
export async function startRecording(): Promise<void> {
  const status = recorderStatus.peek();
  if (status !== 'idle' && status !== 'stopped') return;
  const gen = ++generation;
  clearTake();
  recorderStatus.value = 'starting';
  let next: CaptureSession;
  try {
    next = await (await deps.capture()).start(onChunk);
  } catch (error) {
    if (gen !== generation) return;
    recorderStatus.value = 'idle';
    showMessage('error', noDeviceMessage(error));
    return;
  }
  if (gen !== generation) return void next.stop();
  session = next;
  sampleRate = next.sampleRate;
  recorderStatus.value = 'recording';
}

/** 暂停: pauses capturing; the take so far is kept. */
export async function pauseRecording(): Promise<void> {
  if (recorderStatus.peek() !== 'recording' || !session) return;
  recorderStatus.value = 'paused';
  await session.pause();
}

/** 继续: resumes capturing into the same take. */
export async function resumeRecording(): Promise<void> {
  if (recorderStatus.peek() !== 'paused' || !session) return;
  await session.resume();
  recorderStatus.value = 'recording';
}

/** 停止: ends the take, computes its waveform and WAV off the main thread, ready to play or upload. */
export async function stopRecording(): Promise<void> {
  const status = recorderStatus.peek();
  if ((status !== 'recording' && status !== 'paused') || !session) return;
  const gen = generation;
  const ending = session;
  session = null;
  recorderStatus.value = 'finishing';
  await ending.stop();
  const pcm = concatPcm(chunks);
  chunks = [];
  const seconds = pcm.length / sampleRate;
  let peaks: Peaks;
  let wav: Uint8Array;
  try {
    const { min, max, pcm: back } = await computePeaksOffThread(pcm, TAKE_BUCKETS);
    peaks = { min, max };
    wav = await encodeWavOffThread(back, sampleRate);
  } catch {
    if (gen !== generation) return;
    resetRecorder();
    showMessage('error', RECORDING_FAILED);
    return;
  }
  if (gen !== generation) return;
  take = new Blob([wav as Uint8Array<ArrayBuffer>], { type: 'audio/wav' });
  player = deps.createPlayer(take);
  const mine = player;
  mine.onTime((t) => mine === player && (playbackSeconds.value = t));
  mine.onEnded(() => {
    if (mine !== player) return;
    batch(() => {
      playbackSeconds.value = 0;
      recorderStatus.value = 'stopped';
    });
  });
  batch(() => {
    takeSeconds.value = seconds;
    recordedSeconds.value = Math.floor(seconds * 10) / 10;
    takePeaks.value = peaks;
    recorderStatus.value = 'stopped';
  });
}

/** 播放 / 继续播放: plays the take from where it was paused (or from the start). */
export async function playTake(): Promise<void> {
  const status = recorderStatus.peek();
  if ((status !== 'stopped' && status !== 'playbackPaused') || !player) return;
  recorderStatus.value = 'playing';
  try {
    await player.play();
  } catch {
    if (recorderStatus.peek() === 'playing') recorderStatus.value = status;
  }
}

/** 继续播放 (the same as 播放 from a paused playback). */
export const resumePlayback = playTake;

/** 暂停播放. */
export function pausePlayback(): void {
  if (recorderStatus.peek() !== 'playing' || !player) return;
  player.pause();
  recorderStatus.value = 'playbackPaused';
}

/** 停止播放: stops and rewinds. */
export function stopPlayback(): void {
  const status = recorderStatus.peek();
  if ((status !== 'playing' && status !== 'playbackPaused') || !player) return;
  player.stop();
  batch(() => {
    playbackSeconds.value = 0;
    recorderStatus.value = 'stopped';
  });
}

/** 上传录音: uploads the take as the current page's audio, stores it in the page, closes the dialog. */
export async function uploadTake(): Promise<boolean> {
  const status = recorderStatus.peek();
  if (!take || (status !== 'stopped' && status !== 'playing' && status !== 'playbackPaused')) return false;
  if (status !== 'stopped') stopPlayback();
  const at = currentPage.peek();
  const gen = generation;
  batch(() => {
    uploadPercent.value = 0;
    recorderStatus.value = 'uploading';
  });
  let data: ResUploadData;
  try {
    data = await deps.upload(take, at + 1, (p) => (uploadPercent.value = p));
  } catch {
    // The HTTP layer has already shown the server's message.
    if (gen === generation) recorderStatus.value = 'stopped';
    return false;
  }
  const result = dispatch(setPageAudio, at, { path: data.path, soundTime: data.soundTime });
  if (!result.ok) {
    showMessage('error', result.error);
    recorderStatus.value = 'stopped';
    return false;
  }
  showMessage('success', RECORDING_UPLOADED);
  closeRecorder();
  return true;
}

/** Stops whatever runs and forgets the take (the dialog closes, or the editor leaves). */
export function resetRecorder(): void {
  generation++;
  const ending = session;
  session = null;
  void ending?.stop();
  clearTake();
  recorderStatus.value = 'idle';
}

/** Closes the recording dialog, discarding an unsent take. */
export function closeRecorder(): void {
  resetRecorder();
  recorderOpen.value = false;
}
