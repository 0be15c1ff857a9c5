import { randomBytes } from 'node:crypto';
import { Code } from '../../api/envelope';
import type { PageOf } from '../../api/library.contract';
import {
  PthStatus,
  SAMPLE_MAX_MS,
  SAMPLE_MIN_MS,
  timbreMessages,
  VOICE_LIMIT,
  type DerivedVoiceParams,
  type PrivateVoiceItem,
} from '../../api/timbre.contract';
import type { JobQueue } from './jobQueue';
import type { VoiceRow, VoicesRepo } from '../adapters/db/voices.repo';
import { discard, type FileStore } from '../adapters/files';
import { decodeWav } from '../adapters/media/wav';
import { ApiError } from '../http/envelope';
import type { ReceivedUpload } from '../http/upload';
import { JobFailure, type JobContext, type JobHandler } from './jobRunner';
import { normaliseAudioUpload } from './resource.service';
import type { VoiceMeasures } from './voiceAnalysis';
import { trainVoice } from './voiceTraining';
import type { AssetUsage } from './assetUsage';
import { ESPEAK_SECONDS_PER_CHAR } from '../adapters/media/tts.voices';

export const TRAIN_VOICE_JOB = 'voice.train';

/** Where a voice's sample lives in the file store. */
export const sampleKey = (ownerId: number, name: string) => `u/${ownerId}/voices/${name}.wav`;

/** A voice id from the API: a positive integer, else the voice does not exist. */
export function voiceIdOf(id: string): number {
  const n = Number(id);
  if (!Number.isSafeInteger(n) || n <= 0) throw new ApiError(Code.notFound, timbreMessages.notFound);
  return n;
}

/** The derived synthesiser settings of a trained voice, or null. */
export function voiceParams(row: VoiceRow): DerivedVoiceParams | null {
  return row.params ? (JSON.parse(row.params) as DerivedVoiceParams) : null;
}

/**
 * 我的音色: private voices from an uploaded or recorded sample, with the speaker's consent. Training
 * is a durable job; pthStatus moves 1 queued -> 2 training -> 4 ready (or 3 failed, see `message`).
 */
export class VoiceService {
  constructor(
    private readonly voices: VoicesRepo,
    private readonly jobs: JobQueue,
    private readonly files: FileStore,
    private readonly usage: AssetUsage,
  ) {}

  /**
   * Stores a voice sample (checked and normalised like page audio, 10 s to 10 min) and queues its
   * training. The upload's temp files are always removed; a refusal stores nothing.
   */
  async create(
    ownerId: number,
    form: { name: string; sex: number },
    upload: ReceivedUpload,
  ): Promise<PrivateVoiceItem> {
    const temps = [upload.tempFile];
    let stored: string | null = null;
    try {
      if ((await this.voices.count(ownerId)) >= VOICE_LIMIT)
        throw new ApiError(Code.badRequest, timbreMessages.tooMany);
      const { wavTemp, durationMs } = await normaliseAudioUpload(this.files, upload, temps);
      if (durationMs < SAMPLE_MIN_MS || durationMs > SAMPLE_MAX_MS) {
        throw new ApiError(Code.badRequest, timbreMessages.sampleDuration);
      }
      const key = sampleKey(ownerId, randomBytes(16).toString('hex'));
      await this.files.commit(wavTemp, key);
      stored = key;
      const now = Date.now();
      const row = await this.voices.insert({
        owner_id: ownerId,
        name: form.name,
        sex: form.sex === 1 ? 1 : 2,
        pth_status: PthStatus.queued,
        progress: 0,
        message: timbreMessages.queued,
        sample_key: key,
        sample_ms: durationMs,
        measures: null,
        params: null,
        consent_at: now,
        created_at: now,
        updated_at: now,
      });
      stored = null; // the row owns the file now
      await this.queueTraining(ownerId, row.id);
      return this.item(row);
    } finally {
      if (stored) await this.files.remove(stored);
      await discard(...temps);
    }
  }

  /** The caller's voices (all states: /myvoice shows them; the editor lists only ready ones). */
  async list(
    ownerId: number,
    req: { pageIndex: number; pageSize: number; sex?: number },
  ): Promise<PageOf<PrivateVoiceItem>> {
    const filter = { sex: req.sex === undefined ? undefined : req.sex === 1 ? 1 : 2 };
    const [count, rows] = await Promise.all([
      this.voices.count(ownerId, filter),
      this.voices.list(ownerId, filter, (req.pageIndex - 1) * req.pageSize, req.pageSize),
    ]);
    return { list: rows.map((r) => this.item(r)), count, pageIndex: req.pageIndex, pageSize: req.pageSize };
  }

  /** One of the caller's voices, or the 音色不存在 refusal. */
  async find(ownerId: number, id: string): Promise<VoiceRow> {
    const row = await this.voices.find(ownerId, voiceIdOf(id));
    if (!row) throw new ApiError(Code.notFound, timbreMessages.notFound);
    return row;
  }

  /** 重新训练: runs training again (not while it is still queued or running). */
  async redo(ownerId: number, id: string): Promise<PrivateVoiceItem> {
    const row = await this.find(ownerId, id);
    if (row.pth_status === PthStatus.queued || row.pth_status === PthStatus.training) {
      throw new ApiError(Code.conflict, timbreMessages.training);
    }
    await this.voices.update(ownerId, row.id, {
      pth_status: PthStatus.queued,
      progress: 0,
      message: timbreMessages.queued,
    });
    await this.queueTraining(ownerId, row.id);
    return this.item((await this.voices.find(ownerId, row.id))!);
  }

  /**
   * Deletes one of the caller's voices and its sample; a training still queued or running is
   * cancelled. Speech already made with the voice stays: projects may use it.
   */
  async delete(ownerId: number, id: string, force = false): Promise<void> {
    const row = await this.find(ownerId, id);
    await this.usage.guardDelete(ownerId, { kind: 'voice', id: String(row.id) }, force);
    await this.jobs.cancel(TRAIN_VOICE_JOB, ownerId, row.id);
    await this.voices.delete(ownerId, row.id);
    await this.files.remove(row.sample_key);
  }

  /** The training job: measures the sample and fits the synthesiser, recording state on the voice. */
  trainHandler(): JobHandler {
    return {
      concurrency: 1,
      run: (ctx) => this.train(ctx),
      // The runner gives up on a job interrupted too often without running it again: mark the
      // voice failed so 重新训练 is offered instead of a voice stuck in 训练中.
      failed: async (job) => {
        const { voiceId } = JSON.parse(job.payload) as { voiceId: number };
        const row = await this.voices.find(job.owner_id, voiceId);
        if (row && row.pth_status !== PthStatus.ready && row.pth_status !== PthStatus.failed) {
          await this.voices.update(job.owner_id, voiceId, {
            pth_status: PthStatus.failed,
            message: '训练被中断，请重新训练',
          });
        }
      },
    };
  }

  private async train(ctx: JobContext): Promise<{ message: string }> {
    const ownerId = ctx.job.owner_id;
    const { voiceId } = ctx.payload as { voiceId: number };
    const row = await this.voices.find(ownerId, voiceId);
    if (!row) return { message: timbreMessages.notFound };
    await this.voices.update(ownerId, voiceId, {
      pth_status: PthStatus.training,
      progress: 0.05,
      message: timbreMessages.training,
    });
    try {
      const sample = decodeWav(await this.files.read(row.sample_key));
      const trained = await trainVoice(sample, row.sex, async (fraction) => {
        ctx.signal.throwIfAborted();
        await ctx.progress(fraction);
        await this.voices.update(ownerId, voiceId, { progress: fraction });
      });
      ctx.signal.throwIfAborted();
      await this.voices.update(ownerId, voiceId, {
        pth_status: PthStatus.ready,
        progress: 1,
        message: '已就绪',
        measures: JSON.stringify(trained.measures),
        params: JSON.stringify(trained.params),
      });
      return { message: '已就绪' };
    } catch (error) {
      if (!ctx.signal.aborted) {
        const reason = error instanceof JobFailure ? error.message : '训练失败，请重新训练';
        await this.voices.update(ownerId, voiceId, { pth_status: PthStatus.failed, message: reason });
      }
      throw error;
    }
  }

  private async queueTraining(ownerId: number, voiceId: number): Promise<void> {
    await this.jobs.enqueue({ kind: TRAIN_VOICE_JOB, ownerId, subjectId: voiceId, payload: { voiceId } });
  }

  private item(row: VoiceRow): PrivateVoiceItem {
    const measures = row.measures ? (JSON.parse(row.measures) as VoiceMeasures) : null;
    const params = voiceParams(row);
    return {
      id: String(row.id),
      show_name: row.name,
      name: row.name,
      sex: row.sex,
      isPublic: 2,
      pthStatus: row.pth_status,
      lang: 'zh',
      progress: Math.round(row.progress * 100) / 100,
      message: row.message,
      samplePath: `/files/${row.sample_key}`,
      sampleTime: Math.round(row.sample_ms / 100) / 10,
      pitchHz: measures?.f0MedianHz ?? 0,
      syllablesPerSecond: measures?.syllablesPerSecond ?? 0,
      // The derived voice is eSpeak at a rate multiplier: its pace follows from the built-in one.
      ...(params
        ? { secondsPerChar: Math.round((ESPEAK_SECONDS_PER_CHAR / params.rate) * 1000) / 1000 }
        : {}),
      createdAt: row.created_at,
    };
  }
}
