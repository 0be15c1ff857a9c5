/*
 * Where a render's time goes (issue 15: `npm run bench -- --profile`). Between startRenderProfile()
 * and stopRenderProfile() every render records each named stage's time; otherwise timed() only runs
 * its function, so a normal render pays nothing. The render runs in the job runner, not in the
 * bench's call, hence a process-wide recorder: the bench profiles one render at a time. Pages
 * render two at a time, so stage times are summed time in that stage (they can add up to more
 * than the wall time); shares are of the summed time.
 */

/** The render stages the profile names, in the order a page meets them. */
export const RENDER_STAGES = [
  'prepare inputs',
  'encoder calibration',
  'page cache',
  'still composition (sharp)',
  'sprite tracks (mouth, blink)',
  'shot-part files',
  'subtitle script',
  'page ffmpeg (decode, filters, encode, audio)',
  'of which filters without encoding (profile run)',
  'join pages (concat)',
  'music pass',
  'probe and store',
] as const;
export type RenderStage = (typeof RENDER_STAGES)[number];

/** Milliseconds per stage, summed over the render's pages. */
export type StageTimes = Partial<Record<RenderStage, number>>;

let recording: StageTimes | null = null;

/** Starts recording stage times of the renders that run from now on. */
export function startRenderProfile(): void {
  recording = {};
}

/** Stops recording and answers the stage times recorded since the start. */
export function stopRenderProfile(): StageTimes {
  const stages = recording ?? {};
  recording = null;
  return stages;
}

/** Runs `work` and, while a profile records, adds its time to `stage`. */
export async function timed<T>(stage: RenderStage, work: () => Promise<T>): Promise<T> {
  const stages = recording;
  if (!stages) return work();
  const start = performance.now();
  try {
    return await work();
  } finally {
    stages[stage] = (stages[stage] ?? 0) + performance.now() - start;
  }
}

/** True while a profile records (the render then also measures its pages without encoding). */
export function profiling(): boolean {
  return recording !== null;
}

/**
 * The same page graph with the encoders swapped for copies and the file for the null muxer: what
 * decoding the inputs and running the filters cost. Page ffmpeg time minus this is the encoders'.
 */
export function filtersOnlyArgs(args: readonly string[]): string[] {
  const at = args.indexOf('-c:v');
  if (at < 0) throw new Error('page arguments without a video codec');
  return [...args.slice(0, at), '-c:v', 'rawvideo', '-c:a', 'pcm_s16le', '-f', 'null', '-'];
}
