import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { Code } from '../../api/envelope';
import { projectMessages } from '../../api/project.contract';
import { speechMessages, type SpeechData, type SpeechTimings } from '../../api/speech.contract';
import { mouthTimeline } from '../../model/speech';
import type { ProjectsRepo } from '../adapters/db/projects.repo';
import type { FileStore } from '../adapters/files';
import { synthesizeMixed } from '../adapters/media/tts.mixed';
import { concatPcm16, encodeWav, samplesToMs } from '../adapters/media/wav';
import { findPublicVoice } from '../adapters/media/tts.voices';
import { ApiError } from '../http/envelope';

const MAX_CHARS = 300;
/** Silence closing every narration clip: pages then breathe between each other, mouth at rest. */
const CLOSING_PAUSE_MS = 350;

/** Where a user's narration audio lives; the name is a hash of voice and text, so it is a cache too. */
export const audioKey = (ownerId: number, hash: string, ext: 'wav' | 'json') =>
  `u/${ownerId}/audio/${hash}.${ext}`;

/** Text-to-speech for narration: audio plus word timings and the mouth-shape timeline. */
export class SpeechService {
  constructor(
    private readonly projects: ProjectsRepo,
    private readonly files: FileStore,
  ) {}

  /** Speaks `text` with a public voice into the owner's audio folder (cached by voice and text). */
  async textToSpeech(
    ownerId: number,
    req: { projectId?: number; timbreId: string; text: string },
  ): Promise<SpeechData> {
    if (req.projectId !== undefined && !(await this.projects.find(ownerId, req.projectId))) {
      throw new ApiError(Code.notFound, projectMessages.notFound);
    }
    const text = req.text.replace(/\s+/g, ' ').trim();
    if (!text) throw new ApiError(Code.badRequest, speechMessages.empty);
    if ([...text].length > MAX_CHARS) throw new ApiError(Code.badRequest, speechMessages.tooLong);
    const voice = findPublicVoice(req.timbreId);
    if (!voice) throw new ApiError(Code.badRequest, speechMessages.unknownVoice);

    const hash = createHash('sha256').update(`${voice.key}\n${text}`).digest('hex').slice(0, 32);
    const wavKey = audioKey(ownerId, hash, 'wav');
    const jsonKey = audioKey(ownerId, hash, 'json');
    if (await this.files.exists(jsonKey)) {
      const timings = JSON.parse(await readFile(this.files.resolve(jsonKey), 'utf8')) as SpeechTimings;
      return this.answer(wavKey, jsonKey, timings.durationMs);
    }

    const result = await synthesizeMixed(text, voice.voices);
    const pause = new Int16Array(Math.round((CLOSING_PAUSE_MS * result.sampleRate) / 1000));
    const samples = concatPcm16([result.samples, pause]);
    const durationMs = samplesToMs(samples.length, result.sampleRate);
    const timings: SpeechTimings = {
      durationMs,
      words: result.words.map((w) => ({
        text: w.text,
        startMs: w.startMs,
        endMs: w.endMs,
        // Subtitles map their line breaks to these offsets.
        charStart: w.charStart,
        charEnd: w.charEnd,
      })),
      mouth: mouthTimeline(result.phonemes, result.durationMs),
    };
    // Audio first, timings last: the timings file marks a complete entry for the cache check above.
    await this.writeAtomically(wavKey, encodeWav(samples, result.sampleRate));
    await this.writeAtomically(jsonKey, Buffer.from(JSON.stringify(timings)));
    return this.answer(wavKey, jsonKey, durationMs);
  }

  private async writeAtomically(key: string, content: Buffer): Promise<void> {
    const temp = await this.files.tempPath();
    await writeFile(temp, content);
    await this.files.commit(temp, key);
  }

  private answer(wavKey: string, jsonKey: string, durationMs: number): SpeechData {
    return {
      soundPath: `/files/${wavKey}`,
      soundTime: Math.round(durationMs / 10) / 100,
      timingsPath: `/files/${jsonKey}`,
    };
  }
}
