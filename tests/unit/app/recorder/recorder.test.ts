import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../../src/app/services/http', () => ({ studioApi: {}, http: {}, confirmLogout: vi.fn() }));

import { documentSchema, withTimes } from '../../../../src/model/project';
import { currentPage, doc, projectId } from '../../../../src/app/state/editor';
import { toasts } from '../../../../src/app/state/messages';
import {
  closeRecorder,
  liveWave,
  LIVE_BAR_SAMPLES,
  noDeviceMessage,
  openRecorder,
  pausePlayback,
  pauseRecording,
  playTake,
  recordedSeconds,
  recordedTake,
  recorderOpen,
  recordingName,
  recorderStatus,
  resumePlayback,
  resumeRecording,
  setRecorderDeps,
  startRecording,
  stopPlayback,
  stopRecording,
  takePeaks,
  takeSeconds,
  uploadPercent,
  uploadTake,
  TAKE_BUCKETS,
  type CaptureSession,
  type TakePlayer,
} from '../../../../src/app/state/recorder';
import { wavDuration } from '../../../../src/workers/wav';

/** A microphone that delivers what the test pushes, and records what the machine asked of it. */
function fakeCapture() {
  const calls: string[] = [];
  let push: (pcm: Float32Array) => void = () => undefined;
  const session: CaptureSession = {
    sampleRate: 48000,
    pause: () => void calls.push('pause'),
    resume: () => void calls.push('resume'),
    stop: () => void calls.push('stop'),
  };
  const backend = {
    start: vi.fn(async (onChunk: (pcm: Float32Array) => void) => {
      calls.push('start');
      push = onChunk;
      return session;
    }),
  };
  /** Delivers `seconds` of a constant level in chunks of 2048 samples. */
  const feed = (seconds: number, level = 0.5) => {
    let left = Math.round(seconds * 48000);
    while (left > 0) {
      const n = Math.min(2048, left);
      push(new Float32Array(n).fill(level));
      left -= n;
    }
  };
  return { backend, calls, feed };
}

function fakePlayer() {
  const player = {
    currentTime: 0,
    calls: [] as string[],
    ended: () => undefined as void,
    play: vi.fn(async () => void player.calls.push('play')),
    pause: () => void player.calls.push('pause'),
    stop: () => {
      player.calls.push('stop');
      player.currentTime = 0;
    },
    onTime: () => undefined,
    onEnded: (cb: () => void) => void (player.ended = cb),
    dispose: () => void player.calls.push('dispose'),
  };
  return player;
}

let capture: ReturnType<typeof fakeCapture>;
let player: ReturnType<typeof fakePlayer>;
let upload: ReturnType<typeof vi.fn>;

beforeEach(() => {
  capture = fakeCapture();
  player = fakePlayer();
  upload = vi.fn(async (_wav: Blob, _sort: number, onProgress: (p: number) => void) => {
    onProgress(100);
    return { path: '/files/rec.wav', soundTime: 1.5, resId: 'r1', timingsPath: '' };
  });
  setRecorderDeps({
    capture: async () => capture.backend,
    createPlayer: () => player as unknown as TakePlayer,
    upload: upload as never,
  });
  projectId.value = 5;
  doc.value = withTimes(
    documentSchema.parse({
      projectName: 'p',
      ppt: {
        uuid: 'd',
        name: 'd',
        pages: [
          { index: 1, istts: 1 },
          { index: 2, istts: 1 },
        ],
      },
    }),
  );
  currentPage.value = 1;
  toasts.value = [];
});

afterEach(() => {
  closeRecorder();
  setRecorderDeps();
});

/** Records `seconds` and stops, leaving a finished take. */
async function recordTake(seconds: number) {
  await startRecording();
  capture.feed(seconds);
  await stopRecording();
}

describe('recorder state machine', () => {
  it('keeps the open signal the voice panel uses', () => {
    openRecorder();
    expect(recorderOpen.value).toBe(true);
    closeRecorder();
    expect(recorderOpen.value).toBe(false);
  });

  it('records, pauses, continues and stops into one take with its waveform and WAV', async () => {
    await startRecording();
    expect(recorderStatus.value).toBe('recording');
    capture.feed(1);
    expect(recordedSeconds.value).toBe(1);
    expect(liveWave.count).toBe(Math.floor(48000 / LIVE_BAR_SAMPLES));
    await pauseRecording();
    expect(recorderStatus.value).toBe('paused');
    capture.feed(0.3); // the engine may still deliver a chunk after suspend: not recorded
    expect(recordedSeconds.value).toBe(1);
    await resumeRecording();
    expect(recorderStatus.value).toBe('recording');
    capture.feed(0.5);
    await stopRecording();
    expect(capture.calls).toEqual(['start', 'pause', 'resume', 'stop']);
    expect(recorderStatus.value).toBe('stopped');
    expect(takeSeconds.value).toBe(1.5);
    expect(takePeaks.value?.max.length).toBe(TAKE_BUCKETS);
    expect(takePeaks.value?.max[0]).toBe(0.5);
    const wav = new Uint8Array(await recordedTake()!.arrayBuffer());
    expect(wavDuration(wav)).toBe(1.5);
    expect(recordedTake()!.type).toBe('audio/wav');
  });

  it('ignores commands in states where they make no sense', async () => {
    await pauseRecording();
    await resumeRecording();
    await stopRecording();
    await playTake();
    pausePlayback();
    stopPlayback();
    expect(await uploadTake()).toBe(false);
    expect(recorderStatus.value).toBe('idle');
    await startRecording();
    await playTake();
    await resumeRecording();
    expect(recorderStatus.value).toBe('recording');
    expect(capture.backend.start).toHaveBeenCalledTimes(1);
  });

  it('plays, pauses, resumes and stops the take; the end of the audio returns to stopped', async () => {
    await recordTake(1);
    await playTake();
    expect(recorderStatus.value).toBe('playing');
    pausePlayback();
    expect(recorderStatus.value).toBe('playbackPaused');
    await resumePlayback();
    expect(recorderStatus.value).toBe('playing');
    stopPlayback();
    expect(recorderStatus.value).toBe('stopped');
    expect(player.calls).toEqual(['play', 'pause', 'play', 'stop']);
    await playTake();
    player.ended();
    expect(recorderStatus.value).toBe('stopped');
  });

  it('a new recording discards the previous take', async () => {
    await recordTake(1);
    await startRecording();
    expect(player.calls).toContain('dispose');
    expect(takePeaks.value).toBeNull();
    expect(recordedSeconds.value).toBe(0);
    capture.feed(0.25);
    await stopRecording();
    expect(takeSeconds.value).toBe(0.25);
  });

  it('shows the error name and message with the spec text when there is no microphone', async () => {
    const e = new Error('Requested device not found');
    e.name = 'NotFoundError';
    capture.backend.start.mockRejectedValueOnce(e);
    await startRecording();
    expect(recorderStatus.value).toBe('idle');
    expect(toasts.value.at(-1)).toMatchObject({
      type: 'error',
      text: 'NotFoundError: Requested device not found 未找到录音设备，如已插入，请保存后刷新',
    });
    expect(noDeviceMessage('x')).toBe('Error: x 未找到录音设备，如已插入，请保存后刷新');
  });

  it('uploads the take as the current page audio and closes', async () => {
    openRecorder();
    await recordTake(1.5);
    await playTake();
    expect(await uploadTake()).toBe(true);
    expect(player.calls).toContain('stop');
    const [blob, pptSort] = upload.mock.calls[0];
    expect(pptSort).toBe(2);
    expect((blob as Blob).size).toBe(44 + 1.5 * 48000 * 2);
    expect(doc.value!.ppt.pages[1]).toMatchObject({ tts: '/files/rec.wav', soundTime: 1.5 });
    expect(recorderOpen.value).toBe(false);
    expect(recorderStatus.value).toBe('idle');
    expect(toasts.value.at(-1)).toMatchObject({ type: 'success', text: '录音上传成功' });
  });

  it('keeps the take when the upload fails', async () => {
    openRecorder();
    await recordTake(1);
    upload.mockRejectedValueOnce(new Error('HTTP 500'));
    const pending = uploadTake();
    expect(recorderStatus.value).toBe('uploading');
    expect(await pending).toBe(false);
    expect(recorderStatus.value).toBe('stopped');
    expect(recordedTake()).not.toBeNull();
    expect(recorderOpen.value).toBe(true);
    expect(uploadPercent.value).toBe(0);
  });

  it('closing while recording releases the microphone and drops the take', async () => {
    openRecorder();
    await startRecording();
    capture.feed(0.5);
    closeRecorder();
    expect(capture.calls).toEqual(['start', 'stop']);
    expect(recorderStatus.value).toBe('idle');
    expect(recordedSeconds.value).toBe(0);
  });
});

describe('recordingName', () => {
  it('names a take 录音 with the hour and minute, which the voice page shows after a reload', () => {
    expect(recordingName(new Date(2026, 10, 27, 9, 5))).toBe('录音 09:05.wav');
    expect(recordingName(new Date(2026, 10, 27, 14, 30))).toBe('录音 14:30.wav');
  });
});
