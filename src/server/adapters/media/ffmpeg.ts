/**
 * ffmpeg and ffprobe as child processes: argument arrays only (never a shell), progress from
 * `-progress pipe:1`, cancellation by AbortSignal (the process is killed), errors carrying the tail of
 * stderr. Binaries come from @ffmpeg-installer / @ffprobe-installer, overridable with FFMPEG_PATH and
 * FFPROBE_PATH. The bundled build (2018, ffmpeg 4.1 era) has libx264, aac, libass, drawtext, overlay,
 * concat and gif, but no xfade.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rename, rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import ffprobeInstaller from '@ffprobe-installer/ffprobe';
import { NARRATION_SAMPLE_RATE } from './wav';
import { ffmpegEnv } from './fontconfig';

/** Path of the ffmpeg binary (FFMPEG_PATH wins). */
export function ffmpegPath(): string {
  return process.env.FFMPEG_PATH || ffmpegInstaller.path;
}

/** Path of the ffprobe binary (FFPROBE_PATH wins). */
export function ffprobePath(): string {
  return process.env.FFPROBE_PATH || ffprobeInstaller.path;
}

/** A progress report parsed from `-progress pipe:1`. */
export interface FfmpegProgress {
  /** Output time written so far, ms. */
  outTimeMs: number;
  frame: number | null;
  fps: number | null;
  /** Encoding speed as a multiple of realtime ("2.5x" -> 2.5). */
  speed: number | null;
  /** 0..1 when `durationMs` was given, else null. */
  ratio: number | null;
  /** True on the final report. */
  done: boolean;
}

/** Options of {@link runFfmpeg}. */
export interface RunFfmpegOptions {
  onProgress?: (progress: FfmpegProgress) => void;
  /** Aborting kills ffmpeg (SIGKILL) and rejects with an {@link FfmpegError} whose `aborted` is true. */
  signal?: AbortSignal;
  /** Expected output duration, to compute `ratio`. */
  durationMs?: number;
  /** Called with the child's process id once it is spawned (logs, tests). */
  onStart?: (pid: number) => void;
}

/** ffmpeg or ffprobe failed (or was aborted); `stderrTail` is the end of what it printed. */
export class FfmpegError extends Error {
  readonly exitCode: number | null;
  readonly aborted: boolean;
  readonly stderrTail: string;

  constructor(message: string, exitCode: number | null, aborted: boolean, stderrTail: string) {
    super(stderrTail ? `${message}\n${stderrTail}` : message);
    this.name = 'FfmpegError';
    this.exitCode = exitCode;
    this.aborted = aborted;
    this.stderrTail = stderrTail;
  }
}

const STDERR_TAIL_BYTES = 4000;

/** Parses one block of `-progress` key=value lines (ending with progress=continue|end). */
export function parseProgressBlock(
  fields: Readonly<Record<string, string>>,
  durationMs?: number,
): FfmpegProgress {
  const num = (v: string | undefined): number | null => {
    const n = v === undefined ? NaN : parseFloat(v);
    return Number.isFinite(n) ? n : null;
  };
  // out_time_ms is in microseconds despite its name (ffmpeg bug kept for compatibility).
  const micros = num(fields.out_time_us) ?? num(fields.out_time_ms) ?? 0;
  const outTimeMs = Math.max(0, Math.round(micros / 1000));
  return {
    outTimeMs,
    frame: num(fields.frame),
    fps: num(fields.fps),
    speed: num(fields.speed?.replace(/x$/, '')),
    ratio: durationMs && durationMs > 0 ? Math.min(1, outTimeMs / durationMs) : null,
    done: fields.progress === 'end',
  };
}

interface RunResult {
  stdout: string;
  stderr: string;
}

function run(
  name: 'ffmpeg' | 'ffprobe',
  args: readonly string[],
  options: RunFfmpegOptions,
  progress: boolean,
): Promise<RunResult> {
  return new Promise((resolvePromise, reject) => {
    const { signal } = options;
    const binary = name === 'ffmpeg' ? ffmpegPath() : ffprobePath();
    if (signal?.aborted) return reject(new FfmpegError(`${name} aborted before start`, null, true, ''));
    const child = spawn(binary, [...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      windowsHide: true,
      env: ffmpegEnv(),
    });
    if (child.pid !== undefined) options.onStart?.(child.pid);
    let stderr = '';
    let stdout = '';
    let pending = '';
    let fields: Record<string, string> = {};
    let aborted = false;
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_TAIL_BYTES * 4);
    });
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      if (!progress) {
        stdout += chunk;
        return;
      }
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const eq = line.indexOf('=');
        if (eq < 0) continue;
        const key = line.slice(0, eq).trim();
        fields[key] = line.slice(eq + 1).trim();
        if (key === 'progress') {
          options.onProgress?.(parseProgressBlock(fields, options.durationMs));
          fields = {};
        }
      }
    });
    const onAbort = (): void => {
      aborted = true;
      child.kill('SIGKILL');
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    child.on('error', (err) => {
      signal?.removeEventListener('abort', onAbort);
      reject(new FfmpegError(`${name} could not start (${binary}): ${err.message}`, null, false, ''));
    });
    child.on('close', (code, killSignal) => {
      signal?.removeEventListener('abort', onAbort);
      const tail = stderr.slice(-STDERR_TAIL_BYTES).trim();
      if (aborted) reject(new FfmpegError(`${name} aborted`, code, true, tail));
      else if (code !== 0)
        reject(new FfmpegError(`${name} failed (${killSignal ?? `exit code ${code}`})`, code, false, tail));
      else resolvePromise({ stdout, stderr });
    });
  });
}

/**
 * Runs ffmpeg with `args` (an argument array; `-hide_banner -nostdin -progress pipe:1 -nostats` are
 * prepended). Resolves with stderr when ffmpeg exits 0.
 */
export async function runFfmpeg(
  args: readonly string[],
  options: RunFfmpegOptions = {},
): Promise<{ stderr: string }> {
  const full = ['-hide_banner', '-nostdin', '-progress', 'pipe:1', '-nostats', ...args];
  const { stderr } = await run('ffmpeg', full, options, true);
  return { stderr };
}

/** One stream as reported by {@link probe}. */
export interface ProbeStream {
  type: 'video' | 'audio' | 'subtitle' | 'data' | 'attachment' | string;
  codec: string;
  width: number | null;
  height: number | null;
  sampleRate: number | null;
  channels: number | null;
  durationMs: number | null;
  /** Video frames per second (avg_frame_rate), null for audio. */
  frameRate: number | null;
}

/** What ffprobe says about a media file. */
export interface ProbeResult {
  durationMs: number;
  formatName: string;
  sizeBytes: number;
  streams: ProbeStream[];
}

interface FfprobeJson {
  format?: { duration?: string; format_name?: string; size?: string };
  streams?: {
    codec_type?: string;
    codec_name?: string;
    width?: number;
    height?: number;
    sample_rate?: string;
    channels?: number;
    duration?: string;
    avg_frame_rate?: string;
  }[];
}

const seconds = (v: string | undefined): number | null => {
  const n = v === undefined ? NaN : parseFloat(v);
  return Number.isFinite(n) ? Math.round(n * 1000) : null;
};

const rate = (v: string | undefined): number | null => {
  if (!v) return null;
  const [a, b] = v.split('/').map(Number);
  return b ? a / b : Number.isFinite(a) && a > 0 ? a : null;
};

/** Duration and streams of a media file via `ffprobe -print_format json`. */
export async function probe(file: string, options: { signal?: AbortSignal } = {}): Promise<ProbeResult> {
  const args = ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', resolve(file)];
  const { stdout } = await run('ffprobe', args, options, false);
  const json = JSON.parse(stdout) as FfprobeJson;
  const streams: ProbeStream[] = (json.streams ?? []).map((s) => ({
    type: s.codec_type ?? 'unknown',
    codec: s.codec_name ?? 'unknown',
    width: s.width ?? null,
    height: s.height ?? null,
    sampleRate: s.sample_rate ? Number(s.sample_rate) : null,
    channels: s.channels ?? null,
    durationMs: seconds(s.duration),
    frameRate: s.codec_type === 'video' ? rate(s.avg_frame_rate) : null,
  }));
  const durationMs = seconds(json.format?.duration) ?? Math.max(0, ...streams.map((s) => s.durationMs ?? 0));
  return {
    durationMs,
    formatName: json.format?.format_name ?? 'unknown',
    sizeBytes: Number(json.format?.size ?? 0),
    streams,
  };
}

/**
 * Converts any audio (or the audio of a video) to the narration format: mono PCM16 WAV at 24 kHz
 * (see wav.ts), metadata stripped. Written to a temporary name and renamed, so `output` is never
 * half-written. Throws {@link FfmpegError} for files without a decodable audio stream.
 */
export function audioToWav(
  input: string,
  output: string,
  options: RunFfmpegOptions & { sampleRate?: number } = {},
): Promise<ProbeResult> {
  const codec = [
    '-ac', '1', '-ar', String(options.sampleRate ?? NARRATION_SAMPLE_RATE),
    '-c:a', 'pcm_s16le', '-f', 'wav',
  ]; // prettier-ignore
  return convertAudio(input, output, 'wav', codec, options);
}

/**
 * Converts any audio to AAC in an M4A container (44.1 kHz, stereo kept, 160 kbps), metadata and cover
 * art dropped: background music keeps its quality, every browser plays it and the render mixes it
 * without guessing formats. Written to a temporary name and renamed, like {@link audioToWav}.
 */
export function audioToAac(
  input: string,
  output: string,
  options: RunFfmpegOptions = {},
): Promise<ProbeResult> {
  const codec = [
    '-ac', '2', '-ar', '44100', '-c:a', 'aac', '-b:a', '160k',
    '-movflags', '+faststart', '-f', 'mp4',
  ]; // prettier-ignore
  return convertAudio(input, output, 'm4a', codec, options);
}

/**
 * The first audio stream of `input` alone (no video, subtitles, data or metadata) encoded with
 * `codec` into a temporary file beside `output`, renamed into place only when ffmpeg succeeds.
 */
async function convertAudio(
  input: string,
  output: string,
  extension: string,
  codec: string[],
  options: RunFfmpegOptions,
): Promise<ProbeResult> {
  const out = resolve(output);
  const tmp = `${out}.${randomBytes(6).toString('hex')}.tmp.${extension}`;
  const args = [
    '-i', resolve(input),
    '-map', '0:a:0', '-vn', '-sn', '-dn', '-map_metadata', '-1',
    ...codec, '-y', tmp,
  ]; // prettier-ignore
  try {
    await runFfmpeg(args, options);
    await rename(tmp, out);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
  return probe(out);
}
