import { z } from 'zod';
import { defineEndpoint, envelopeOf } from './endpoint';

/** Spec section 5: narration is 1 to 300 characters. */
export const speechMessages = {
  empty: '无文字',
  tooLong: '输入的单页文字大于300',
  unknownVoice: '音色不存在',
  /** An external text-to-speech server (TTS_URL) did not answer with audio. */
  engineUnavailable: '语音合成服务暂时不可用，请稍后重试',
} as const;

/**
 * POST /notice/v1/timbre/textToSpeech: public-voice text-to-speech (projectId, timbreId, text,
 * language 中英混合, platform 1) -> soundPath, soundTime (seconds). projectId may be left out for
 * speech that belongs to no project (the 文字转语音 tool, voice samples); the audio is the caller's.
 */
export const textToSpeechRequest = z.object({
  projectId: z.coerce.number<number>().int().positive('项目不存在').optional(),
  timbreId: z.string().min(1, speechMessages.unknownVoice).max(64),
  text: z.string().max(5000),
  language: z.string().max(16).default('中英混合'),
  platform: z.coerce.number<number>().int().default(1),
});
export const textToSpeechEndpoint = defineEndpoint({
  method: 'POST',
  path: '/notice/v1/timbre/textToSpeech',
  request: textToSpeechRequest,
  response: envelopeOf<SpeechData>(),
});
export interface SpeechData {
  /** URL of the WAV file. */
  soundPath: string;
  /** Seconds, 2 decimals. */
  soundTime: number;
  /** URL of the timings (words, phonemes, mouth-shape timeline) as JSON. */
  timingsPath: string;
}

/** The timings file stored beside every narration audio. */
export interface SpeechTimings {
  durationMs: number;
  /**
   * Spoken words in order. `charStart`/`charEnd` index the narration text after whitespace is
   * collapsed and trimmed (what was synthesised); files written before they existed lack them.
   */
  words: { text: string; startMs: number; endMs: number; charStart?: number; charEnd?: number }[];
  /** Mouth shapes A-H and X with start times (the stage and the render both follow it). */
  mouth: { startMs: number; shape: string }[];
  /** Uploaded or recorded narration: the file's name as the author picked it (the voice page shows it). */
  sourceName?: string;
}
