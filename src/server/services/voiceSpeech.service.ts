import { Code, type Envelope } from '../../api/envelope';
import type { SpeechData } from '../../api/speech.contract';
import { PthStatus, TASK_PENDING, timbreMessages, type TaskData } from '../../api/timbre.contract';
import type { JobQueue } from './jobQueue';
import type { VoicesRepo } from '../adapters/db/voices.repo';
import { derivedVoices } from '../adapters/media/tts.derived';
import { ApiError } from '../http/envelope';
import { JobFailure, type JobContext, type JobHandler } from './jobRunner';
import { narrationText, type SpeechService } from './speech.service';
import { voiceIdOf, voiceParams } from './voice.service';

export const VOICE_TTS_JOB = 'voice.tts';

/**
 * Private-voice text-to-speech (spec 4 "Private-voice flow"): textToWav answers a task id at once and
 * a background job speaks the text with the voice's derived settings; wavPath answers 200 with the
 * audio when done, 201 with the reason when it failed, 202 while it is queued or running.
 */
export class VoiceSpeechService {
  constructor(
    private readonly voices: VoicesRepo,
    private readonly jobs: JobQueue,
    private readonly speech: SpeechService,
  ) {}

  /** Checks the request and queues the speech; data.taskId is what wavPath polls. */
  async start(ownerId: number, req: { id: string; text: string; projectId?: number }): Promise<TaskData> {
    await this.speech.checkProject(ownerId, req.projectId);
    const text = narrationText(req.text);
    const voice = await this.voices.find(ownerId, voiceIdOf(req.id));
    if (!voice) throw new ApiError(Code.notFound, timbreMessages.notFound);
    if (voice.pth_status !== PthStatus.ready) throw new ApiError(Code.badRequest, timbreMessages.notReady);
    const jobId = await this.jobs.enqueue({
      kind: VOICE_TTS_JOB,
      ownerId,
      subjectId: voice.id,
      payload: { voiceId: voice.id, text },
    });
    return { taskId: String(jobId) };
  }

  /** The task's answer envelope: 200 done, 201 failed, 202 pending. Other users' tasks do not exist. */
  async status(ownerId: number, taskId: string): Promise<Envelope<SpeechData | { progress: number }>> {
    const id = Number(taskId);
    const job = Number.isSafeInteger(id) && id > 0 ? await this.jobs.find(id) : undefined;
    if (!job || job.kind !== VOICE_TTS_JOB || job.owner_id !== ownerId) {
      throw new ApiError(Code.notFound, timbreMessages.taskNotFound);
    }
    if (job.status === 'done' && job.result) {
      return { code: Code.ok, msg: '合成成功', data: JSON.parse(job.result) as SpeechData };
    }
    if (job.status === 'failed' || job.status === 'cancelled') {
      return { code: Code.taskFailed, msg: job.message || '语音合成失败' };
    }
    return { code: TASK_PENDING, msg: timbreMessages.pending, data: { progress: job.progress } };
  }

  /** The speech job: the voice must still exist and be ready (it may have been deleted or retrained). */
  handler(): JobHandler {
    return { concurrency: 1, run: (ctx) => this.run(ctx) };
  }

  private async run(ctx: JobContext): Promise<{ message: string; result: SpeechData }> {
    const ownerId = ctx.job.owner_id;
    const { voiceId, text } = ctx.payload as { voiceId: number; text: string };
    const voice = await this.voices.find(ownerId, voiceId);
    if (!voice) throw new JobFailure(timbreMessages.notFound);
    const params = voiceParams(voice);
    if (voice.pth_status !== PthStatus.ready || !params) throw new JobFailure(timbreMessages.notReady);
    // The settings are part of the cache key: retraining a voice makes new audio.
    const key = `private:${voice.id}:${params.variant}:${params.pitch}:${params.range}:${params.rate}`;
    const result = await this.speech.speak(ownerId, key, { mixed: derivedVoices(params) }, text);
    return { message: '合成成功', result };
  }
}
