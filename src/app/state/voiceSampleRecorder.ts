import { batch, signal } from '@preact/signals-react';
import { concatPcm } from '../../workers/wav';
import { encodeWavOffThread } from '../../workers/wavEncoder';
import { showMessage } from './messages';
import { NO_DEVICE_TEXT } from './recorder';
import type { CaptureSession } from './recorderBackends';

/*
 * Recording a voice sample in the 新建音色 dialog: the page recorder's microphone capture and WAV
 * encoder worker, without its page upload. idle -> recording -> (encoding) -> idle with a take.
 */

export const sampleRecording = signal<'idle' | 'starting' | 'recording' | 'encoding'>('idle');
/** Seconds recorded so far (from samples, so they match the file). */
export const sampleSeconds = signal(0);
/** The finished take as a WAV file, or null. */
export const sampleTake = signal<Blob | null>(null);

let session: CaptureSession | null = null;
let chunks: Float32Array[] = [];
let count = 0;

/** Starts recording a new take (the previous one is dropped). */
export async function startSampleRecording(): Promise<void> {
  if (sampleRecording.value !== 'idle') return;
  batch(() => {
    sampleRecording.value = 'starting';
    sampleSeconds.value = 0;
    sampleTake.value = null;
  });
  chunks = [];
  count = 0;
  try {
    const { microphoneCapture } = await import('./recorderCapture');
    session = await microphoneCapture.start((pcm) => {
      chunks.push(pcm);
      count += pcm.length;
      if (session) sampleSeconds.value = Math.floor((count / session.sampleRate) * 10) / 10;
    });
    sampleRecording.value = 'recording';
  } catch (error) {
    session = null;
    sampleRecording.value = 'idle';
    const detail = error instanceof Error ? `${error.name}: ${error.message} ` : '';
    showMessage('error', `${detail}${NO_DEVICE_TEXT}`);
  }
}

/** Stops recording and encodes the take as a 16-bit WAV. */
export async function stopSampleRecording(): Promise<void> {
  if (sampleRecording.value !== 'recording' || !session) return;
  const current = session;
  session = null;
  sampleRecording.value = 'encoding';
  try {
    await current.stop();
    const wav = await encodeWavOffThread(concatPcm(chunks), current.sampleRate);
    sampleTake.value = new Blob([wav as BlobPart], { type: 'audio/wav' });
  } finally {
    chunks = [];
    sampleRecording.value = 'idle';
  }
}

/** Drops the take and releases the microphone (closing the dialog). */
export async function resetSampleRecorder(): Promise<void> {
  const current = session;
  session = null;
  chunks = [];
  batch(() => {
    sampleRecording.value = 'idle';
    sampleSeconds.value = 0;
    sampleTake.value = null;
  });
  await current?.stop();
}
