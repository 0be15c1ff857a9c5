/**
 * Speech recognition through an OpenAI-compatible transcription server (OpenAI itself, or a local
 * whisper.cpp / faster-whisper / LocalAI server): POST {TRANSCRIBE_URL}/v1/audio/transcriptions with
 * the audio as multipart `file`, `model` and `response_format=verbose_json`, which answers the text
 * and its timed segments. The audio is sent as 16 kHz mono MP3 (an hour is ~14 MB, under the 25 MB
 * most such servers accept).
 */
import { randomBytes } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runFfmpeg } from './ffmpeg';

/** Where and how to transcribe; null when no server is configured. */
export interface TranscribeConfig {
  url: string;
  model: string;
  apiKey: string;
  /** Give up after this long (a slow CPU server may need minutes for an hour of audio). */
  timeoutMs: number;
}

/** A recognised stretch of speech, ms. */
export interface TranscriptSegment {
  startMs: number;
  endMs: number;
  text: string;
}

export interface Transcript {
  text: string;
  language: string;
  durationMs: number;
  segments: TranscriptSegment[];
}

/** The transcription server could not be reached or refused the audio; `message` is for the user. */
export class TranscribeError extends Error {}

/** TRANSCRIBE_URL, TRANSCRIBE_MODEL (whisper-1), TRANSCRIBE_API_KEY, TRANSCRIBE_TIMEOUT_SECONDS (1800). */
export function transcribeConfigFromEnv(env: NodeJS.ProcessEnv = process.env): TranscribeConfig | null {
  const url = env.TRANSCRIBE_URL?.trim();
  if (!url) return null;
  return {
    url,
    model: env.TRANSCRIBE_MODEL?.trim() || 'whisper-1',
    apiKey: env.TRANSCRIBE_API_KEY?.trim() ?? '',
    timeoutMs: Number(env.TRANSCRIBE_TIMEOUT_SECONDS ?? 1800) * 1000,
  };
}

/** The endpoint for a configured base URL; a base already ending in /v1 is not doubled. */
export function transcriptionsUrl(base: string): string {
  const root = base.replace(/\/+$/, '');
  return /\/v1$/.test(root) ? `${root}/audio/transcriptions` : `${root}/v1/audio/transcriptions`;
}

interface VerboseJson {
  text?: string;
  language?: string;
  duration?: number;
  segments?: { start?: number; end?: number; text?: string }[];
}

/** Transcribes the speech of `audioPath` (any format ffmpeg reads). */
export async function transcribeAudio(
  audioPath: string,
  config: TranscribeConfig,
  options: { signal?: AbortSignal; scratchDir?: string; language?: string; durationMs?: number } = {},
): Promise<Transcript> {
  const mp3 = join(options.scratchDir ?? tmpdir(), `stt-${randomBytes(8).toString('hex')}.mp3`);
  try {
    await runFfmpeg(
      [
        '-i',
        audioPath,
        '-map',
        '0:a:0',
        '-vn',
        '-ac',
        '1',
        '-ar',
        '16000',
        '-c:a',
        'libmp3lame',
        '-b:a',
        '32k',
        '-y',
        mp3,
      ],
      { signal: options.signal },
    );
    const form = new FormData();
    form.append('model', config.model);
    form.append('response_format', 'verbose_json');
    if (options.language) form.append('language', options.language);
    form.append('file', new Blob([await readFile(mp3)], { type: 'audio/mpeg' }), 'audio.mp3');
    const signals = [AbortSignal.timeout(config.timeoutMs), ...(options.signal ? [options.signal] : [])];
    let res: Response;
    try {
      res = await fetch(transcriptionsUrl(config.url), {
        method: 'POST',
        body: form,
        headers: config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {},
        signal: AbortSignal.any(signals),
      });
    } catch (error) {
      options.signal?.throwIfAborted();
      const timedOut = (error as Error).name === 'TimeoutError';
      throw new TranscribeError(
        timedOut ? '语音识别服务响应超时' : `无法连接语音识别服务（${config.url}），请检查 TRANSCRIBE_URL`,
      );
    }
    const body = await res.text();
    if (!res.ok) {
      throw new TranscribeError(`语音识别服务返回错误（HTTP ${res.status}）：${body.slice(0, 200)}`);
    }
    return parseTranscript(body, options.durationMs ?? 0);
  } finally {
    await rm(mp3, { force: true });
  }
}

/** Reads a verbose_json (or plain json / text) answer; without segments the text spans the audio. */
export function parseTranscript(body: string, durationMs: number): Transcript {
  let json: VerboseJson;
  try {
    json = JSON.parse(body) as VerboseJson;
  } catch {
    json = { text: body };
  }
  const text = (json.text ?? '').trim();
  const total = json.duration ? Math.round(json.duration * 1000) : durationMs;
  const segments = (json.segments ?? [])
    .map((s) => ({
      startMs: Math.round((s.start ?? 0) * 1000),
      endMs: Math.round((s.end ?? 0) * 1000),
      text: (s.text ?? '').trim(),
    }))
    .filter((s) => s.text !== '' && s.endMs > s.startMs);
  if (segments.length === 0 && text) segments.push({ startMs: 0, endMs: Math.max(1000, total), text });
  return { text, language: json.language ?? '', durationMs: total, segments };
}
