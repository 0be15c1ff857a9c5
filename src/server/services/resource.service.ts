import { randomBytes } from 'node:crypto';
import { Code } from '../../api/envelope';
import { projectMessages } from '../../api/project.contract';
import {
  AUDIO_EXTENSIONS,
  OTHER_VIDEO_EXTENSIONS,
  resourceMessages,
  VIDEO_EXTENSIONS,
  videoMessages,
  type ResUploadData,
} from '../../api/resource.contract';
import type { SpeechTimings } from '../../api/speech.contract';
import { mouthTimelineFromLevels } from '../../model/speech';
import type { ProjectsRepo } from '../adapters/db/projects.repo';
import { discard, readScratch, writeScratch, type FileStore } from '../adapters/files';
import { audioToWav, probe } from '../adapters/media/ffmpeg';
import type { Transcript } from '../adapters/media/transcribe.openai';
import { decodeWav, pcmLevels, samplesToMs, type Pcm16 } from '../adapters/media/wav';
import { ApiError } from '../http/envelope';
import type { ReceivedUpload } from '../http/upload';
import { audioKey } from './speech.service';
import { clipped, shownFileName } from './fileNames';
import type { DeferredDeletes } from './deferredDeletes';

/** Shorter clips are clicks or empty recordings, not narration. */
export const MIN_AUDIO_MS = 300;
/** Loudness frames for the mouth timeline (the level timeline is tuned for 10 ms). */
const LEVEL_FRAME_MS = 10;

/** Longest page-audio name kept for the voice page (a file name, not a title). */
const SOURCE_NAME_MAX = 120;

export const resourceServiceMessages = {
  tooShort: '音频时长过短，请上传不少于0.3秒的音频',
} as const;

/** Lower-case extension of a file name without the dot ('' when there is none). */
export function fileExtension(name: string): string {
  const match = /\.([A-Za-z0-9]+)$/.exec(name.trim());
  return match ? match[1].toLowerCase() : '';
}

/** Store key of an uploaded page video. */
export const videoKey = (ownerId: number, resId: string) => `u/${ownerId}/videos/${resId}.mp4`;

/**
 * True when an upload is meant as a page video: named .mp4 (or another video container, refused
 * later with the MP4 message) or sent with kind=video.
 */
export function isVideoUpload(filename: string, kind: string | undefined): boolean {
  const ext = fileExtension(filename);
  return (
    kind === 'video' ||
    (VIDEO_EXTENSIONS as readonly string[]).includes(ext) ||
    (OTHER_VIDEO_EXTENSIONS as readonly string[]).includes(ext)
  );
}

/**
 * Checks an uploaded audio file by name (the spec's formats) and by content (ffprobe must find an
 * audio stream), then converts it to the narration WAV (24 kHz mono) in a new temp file, which is
 * added to `temps` for the caller to remove. Shared by page audio and voice samples.
 */
export async function normaliseAudioUpload(
  files: FileStore,
  upload: ReceivedUpload,
  temps: string[],
): Promise<{ wavTemp: string; pcm: Pcm16; durationMs: number }> {
  const ext = fileExtension(upload.filename);
  if (!(AUDIO_EXTENSIONS as readonly string[]).includes(ext)) {
    throw new ApiError(Code.badRequest, resourceMessages.audioType);
  }
  const unreadable = () => new ApiError(Code.badRequest, resourceMessages.audioUnreadable);
  // The name says audio; the content must too (a renamed text or image file has no audio stream).
  const info = await probe(upload.tempFile).catch(() => {
    throw unreadable();
  });
  if (!info.streams.some((s) => s.type === 'audio')) throw unreadable();

  const wavTemp = await files.tempPath('.wav');
  temps.push(wavTemp);
  await audioToWav(upload.tempFile, wavTemp).catch(() => {
    throw unreadable();
  });
  const pcm = decodeWav(await readScratch(wavTemp));
  return { wavTemp, pcm, durationMs: samplesToMs(pcm.samples.length, pcm.sampleRate) };
}

/**
 * Page audio uploads (resUpload, voice pages): checks the project and the content, normalises the
 * audio to the narration WAV and stores it with the same timings file text-to-speech writes, so 试听,
 * the stage and the render treat uploaded and synthesised narration alike.
 */
export class ResourceService {
  constructor(
    private readonly projects: ProjectsRepo,
    private readonly files: FileStore,
    /** Deleted page files wait here, so undo in the editor can bring them back. */
    private readonly deferred: Pick<DeferredDeletes, 'schedule'>,
    /** Speech recognition (TRANSCRIBE_URL), used to give uploaded narration subtitle words. */
    private readonly transcribe: ((wavFile: string) => Promise<Transcript>) | null = null,
  ) {}

  /** The background transcriptions still running (tests and shutdown wait for them). */
  readonly pending = new Set<Promise<void>>();

  /**
   * Accepts an uploaded audio file for page `pptSort` of the caller's project. The upload's temp file
   * is always removed; on any refusal nothing is stored.
   */
  async uploadAudio(
    ownerId: number,
    req: { projectId: number; pptSort: number },
    upload: ReceivedUpload,
  ): Promise<ResUploadData> {
    // Temp files of this request; whatever is still listed at the end was not moved into place.
    const temps = [upload.tempFile];
    try {
      if (!(await this.projects.find(ownerId, req.projectId))) {
        throw new ApiError(Code.notFound, projectMessages.notFound);
      }
      const { wavTemp, pcm, durationMs } = await normaliseAudioUpload(this.files, upload, temps);
      if (durationMs < MIN_AUDIO_MS) throw new ApiError(Code.badRequest, resourceServiceMessages.tooShort);

      const timings: SpeechTimings = {
        durationMs,
        words: [],
        mouth: mouthTimelineFromLevels(
          pcmLevels(pcm.samples, pcm.sampleRate, LEVEL_FRAME_MS),
          LEVEL_FRAME_MS,
        ),
        sourceName: clipped(shownFileName(upload.filename), SOURCE_NAME_MAX),
      };
      const resId = randomBytes(16).toString('hex');
      const wavKey = audioKey(ownerId, resId, 'wav');
      const jsonKey = audioKey(ownerId, resId, 'json');
      const jsonTemp = await this.files.tempPath('.json');
      temps.push(jsonTemp);
      await writeScratch(jsonTemp, JSON.stringify(timings));
      // Audio first, timings last, as text-to-speech does: the render needs both.
      await this.files.commit(wavTemp, wavKey);
      await this.files.commit(jsonTemp, jsonKey);
      this.transcribeLater(wavKey, jsonKey, timings);
      return {
        path: `/files/${wavKey}`,
        soundTime: Math.round(durationMs / 10) / 100,
        resId,
        timingsPath: `/files/${jsonKey}`,
      };
    } finally {
      await discard(...temps);
    }
  }

  /**
   * Uploaded or recorded narration has no words of its own, so its page gets no subtitles. When a
   * transcription server is configured, its segments become the clip's words (the subtitle text
   * and times) in the background, without holding up the upload; the timings file is replaced
   * whole (temp file, then rename). A failure only means no subtitles for that clip.
   */
  private transcribeLater(wavKey: string, jsonKey: string, timings: SpeechTimings): void {
    if (!this.transcribe) return;
    const run = (async () => {
      const transcript = await this.transcribe!(await this.files.localPath(wavKey));
      const words = transcript.segments
        .filter((s) => s.text.trim() !== '' && s.endMs > s.startMs)
        .map((s) => ({
          text: s.text.trim(),
          startMs: s.startMs,
          endMs: Math.min(s.endMs, timings.durationMs),
        }));
      if (!words.length) return;
      await this.files.write(jsonKey, JSON.stringify({ ...timings, words, transcribed: true }));
    })()
      .catch(() => undefined)
      .finally(() => this.pending.delete(run));
    this.pending.add(run);
  }

  /**
   * Accepts an uploaded page video (spec 4 "Page video: .mp4"): the name must be .mp4 and the
   * content an MP4 with a video stream. Stored as is; `soundTime` is its duration in seconds.
   */
  async uploadVideo(
    ownerId: number,
    req: { projectId: number },
    upload: ReceivedUpload,
  ): Promise<ResUploadData> {
    try {
      if (!(await this.projects.find(ownerId, req.projectId))) {
        throw new ApiError(Code.notFound, projectMessages.notFound);
      }
      if (!(VIDEO_EXTENSIONS as readonly string[]).includes(fileExtension(upload.filename))) {
        throw new ApiError(Code.badRequest, videoMessages.videoType);
      }
      const unreadable = () => new ApiError(Code.badRequest, videoMessages.videoUnreadable);
      const info = await probe(upload.tempFile).catch(() => {
        throw unreadable();
      });
      // An MP4 container (ffprobe names it "mov,mp4,m4a,3gp,3g2,mj2") with a real video stream.
      const isMp4 = /mp4|mov/.test(info.formatName);
      const video = info.streams.find((s) => s.type === 'video' && (s.width ?? 0) > 0);
      if (!isMp4 || !video || !(info.durationMs > 0)) throw unreadable();

      const resId = randomBytes(16).toString('hex');
      const key = videoKey(ownerId, resId);
      await this.files.commit(upload.tempFile, key);
      return {
        path: `/files/${key}`,
        soundTime: Math.round(info.durationMs / 10) / 100,
        resId,
        timingsPath: '',
      };
    } finally {
      await discard(upload.tempFile);
    }
  }

  /**
   * resDelete: removes one of the caller's uploaded page resources (videos, page audio). Paths of
   * other users, or outside those folders, are refused; a file already gone is fine.
   */
  async deleteResource(
    ownerId: number,
    req: { path: string; resid: string; projectid: number },
  ): Promise<void> {
    if (!(await this.projects.find(ownerId, req.projectid))) {
      throw new ApiError(Code.notFound, projectMessages.notFound);
    }
    const key = req.path.replace(/^\/files\//, '').replace(/[?#].*$/, '');
    const own = new RegExp(`^u/${ownerId}/(videos|audio)/[A-Za-z0-9_-]+\\.[a-z0-9]+$`);
    if (!own.test(key)) throw new ApiError(Code.forbidden, videoMessages.deleteForbidden);
    // Not removed now: the editor's undo may put the reference back (DeferredDeletes).
    await this.deferred.schedule(ownerId, key);
  }
}
