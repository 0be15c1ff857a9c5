import { createHash } from 'node:crypto';
import { Code } from '../../api/envelope';
import { projectMessages } from '../../api/project.contract';
import { speechMessages, type SpeechData, type SpeechTimings } from '../../api/speech.contract';
import {
  mouthTimelineFromLevels,
  normalizeForSpeech,
  originalWords,
  ttsMouthTimeline,
} from '../../model/speech';
import type { ProjectsRepo } from '../adapters/db/projects.repo';
import type { FileStore } from '../adapters/files';
import { getTtsEngine, type TtsVoice } from '../adapters/media/tts.engine';
import { synthesizeMixed, type MixedVoices } from '../adapters/media/tts.mixed';
import { concatPcm16, encodeWav, pcmLevels, samplesToMs } from '../adapters/media/wav';
import { findPublicVoice, type PublicVoice } from '../adapters/media/tts.voices';
import { ApiError } from '../http/envelope';

/**
 * Part of every spoken clip's cache key: raised when what a clip stores changes (2: the TTS mouth
 * follows ttsMouthTimeline), so narration spoken before is spoken again once instead of keeping the
 * old mouth timeline.
 */
const SPEECH_CACHE_VERSION = 2;

const MAX_CHARS = 300;
/** Silence closing every narration clip: pages then breathe between each other, mouth at rest. */
const CLOSING_PAUSE_MS = 350;

/** Envelope code when an external engine failed (the server could not do its part). */
const ENGINE_FAILED = 500;
/** Loudness frames of a level-driven mouth timeline (as for uploaded audio). */
const LEVEL_FRAME_MS = 10;

/** How to speak: per-language voices of the mixed synthesiser, or one voice for the whole text. */
export type SpeakWith = { mixed: MixedVoices } | { whole: TtsVoice };

/** Narration text as spoken: whitespace collapsed; refused when empty or over 300 characters. */
export function narrationText(raw: string): string {
  const text = raw.replace(/\s+/g, ' ').trim();
  if (!text) throw new ApiError(Code.badRequest, speechMessages.empty);
  if ([...text].length > MAX_CHARS) throw new ApiError(Code.badRequest, speechMessages.tooLong);
  return text;
}

/** Where a user's narration audio lives; the name is a hash of voice and text, so it is a cache too. */
export const audioKey = (ownerId: number, hash: string, ext: 'wav' | 'json') =>
  `u/${ownerId}/audio/${hash}.${ext}`;

/** Text-to-speech for narration: audio plus word timings and the mouth-shape timeline. */
export class SpeechService {
  constructor(
    private readonly projects: ProjectsRepo,
    private readonly files: FileStore,
    /** Public voices beyond the built-in ones (an OpenAI-compatible server, TTS_URL). */
    private readonly extraVoices: readonly PublicVoice[] = [],
  ) {}

  /** Speaks `text` with a public voice into the owner's audio folder (cached by voice and text). */
  async textToSpeech(
    ownerId: number,
    req: { projectId?: number; timbreId: string; text: string },
  ): Promise<SpeechData> {
    await this.checkProject(ownerId, req.projectId);
    const text = narrationText(req.text);
    const voice = findPublicVoice(req.timbreId) ?? this.extraVoices.find((v) => v.key === req.timbreId);
    if (!voice) throw new ApiError(Code.badRequest, speechMessages.unknownVoice);
    return this.speak(
      ownerId,
      voice.key,
      voice.whole ? { whole: voice.whole } : { mixed: voice.voices },
      text,
    );
  }

  /** Refuses a project id that is not one of the caller's projects (absent is fine). */
  async checkProject(ownerId: number, projectId: number | undefined): Promise<void> {
    if (projectId !== undefined && !(await this.projects.find(ownerId, projectId))) {
      throw new ApiError(Code.notFound, projectMessages.notFound);
    }
  }

  /**
   * Speaks cleaned narration text into the owner's audio folder, cached under `voiceKey` and text.
   * Mixed voices speak each language run with its own voice and give word and phoneme timings; a
   * whole-text voice (an external engine) gets its mouth timeline from the audio's loudness and no
   * word timings, so subtitles share the clip's time in proportion to their length.
   */
  async speak(ownerId: number, voiceKey: string, how: SpeakWith, text: string): Promise<SpeechData> {
    // The voice reads numbers, units and marked 多音字 as said (2026年 → 二零二六年); the cache key
    // holds the reading too, so a change to the rules re-speaks the texts it changes and no others.
    const speech = normalizeForSpeech(text);
    const cacheText = speech.text === text ? text : `${text}\n${speech.text}`;
    const hash = createHash('sha256')
      .update(`${SPEECH_CACHE_VERSION}\n${voiceKey}\n${cacheText}`)
      .digest('hex')
      .slice(0, 32);
    const wavKey = audioKey(ownerId, hash, 'wav');
    const jsonKey = audioKey(ownerId, hash, 'json');
    if (await this.files.exists(jsonKey)) {
      const timings = JSON.parse(await this.files.readText(jsonKey)) as SpeechTimings;
      return this.answer(wavKey, jsonKey, timings.durationMs);
    }

    const result =
      'whole' in how
        ? await getTtsEngine(how.whole.engine)
            .synthesize({ text: speech.text, voice: how.whole })
            .catch(() => {
              // A remote server's failure reaches the user in words, never its address or answer.
              throw new ApiError(ENGINE_FAILED, speechMessages.engineUnavailable);
            })
        : await synthesizeMixed(speech.text, how.mixed);
    const pause = new Int16Array(Math.round((CLOSING_PAUSE_MS * result.sampleRate) / 1000));
    const samples = concatPcm16([result.samples, pause]);
    const durationMs = samplesToMs(samples.length, result.sampleRate);
    const timings: SpeechTimings = {
      durationMs,
      // Subtitles map their line breaks to these offsets: they index the text as typed, not as read.
      words: originalWords(result.words, speech, text).map((w) => ({
        text: w.text,
        startMs: w.startMs,
        endMs: w.endMs,
        charStart: w.charStart,
        charEnd: w.charEnd,
      })),
      mouth:
        result.phonemes.length > 0
          ? // Phonemes say which shape, the audio's loudness how wide.
            ttsMouthTimeline(
              result.phonemes,
              result.durationMs,
              pcmLevels(result.samples, result.sampleRate, LEVEL_FRAME_MS),
              { levelFrameMs: LEVEL_FRAME_MS },
            )
          : mouthTimelineFromLevels(pcmLevels(samples, result.sampleRate, LEVEL_FRAME_MS), LEVEL_FRAME_MS),
    };
    // Audio first, timings last: the timings file marks a complete entry for the cache check above.
    await this.files.write(wavKey, encodeWav(samples, result.sampleRate));
    await this.files.write(jsonKey, JSON.stringify(timings));
    return this.answer(wavKey, jsonKey, durationMs);
  }

  private answer(wavKey: string, jsonKey: string, durationMs: number): SpeechData {
    return {
      soundPath: `/files/${wavKey}`,
      soundTime: Math.round(durationMs / 10) / 100,
      timingsPath: `/files/${jsonKey}`,
    };
  }
}
