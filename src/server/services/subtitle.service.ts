import { randomUUID } from 'node:crypto';
import { Code } from '../../api/envelope';
import {
  SUBTITLE_AUDIO_EXTENSIONS,
  SUBTITLE_MAX_MINUTES,
  SUBTITLE_MAX_SCRIPT_CHARS,
  SUBTITLE_VIDEO_EXTENSIONS,
  subtitleMessages,
  type SpeechToTextInfo,
  type SubtitleCue,
  type SubtitleMode,
  type SubtitleTask,
  speechToTextFields,
} from '../../api/subtitle.contract';
import { assDocument, srtDocument } from '../../model/speech';
import type { JobRow } from '../adapters/db/jobs.repo';
import type { JobQueue } from './jobQueue';
import { discard, type FileStore } from '../adapters/files';
import { alignScript, SCRIPT_MISMATCH_LIMIT } from '../adapters/media/alignScript';
import { FfmpegError, probe } from '../adapters/media/ffmpeg';
import { SUBTITLE_FONT_NAME } from '../adapters/media/fonts';
import { transcribeAudio, TranscribeError, type TranscribeConfig } from '../adapters/media/transcribe.openai';
import { ApiError, parse } from '../http/envelope';
import type { ReceivedUpload } from '../http/upload';
import { JobFailure, type JobContext, type JobHandler } from './jobRunner';
import { MIN_AUDIO_MS, fileExtension } from './resource.service';
import { alignedCues, transcriptCues } from './subtitleTimeline';

export const SUBTITLE_JOB = 'subtitle.make';

/** Where a task's files live: the uploaded source (until the task ends) and the subtitle files. */
const taskDir = (ownerId: number, uuid: string) => `u/${ownerId}/subtitle/${uuid}`;

interface TaskPayload {
  uuid: string;
  ext: string;
  script: string;
  language: string;
  durationMs: number;
}

interface TaskResult {
  mode: SubtitleMode;
  text: string;
  durationMs: number;
  cues: SubtitleCue[];
  srtKey: string;
  assKey: string;
}

/**
 * 语音转文字 / 字幕工具: checks an uploaded recording and queues a task that aligns the script to it
 * (offline) or transcribes it through the configured server, then writes SRT and ASS files.
 */
export class SubtitleService {
  constructor(
    private readonly jobs: JobQueue,
    private readonly files: FileStore,
    private readonly transcriber: TranscribeConfig | null,
    private readonly scratchDir: string,
  ) {}

  info(): SpeechToTextInfo {
    return {
      transcribe: !!this.transcriber,
      model: this.transcriber?.model ?? '',
      maxMinutes: SUBTITLE_MAX_MINUTES,
      maxScriptChars: SUBTITLE_MAX_SCRIPT_CHARS,
    };
  }

  /**
   * Accepts a recording (audio, or a video's sound) and its optional script; refusals keep nothing.
   * The upload's temp file is always removed or moved into the task's folder.
   */
  async create(ownerId: number, upload: ReceivedUpload): Promise<SubtitleTask> {
    try {
      const fields = parse(speechToTextFields, upload.fields);
      const script = fields.text.replace(/\s+/g, ' ').trim();
      // The multipart field limit is 64 KB: a value that reached it was cut off, so it is too long.
      if ([...script].length > SUBTITLE_MAX_SCRIPT_CHARS || Buffer.byteLength(script) >= 64 * 1024 - 4)
        throw new ApiError(Code.badRequest, subtitleMessages.scriptTooLong);
      if (script && !/[\p{L}\p{N}]/u.test(script))
        throw new ApiError(Code.badRequest, subtitleMessages.scriptEmpty);
      if (!script && !this.transcriber) throw new ApiError(Code.badRequest, subtitleMessages.noTranscriber);

      const ext = fileExtension(upload.filename);
      const known: readonly string[] = [...SUBTITLE_AUDIO_EXTENSIONS, ...SUBTITLE_VIDEO_EXTENSIONS];
      if (!known.includes(ext)) throw new ApiError(Code.badRequest, subtitleMessages.fileType);
      // The name says media; the content must too: ffprobe has to find a decodable audio stream.
      const info = await probe(upload.tempFile).catch(() => null);
      const audio = info?.streams.find((s) => s.type === 'audio');
      if (!info || !audio) throw new ApiError(Code.badRequest, subtitleMessages.unreadable);
      const durationMs = audio.durationMs ?? info.durationMs;
      if (durationMs > SUBTITLE_MAX_MINUTES * 60_000)
        throw new ApiError(Code.badRequest, subtitleMessages.tooLong);
      if (durationMs < MIN_AUDIO_MS) throw new ApiError(Code.badRequest, subtitleMessages.tooShort);

      const uuid = randomUUID();
      await this.files.commit(upload.tempFile, `${taskDir(ownerId, uuid)}/source.${ext}`);
      const payload: TaskPayload = {
        uuid,
        ext,
        script,
        language: (fields.language ?? '').slice(0, 8),
        durationMs,
      };
      const taskId = await this.jobs.enqueue({ kind: SUBTITLE_JOB, ownerId, subjectId: 0, payload });
      return this.status(ownerId, taskId);
    } finally {
      await discard(upload.tempFile);
    }
  }

  /** One of the caller's tasks; someone else's task answers as if it did not exist. */
  async status(ownerId: number, taskId: number): Promise<SubtitleTask> {
    const job = await this.jobs.find(taskId);
    if (!job || job.kind !== SUBTITLE_JOB || job.owner_id !== ownerId)
      throw new ApiError(Code.notFound, subtitleMessages.notFound);
    return this.describe(job);
  }

  /** The job handler: one task at a time (alignment is CPU-bound, the machine has few cores). */
  handler(): JobHandler {
    return { concurrency: 1, run: (ctx) => this.run(ctx) };
  }

  private async run(ctx: JobContext): Promise<{ message: string; result: TaskResult }> {
    const payload = ctx.payload as TaskPayload;
    const ownerId = ctx.job.owner_id;
    const dir = taskDir(ownerId, payload.uuid);
    const sourceKey = `${dir}/source.${payload.ext}`;
    const report = (fraction: number, stage: string) =>
      void ctx.progress(fraction, stage).catch(() => undefined);
    try {
      const source = await this.files.localPath(sourceKey);
      let mode: SubtitleMode;
      let text: string;
      let cues: SubtitleCue[];
      if (payload.script) {
        mode = 'align';
        const aligned = await alignScript(source, payload.script, {
          signal: ctx.signal,
          scratchDir: this.scratchDir,
          onProgress: (f, stage) => report(0.95 * f, stage),
        });
        // A script of another recording still warps onto it; refuse rather than time it wrongly.
        if (aligned.mismatch > SCRIPT_MISMATCH_LIMIT) throw new JobFailure(subtitleMessages.scriptMismatch);
        text = aligned.text;
        cues = alignedCues(aligned);
      } else {
        if (!this.transcriber) throw new JobFailure(subtitleMessages.noTranscriber);
        mode = 'transcribe';
        report(0.05, '语音识别中');
        const transcript = await transcribeAudio(source, this.transcriber, {
          signal: ctx.signal,
          scratchDir: this.scratchDir,
          language: payload.language || undefined,
          durationMs: payload.durationMs,
        });
        text = transcript.text;
        cues = transcriptCues(transcript);
      }
      report(0.97, '写出字幕文件');
      const srtKey = `${dir}/subtitle.srt`;
      const assKey = `${dir}/subtitle.ass`;
      // A BOM lets Windows players read the Chinese SRT as UTF-8.
      await this.files.write(srtKey, `\ufeff${srtDocument(cues)}`);
      await this.files.write(
        assKey,
        `\ufeff${assDocument(cues, { fontName: SUBTITLE_FONT_NAME, width: 1920, height: 1080 })}`,
      );
      await this.files.remove(sourceKey);
      return {
        message: `${cues.length} 条字幕`,
        result: { mode, text, durationMs: payload.durationMs, cues, srtKey, assKey },
      };
    } catch (error) {
      if (ctx.signal.aborted) throw error;
      // The task is over for good: its source is no longer needed.
      await this.files.remove(sourceKey);
      if (error instanceof TranscribeError) throw new JobFailure(error.message);
      if (error instanceof FfmpegError) throw new JobFailure(subtitleMessages.unreadable);
      throw error;
    }
  }

  private describe(job: JobRow): SubtitleTask {
    const payload = JSON.parse(job.payload) as TaskPayload;
    const result = job.result ? (JSON.parse(job.result) as TaskResult) : null;
    return {
      taskId: job.id,
      status: job.status as SubtitleTask['status'],
      mode: payload.script ? 'align' : 'transcribe',
      percent: Math.round(job.progress * 100),
      message: job.message,
      result:
        job.status === 'done' && result
          ? {
              text: result.text,
              durationMs: result.durationMs,
              cues: result.cues,
              srtUrl: this.files.signedUrl(result.srtKey),
              assUrl: this.files.signedUrl(result.assKey),
            }
          : null,
    };
  }
}
