import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runFfmpeg } from '../adapters/media/ffmpeg';

/** The x264 presets worth measuring: ultrafast makes files several times larger and is never used. */
export const PRESET_CANDIDATES = ['superfast', 'veryfast', 'faster', 'fast', 'medium'] as const;
export type EncoderPreset = (typeof PRESET_CANDIDATES)[number];

/** ENCODER_PRESET as set by an operator (no calibration then), or undefined; a wrong name stops the start. */
export function presetFromEnv(value: string | undefined): EncoderPreset | undefined {
  if (!value) return undefined;
  const preset = PRESET_CANDIDATES.find((p) => p === value);
  if (!preset)
    throw new Error(`ENCODER_PRESET must be one of ${PRESET_CANDIDATES.join(', ')} (got ${value})`);
  return preset;
}

/** One preset's measured speed: seconds of 25 fps 1080p page-like video encoded per CPU second. */
export interface PresetSpeed {
  preset: EncoderPreset;
  /** Video seconds per CPU second of user time of the ffmpeg process, one x264 thread. */
  realtimePerCpuSecond: number;
  /** User CPU seconds of one clip: the mean of the fastest rounds kept (see measurePresets). */
  cpuSeconds: number;
  sizeKB: number;
}

/**
 * The CPU time ffmpeg reports for itself with `-benchmark` (`bench: utime=… stime=…`), in seconds.
 * CPU time rather than wall time: the figure must not depend on what else the machine runs.
 */
export function benchmarkCpuSeconds(stderr: string): number {
  const { user, system } = benchmarkTimes(stderr);
  return user + system;
}

/** User and system seconds of ffmpeg's `-benchmark` line. */
export function benchmarkTimes(stderr: string): { user: number; system: number } {
  const match = /bench: utime=([\d.]+)s stime=([\d.]+)s/.exec(stderr);
  if (!match) throw new Error('ffmpeg printed no -benchmark line');
  return { user: Number(match[1]), system: Number(match[2]) };
}

/**
 * Arguments that encode `seconds` of page-like video with `preset` on one x264 thread: a 1080p
 * still (converted once and looped, as pages are) with a small moving patch where the mouth would
 * be, at 25 fps and crf 21 like every page. The output rate is forced: a looped 1 fps source
 * otherwise encodes at 1 fps (the old bench measured 20 frames instead of 500 that way).
 */
export function presetClipArgs(preset: string, seconds: number, output: string): string[] {
  return [
    '-benchmark', '-y',
    '-f', 'lavfi', '-i', 'testsrc2=s=1920x1080:r=25:d=1',
    '-f', 'lavfi', '-i', `color=c=0xC0392B:s=120x80:r=25:d=${seconds}`,
    '-filter_complex',
    '[0:v]trim=end_frame=1,format=yuv420p,loop=loop=-1:size=1:start=0,settb=1/25,setpts=N[bg];' +
      "[bg][1:v]overlay=x='900+40*sin(t*6)':y=500:shortest=1[v]",
    '-map', '[v]', '-t', String(seconds), '-r', '25',
    '-c:v', 'libx264', '-preset', preset, '-crf', '21', '-threads', '1', output,
  ]; // prettier-ignore
}

/** The mean CPU time of the `fastest` least of `samples` (at least one), with the fastest one's size. */
export function fastestMean(samples: { cpu: number; size: number }[], fastest: number) {
  const best = [...samples].sort((a, b) => a.cpu - b.cpu).slice(0, Math.max(1, fastest));
  return { cpu: best.reduce((sum, s) => sum + s.cpu, 0) / best.length, size: best[0].size };
}

/**
 * Measures every candidate preset: `rounds` rounds, each encoding one clip per preset in turn (so a
 * burst of other load falls on all presets alike), keeping the mean of each preset's `fastest` least
 * user CPU times: other processes sharing the core's caches only ever slow a round down, so the
 * fastest rounds are the least disturbed. System time is left out: it is mostly page faults of new
 * frame buffers and swung from 0.04 to 0.3 s of a 3.3 s encode with the memory pressure of a shared
 * machine (two runs of user + system differed by 11%).
 */
export async function measurePresets(seconds: number, rounds: number, fastest = 1): Promise<PresetSpeed[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'presets-'));
  try {
    const samples = new Map<EncoderPreset, { cpu: number; size: number }[]>();
    for (let round = 0; round < rounds; round++) {
      for (const preset of PRESET_CANDIDATES) {
        const out = path.join(dir, `${preset}.mp4`);
        const { stderr } = await runFfmpeg(presetClipArgs(preset, seconds, out));
        const sample = { cpu: benchmarkTimes(stderr).user, size: (await stat(out)).size };
        samples.set(preset, [...(samples.get(preset) ?? []), sample]);
      }
    }
    return PRESET_CANDIDATES.map((preset) => {
      const { cpu, size } = fastestMean(samples.get(preset)!, fastest);
      return {
        preset,
        realtimePerCpuSecond: +(seconds / cpu).toFixed(2),
        cpuSeconds: +cpu.toFixed(3),
        sizeKB: Math.round(size / 1024),
      };
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
