import { runFfmpeg, type RunFfmpegOptions } from '../adapters/media/ffmpeg';
import { benchmarkCpuSeconds } from './encoderSpeed';

/*
 * Where a render's time goes (issue 15: `npm run bench -- --profile`). Between startRenderProfile()
 * and stopRenderProfile() every render records each named stage's time; otherwise timed() only runs
 * its function, so a normal render pays nothing. The render runs in the job runner, not in the
 * bench's call, hence a process-wide recorder: the bench profiles one render at a time. Pages
 * render two at a time, so stage times are summed time in that stage (they can add up to more
 * than the wall time). Each stage records wall and CPU time; the ffmpeg stages' CPU time is what
 * ffmpeg itself reports (-benchmark), so a loaded machine changes it little.
 */

/** The render stages the profile names, in the order a page meets them. */
export const RENDER_STAGES = [
  'prepare inputs',
  'encoder calibration',
  'page cache',
  'still composition (sharp)',
  'sprite tracks (mouth, blink)',
  'head track (sprites made or found)',
  'shot-part files',
  'subtitle script',
  'GIF loops (made or found)',
  'page video scaled (made or found)',
  'page ffmpeg (decode, filters, encode, audio)',
  'of which filters without encoding (profile run)',
  'join pages (concat)',
  'music pass',
  'probe and store',
] as const;
export type RenderStage = (typeof RENDER_STAGES)[number];

/** Milliseconds per stage, summed over the render's pages. */
export type StageTimes = Partial<Record<RenderStage, number>>;

/**
 * A profile's record: wall time per stage, CPU time per stage (what the work itself cost), and the
 * largest memory (kB) one ffmpeg of the stage held.
 */
export interface StageProfile {
  wall: StageTimes;
  cpu: StageTimes;
  peakKb: Partial<Record<RenderStage, number>>;
}

const emptyProfile = (): StageProfile => ({ wall: {}, cpu: {}, peakKb: {} });

let recording: StageProfile | null = null;

/** Starts recording stage times of the renders that run from now on. */
export function startRenderProfile(): void {
  recording = emptyProfile();
}

/** Stops recording and answers the stage times recorded since the start. */
export function stopRenderProfile(): StageProfile {
  const stages = recording ?? emptyProfile();
  recording = null;
  return stages;
}

const add = (times: StageTimes, stage: RenderStage, ms: number) => {
  times[stage] = (times[stage] ?? 0) + ms;
};

/**
 * Runs `work` and, while a profile records, adds its wall time and this process's CPU time to
 * `stage` (in-process work: sharp, file writes; with two pages at once the CPU time of the other
 * lane's in-process work can fall into it, which is small beside the ffmpeg stages).
 */
export async function timed<T>(stage: RenderStage, work: () => Promise<T>): Promise<T> {
  const stages = recording;
  if (!stages) return work();
  const start = performance.now();
  const cpu = process.cpuUsage();
  try {
    return await work();
  } finally {
    const used = process.cpuUsage(cpu);
    add(stages.wall, stage, performance.now() - start);
    add(stages.cpu, stage, (used.user + used.system) / 1000);
  }
}

/**
 * Runs ffmpeg for `stage`; while a profile records, with -benchmark, so the stage gets the CPU time
 * ffmpeg reports for itself (all its threads), which other load on the machine barely changes.
 */
export async function timedFfmpeg(
  stage: RenderStage,
  args: readonly string[],
  options: RunFfmpegOptions = {},
): Promise<{ stderr: string }> {
  const stages = recording;
  if (!stages) return runFfmpeg(args, options);
  const start = performance.now();
  const run = await runFfmpeg(['-benchmark', ...args], options);
  add(stages.wall, stage, performance.now() - start);
  add(stages.cpu, stage, benchmarkCpuSeconds(run.stderr) * 1000);
  const peak = Number(/maxrss=(\d+)kB/.exec(run.stderr)?.[1] ?? 0);
  stages.peakKb[stage] = Math.max(stages.peakKb[stage] ?? 0, peak);
  return run;
}
/** True while a profile records (the render then also measures its pages without encoding). */
export function profiling(): boolean {
  return recording !== null;
}

/**
 * The same page graph with the encoders swapped for pass-throughs and the file for the null muxer:
 * what decoding the inputs and running the filters cost. Page ffmpeg time minus this is the
 * encoders'. Video frames pass as references (wrapped_avframe): rawvideo copied every 1080p frame
 * into a packet, 0.04 CPU s per 23 s page that counted as filters (issue 15, 0.17 against 0.13).
 */
export function filtersOnlyArgs(args: readonly string[]): string[] {
  const at = args.indexOf('-c:v');
  if (at < 0) throw new Error('page arguments without a video codec');
  return [...args.slice(0, at), '-c:v', 'wrapped_avframe', '-c:a', 'pcm_s16le', '-f', 'null', '-'];
}
