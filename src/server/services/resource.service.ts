import { randomBytes } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { Code } from '../../api/envelope';
import { projectMessages } from '../../api/project.contract';
import { AUDIO_EXTENSIONS, resourceMessages, type ResUploadData } from '../../api/resource.contract';
import type { SpeechTimings } from '../../api/speech.contract';
import { mouthTimelineFromLevels } from '../../model/speech';
import type { ProjectsRepo } from '../adapters/db/projects.repo';
import type { FileStore } from '../adapters/files';
import { audioToWav, probe } from '../adapters/media/ffmpeg';
import { decodeWav, pcmLevels, samplesToMs } from '../adapters/media/wav';
import { ApiError } from '../http/envelope';
import type { ReceivedUpload } from '../http/upload';
import { audioKey } from './speech.service';

/** Shorter clips are clicks or empty recordings, not narration. */
export const MIN_AUDIO_MS = 300;
/** Loudness frames for the mouth timeline (the level timeline is tuned for 10 ms). */
const LEVEL_FRAME_MS = 10;

export const resourceServiceMessages = {
  tooShort: '音频时长过短，请上传不少于0.3秒的音频',
} as const;

/** Lower-case extension of a file name without the dot ('' when there is none). */
export function fileExtension(name: string): string {
  const match = /\.([A-Za-z0-9]+)$/.exec(name.trim());
  return match ? match[1].toLowerCase() : '';
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
  ) {}

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

      const wavTemp = await this.files.tempPath('.wav');
      temps.push(wavTemp);
      await audioToWav(upload.tempFile, wavTemp).catch(() => {
        throw unreadable();
      });
      const pcm = decodeWav(await readFile(wavTemp));
      const durationMs = samplesToMs(pcm.samples.length, pcm.sampleRate);
      if (durationMs < MIN_AUDIO_MS) throw new ApiError(Code.badRequest, resourceServiceMessages.tooShort);

      const timings: SpeechTimings = {
        durationMs,
        words: [],
        mouth: mouthTimelineFromLevels(
          pcmLevels(pcm.samples, pcm.sampleRate, LEVEL_FRAME_MS),
          LEVEL_FRAME_MS,
        ),
      };
      const resId = randomBytes(16).toString('hex');
      const wavKey = audioKey(ownerId, resId, 'wav');
      const jsonKey = audioKey(ownerId, resId, 'json');
      const jsonTemp = await this.files.tempPath('.json');
      temps.push(jsonTemp);
      await writeFile(jsonTemp, JSON.stringify(timings));
      // Audio first, timings last, as text-to-speech does: the render needs both.
      await this.files.commit(wavTemp, wavKey);
      await this.files.commit(jsonTemp, jsonKey);
      return {
        path: `/files/${wavKey}`,
        soundTime: Math.round(durationMs / 10) / 100,
        resId,
        timingsPath: `/files/${jsonKey}`,
      };
    } finally {
      await Promise.all(temps.map((file) => rm(file, { force: true })));
    }
  }
}
