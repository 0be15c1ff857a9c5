/**
 * The subtitle aligner: times every word of a script in a recording of it, offline.
 *
 * The script is spoken by our own eSpeak voice, whose word timings are exact; the recording and that
 * reference are compared frame by frame (MFCCs every 10 ms) and warped onto each other by dynamic
 * time warping; each reference word's times are carried through the warp, and the recording's
 * pauses (>= 200 ms of silence) then correct the starts and ends that fell next to one. The number
 * crunching runs in a worker thread so the server keeps answering meanwhile.
 */
import { randomBytes } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { WordTiming } from '../../../model/speech';
import type { AlignJob, AlignMessage } from './align.protocol';
import { ALIGN_SAMPLE_RATE } from './alignFeatures';
import type { WordSpan } from './alignMap';
import { audioToWav } from './ffmpeg';
import { synthesizeMixed } from './tts.mixed';
import { findPublicVoice } from './tts.voices';
import { concatPcm16, decodeWav, NARRATION_SAMPLE_RATE, resamplePcm16 } from './wav';
import { startModuleWorker } from './workerThread';

/** Result of {@link alignScript}: the script as aligned (whitespace collapsed) and its timed words. */
export interface AlignedScript {
  /** The script with whitespace collapsed and trimmed; word offsets index this text. */
  text: string;
  /** Length of the recording, ms. */
  durationMs: number;
  /** Every spoken word with its times in the recording (same shape as TTS word timings). */
  words: WordTiming[];
  /** Share of the warp's speech steps that stall (alignMismatch.ts): 0 for the recording's own script. */
  mismatch: number;
}

/**
 * Above this the script is taken for another text than the recording's. Measured on eSpeak voices
 * at paces 0.8-1.3 with added pauses: matching scripts 0.000-0.009, a pasted recipe over a product
 * launch (and other swaps) 0.094-0.185. Short recordings spread further: over a 5 s clip the same
 * recipe measured 0.037-0.114 in 12 runs (the reference voice differs slightly from call to call,
 * eSpeak's noise source keeps its state), so 0.05 let a wrong script through 5 times in 12. The
 * noise's seed is fixed (tts.espeak.worker.ts), but its state moves on with every request, so over
 * a 5 s clip a wrong script of the clip's length still measured 0.018-0.083 (12 runs, other speech
 * between them) and can pass; one of two and a half times its length, 0.216-0.233.
 */
export const SCRIPT_MISMATCH_LIMIT = 0.02;

/** Options of {@link alignScript}. */
export interface AlignOptions {
  signal?: AbortSignal;
  /** 0..1 with a short Chinese description of the stage. */
  onProgress?: (fraction: number, stage: string) => void;
  /** Folder for the decoded audio (default: the system temp folder). */
  scratchDir?: string;
}

/** The reference voice; the script is cut into sentences of at most this many characters. */
const REFERENCE_VOICE = 'espeak-zh-female';
const CHUNK_CHARS = 200;
/** Silence between reference sentences (eSpeak stops at a sentence end). */
const CHUNK_PAUSE_MS = 300;

/**
 * Aligns `script` to the speech in `audioPath` (any format ffmpeg reads, a video's first audio
 * stream included). Throws FfmpegError for a file without decodable audio.
 */
export async function alignScript(
  audioPath: string,
  script: string,
  options: AlignOptions = {},
): Promise<AlignedScript> {
  const text = script.replace(/\s+/g, ' ').trim();
  const report = options.onProgress ?? (() => undefined);
  const wavPath = join(options.scratchDir ?? tmpdir(), `align-${randomBytes(8).toString('hex')}.wav`);
  try {
    report(0, '解码音频');
    await audioToWav(audioPath, wavPath, { sampleRate: ALIGN_SAMPLE_RATE, signal: options.signal });
    const recording = decodeWav(await readFile(wavPath)).samples;
    const durationMs = Math.round((recording.length * 1000) / ALIGN_SAMPLE_RATE);
    if (!text) return { text, durationMs, words: [], mismatch: 0 };

    const reference = await speakReference(text, options.signal, (f) =>
      report(0.05 + 0.55 * f, '合成参考语音'),
    );
    report(0.6, '对齐语音');
    const { spans, mismatch } = await runAlignWorker(
      {
        reference: resamplePcm16(reference.samples, NARRATION_SAMPLE_RATE, ALIGN_SAMPLE_RATE),
        recording,
        spans: reference.words.map((w) => ({ startMs: w.startMs, endMs: w.endMs })),
      },
      options.signal,
    );
    report(1, '完成');
    const words = reference.words.map((w, k) => ({
      ...w,
      startMs: Math.min(durationMs, spans[k].startMs),
      endMs: Math.min(durationMs, spans[k].endMs),
    }));
    return { text, durationMs, words, mismatch };
  } finally {
    await rm(wavPath, { force: true });
  }
}

/** Sentence-sized pieces of `text` (offsets), at most {@link CHUNK_CHARS} unless one sentence is longer. */
export function sentenceChunks(text: string, max = CHUNK_CHARS): { start: number; end: number }[] {
  const sentences: { start: number; end: number }[] = [];
  const re = /[^。！？!?…；;]+[。！？!?…；;]*["'”’）)」』]*\s*/gu;
  for (let m = re.exec(text); m; m = re.exec(text))
    sentences.push({ start: m.index, end: m.index + m[0].length });
  const chunks: { start: number; end: number }[] = [];
  for (const s of sentences) {
    const last = chunks[chunks.length - 1];
    if (last && s.end - last.start <= max) last.end = s.end;
    else chunks.push({ ...s });
  }
  return chunks;
}

/** The script in our own voice, sentence piece by piece, with word timings on the joined timeline. */
async function speakReference(
  text: string,
  signal: AbortSignal | undefined,
  onProgress: (fraction: number) => void,
): Promise<{ samples: Int16Array; words: WordTiming[] }> {
  const voice = findPublicVoice(REFERENCE_VOICE)!;
  const chunks = sentenceChunks(text);
  const parts: Int16Array[] = [];
  const words: WordTiming[] = [];
  const pause = new Int16Array((CHUNK_PAUSE_MS * NARRATION_SAMPLE_RATE) / 1000);
  let offsetSamples = 0;
  for (const [i, chunk] of chunks.entries()) {
    signal?.throwIfAborted();
    const piece = text.slice(chunk.start, chunk.end).trim();
    if (!piece) continue;
    const lead = text.indexOf(piece, chunk.start);
    const res = await synthesizeMixed(piece, voice.voices);
    const offsetMs = (offsetSamples * 1000) / NARRATION_SAMPLE_RATE;
    for (const w of res.words)
      words.push({
        text: w.text,
        startMs: Math.round(w.startMs + offsetMs),
        endMs: Math.round(w.endMs + offsetMs),
        charStart: w.charStart + lead,
        charEnd: w.charEnd + lead,
      });
    parts.push(res.samples, pause);
    offsetSamples += res.samples.length + pause.length;
    onProgress((i + 1) / chunks.length);
  }
  return { samples: concatPcm16(parts), words };
}

/** Runs the DSP in a fresh worker thread (terminated afterwards, or at once on abort). */
function runAlignWorker(
  job: AlignJob,
  signal: AbortSignal | undefined,
): Promise<{ spans: WordSpan[]; mismatch: number }> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason ?? new Error('aborted'));
    const worker = startModuleWorker(new URL('./align.worker.ts', import.meta.url), job);
    let settled = false;
    const finish = (fn: () => void): void => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      void worker.terminate();
      fn();
    };
    const onAbort = (): void => finish(() => reject(signal?.reason ?? new Error('aborted')));
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.on('message', (msg: AlignMessage) =>
      finish(() =>
        msg.type === 'done'
          ? resolve({ spans: msg.spans, mismatch: msg.mismatch })
          : reject(new Error(`align failed: ${msg.detail}`)),
      ),
    );
    worker.on('error', (err) => finish(() => reject(err)));
    worker.on('exit', (code) => finish(() => reject(new Error(`align worker exited with code ${code}`))));
  });
}
