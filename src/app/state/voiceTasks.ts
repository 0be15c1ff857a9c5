import { ApiError } from '../../api/client';
import { Code } from '../../api/envelope';
import type { SpeechData } from '../../api/speech.contract';
import { TASK_POLL_MS } from '../../api/timbre.contract';
import { studioApi, timbreApi } from '../services/http';

/*
 * Text-to-speech with either kind of voice. Public voices answer the audio at once; private voices
 * (isPublic 2) answer a task id that is polled every 5 s (spec 4): code 200 is done, 201 failed,
 * any other code means not yet.
 */

/** A private-voice task failed (code 201): `message` is the server's reason. */
export class VoiceTaskFailed extends Error {}
/** The caller stopped waiting (cancel, close, another page). */
export class VoiceTaskCancelled extends Error {}

export interface PollOptions {
  /** Polling stops (rejecting with {@link VoiceTaskCancelled}) once this returns false. */
  isCurrent?: () => boolean;
  /** Called with the server's words for each answer that is neither 200 nor 201. */
  onPending?: (message: string) => void;
  /** Milliseconds between polls (the spec's 5 s; tests may shorten it). */
  intervalMs?: number;
}

let pollMs = TASK_POLL_MS;
/** Changes the polling interval (browser tests); no argument restores the spec's 5 s. */
export function setVoiceTaskPollMs(ms = TASK_POLL_MS): void {
  pollMs = ms;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits for a private-voice task: every interval one wavPath call until code 200 or 201. */
export async function pollVoiceTask(taskId: string, options: PollOptions = {}): Promise<SpeechData> {
  const current = options.isCurrent ?? (() => true);
  for (;;) {
    await sleep(options.intervalMs ?? pollMs);
    if (!current()) throw new VoiceTaskCancelled();
    try {
      const res = await timbreApi.wavPath(taskId, { quiet: true });
      if (!current()) throw new VoiceTaskCancelled();
      return res.data!;
    } catch (error) {
      if (error instanceof VoiceTaskCancelled) throw error;
      if (!current()) throw new VoiceTaskCancelled();
      if (error instanceof ApiError && error.code === Code.taskFailed)
        throw new VoiceTaskFailed(error.message);
      // 202 (pending), a 404 for a task the server lost, or the network: tell and keep polling.
      options.onPending?.(error instanceof Error ? error.message : String(error));
    }
  }
}

/** Starts private-voice speech; the answer is the task id to poll. */
export async function startVoiceTask(voiceId: string, text: string, projectId?: number): Promise<string> {
  const res = await timbreApi.textToWav({ id: voiceId, text, projectId });
  return res.data!.taskId;
}

/**
 * Speaks `text` with a voice of either kind and resolves with the audio. Errors have been shown
 * to the user already, except {@link VoiceTaskFailed}, which the caller reports.
 */
export async function speakWithVoice(
  voice: { id: string; isPublic: number },
  text: string,
  projectId: number | undefined,
  options: PollOptions = {},
): Promise<SpeechData> {
  if (voice.isPublic !== 2)
    return (await studioApi.textToSpeech({ projectId, timbreId: voice.id, text })).data!;
  return pollVoiceTask(await startVoiceTask(voice.id, text, projectId), options);
}
