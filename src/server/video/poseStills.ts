import { writeFile } from 'node:fs/promises';
import { torsoPoseRuns, type MotionTimeline, type TorsoPose } from '../../model/motion';
import { quote } from './ffconcat';
import type { RigFiles } from './planTypes';

/*
 * The presenter's hand gestures in the render. A layered rig's torso lies in the page still, so a
 * gesture swaps the still: the still is composed once per pose the stretch shows (the torso
 * picture of the pose in place of the rest torso) and an ffconcat script shows each for its run.
 * ffmpeg decodes and converts each picture once per run, before fps repeats it: a gesture costs
 * two more still decodes, not an overlay on every frame, and the page keeps the encoder's speed.
 */

/** What a still track is made of: the rest still and how to compose the still for another torso. */
export interface PoseStillSource {
  rig: RigFiles;
  motion: MotionTimeline;
  side: 'left' | 'right';
  /** The stretch of the page clock the stream shows (a whole page, or a shot part with its lead). */
  window: { fromMs: number; lengthMs: number };
  /** The still already composed with the rest torso. */
  rest: string;
  /** Composes the same still with `rig` (its `body` the pose's torso) into `output`. */
  compose: (rig: RigFiles, output: string) => Promise<void>;
  /** Where the pose stills go (`<base>-<pose>.png`) and the track (an .ffconcat file). */
  base: string;
  track: string;
  /** Pose stills composed already (by file), shared by the parts of one framing. */
  made?: Set<string>;
}

/** Whether a still input is a still track (read with the concat demuxer) rather than a picture. */
export const isStillTrack = (file: string) => file.endsWith('.ffconcat');

/** ffmpeg input arguments of a still or a still track. */
export const stillInput = (file: string) =>
  isStillTrack(file) ? ['-f', 'concat', '-safe', '0', '-i', file] : ['-i', file];

/** An ffconcat script showing each run's picture for its length, the last listed twice. */
export function stillTrack(
  runs: readonly { pose: TorsoPose; ms: number }[],
  pictures: Record<TorsoPose, string>,
) {
  const lines = ['ffconcat version 1.0'];
  for (const run of runs)
    lines.push(`file ${quote(pictures[run.pose])}`, `duration ${(run.ms / 1000).toFixed(3)}`);
  // The concat demuxer ignores the last entry's duration unless the file is listed once more.
  lines.push(`file ${quote(pictures[runs[runs.length - 1].pose])}`);
  return lines.join('\n') + '\n';
}

/**
 * The still input of a stretch: the rest still when no gesture falls in it (or the rig has no
 * gesture pictures), else a still track over the rest still and the pose stills it needs.
 */
export async function poseStill(source: PoseStillSource): Promise<string> {
  const { rig, base } = source;
  const runs = torsoPoseRuns(source.motion.gestures, source.window, source.side);
  if (!rig.poses || runs.every((r) => r.pose === 'rest')) return source.rest;
  const pictures: Record<TorsoPose, string> = {
    rest: source.rest,
    palm: `${base}-palm.png`,
    pointLeft: `${base}-pointLeft.png`,
    pointRight: `${base}-pointRight.png`,
  };
  const made = source.made ?? new Set<string>();
  for (const pose of new Set(runs.map((r) => r.pose))) {
    if (pose === 'rest' || made.has(pictures[pose])) continue;
    await source.compose({ ...rig, body: rig.poses[pose] }, pictures[pose]);
    made.add(pictures[pose]);
  }
  await writeFile(source.track, stillTrack(runs, pictures));
  return source.track;
}
