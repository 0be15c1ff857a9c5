import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  audioToWav,
  FfmpegError,
  ffmpegPath,
  ffprobePath,
  parseProgressBlock,
  probe,
  runFfmpeg,
  type FfmpegProgress,
} from '../../../src/server/adapters/media/ffmpeg';
import { decodeWav } from '../../../src/server/adapters/media/wav';
import { subtitleFontPath } from '../../../src/server/adapters/media/fonts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ffmpeg-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('ffmpeg adapter', () => {
  it('finds the bundled binaries, and FFMPEG_PATH / FFPROBE_PATH override them', () => {
    expect(existsSync(ffmpegPath())).toBe(true);
    expect(existsSync(ffprobePath())).toBe(true);
    // stubEnv restores what was set before (the server tests share one process per worker: a
    // deleted FFMPEG_PATH would switch every later file of the worker to the bundled binary).
    vi.stubEnv('FFMPEG_PATH', '/opt/ffmpeg');
    vi.stubEnv('FFPROBE_PATH', '/opt/ffprobe');
    try {
      expect([ffmpegPath(), ffprobePath()]).toEqual(['/opt/ffmpeg', '/opt/ffprobe']);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('encodes an H.264/AAC file with progress, without a shell, and probes it', async () => {
    // Shell metacharacters in the name prove arguments are never interpreted by a shell.
    const out = join(dir, 'clip $(echo x); rm -rf nothing.mp4');
    const reports: FfmpegProgress[] = [];
    await runFfmpeg(
      [
        '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25:duration=2',
        '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000:duration=2',
        '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', out,
      ],
      { onProgress: (p) => reports.push(p), durationMs: 2000 },
    ); // prettier-ignore
    expect(await readdir(dir)).toEqual(['clip $(echo x); rm -rf nothing.mp4']);
    expect(reports.length).toBeGreaterThan(0);
    expect(reports[reports.length - 1]).toMatchObject({ done: true, ratio: 1 });

    const info = await probe(out);
    expect(Math.abs(info.durationMs - 2000)).toBeLessThan(100);
    expect(info.streams).toEqual([
      expect.objectContaining({ type: 'video', codec: 'h264', width: 320, height: 240, frameRate: 25 }),
      expect.objectContaining({ type: 'audio', codec: 'aac', sampleRate: 48000, channels: 1 }),
    ]);

    const wav = join(dir, 'narration.wav');
    const wavInfo = await audioToWav(out, wav);
    expect(wavInfo.streams).toEqual([
      expect.objectContaining({ type: 'audio', codec: 'pcm_s16le', sampleRate: 24000, channels: 1 }),
    ]);
    const decoded = decodeWav(await readFile(wav));
    expect(decoded.sampleRate).toBe(24000);
    expect(Math.abs((decoded.samples.length / 24000) * 1000 - 2000)).toBeLessThan(100);
  });

  it('kills ffmpeg on abort and rejects with the stderr tail', async () => {
    const controller = new AbortController();
    let pid = 0;
    const started = Date.now();
    const run = runFfmpeg(
      ['-f', 'lavfi', '-i', 'testsrc=size=1280x720:rate=25', '-c:v', 'libx264', '-f', 'null', '-'],
      {
        signal: controller.signal,
        onStart: (p) => (pid = p),
        onProgress: () => controller.abort(),
      },
    );
    const error = (await run.catch((e: unknown) => e)) as FfmpegError;
    expect(error).toBeInstanceOf(FfmpegError);
    expect(error.aborted).toBe(true);
    expect(error.stderrTail).toMatch(/testsrc|libx264|Stream/);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(pid).toBeGreaterThan(0);
    expect(alive(pid)).toBe(false);
  });

  it('rejects with what ffmpeg said when it fails', async () => {
    const error = (await runFfmpeg(['-i', join(dir, 'missing.wav'), join(dir, 'out.wav')]).catch(
      (e: unknown) => e,
    )) as FfmpegError;
    expect(error).toBeInstanceOf(FfmpegError);
    expect(error.exitCode).not.toBe(0);
    expect(error.stderrTail).toMatch(/No such file or directory/);
  });

  it('refuses input without audio and leaves no half-written WAV', async () => {
    const png = join(dir, 'still.png');
    await runFfmpeg(['-f', 'lavfi', '-i', 'color=c=red:size=64x64', '-frames:v', '1', png]);
    await expect(audioToWav(png, join(dir, 'out.wav'))).rejects.toBeInstanceOf(FfmpegError);
    expect(await readdir(dir)).toEqual(['still.png']);
  });

  it('parses -progress blocks (out_time_ms is in microseconds)', () => {
    expect(
      parseProgressBlock(
        { frame: '50', fps: '24.5', out_time_ms: '2000000', speed: '1.5x', progress: 'continue' },
        4000,
      ),
    ).toEqual({ outTimeMs: 2000, frame: 50, fps: 24.5, speed: 1.5, ratio: 0.5, done: false });
    expect(parseProgressBlock({ out_time_us: '4100000', speed: 'N/A', progress: 'end' })).toEqual({
      outTimeMs: 4100, frame: null, fps: null, speed: null, ratio: null, done: true,
    }); // prettier-ignore
  });

  it('exposes the subtitle font file', () => {
    expect(existsSync(subtitleFontPath())).toBe(true);
  });
});
