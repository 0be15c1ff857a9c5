import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eyeStateAt, headLayout, poseAt, type EyeState, type MotionTimeline } from '../../model/motion';
import { shapeAt, type MouthCue } from '../../model/speech';
import { ensureHeadSprites, type HeadLook, type HeadPose } from '../adapters/headSprites';
import { cuesOnFrames, quote } from './ffconcat';
import { identity, PageCache } from './pageCache';
import type { Box, RigFiles } from './planTypes';

/*
 * The head track of a layered presenter (issue 15): instead of drawing the mouth and the eyes on
 * the head and turning it in ffmpeg on every frame, each frame shows a pre-composed head sprite
 * (adapters/headSprites.ts) for its angle step, mouth shape and eyes, listed as an ffconcat script
 * with one entry per run of frames that show the same sprite. ffmpeg then only places that sprite
 * at the motion's x/y expressions, which stay exact: the angle step moves the head's pixels by at
 * most lever x step / 2 (about 0.6 px at the hair's top for xiaoya at natural size).
 */

/** The head's turn is drawn in steps of this many degrees. */
export const HEAD_STEP_DEG = 0.25;

/** Bump when the sprites' drawing changes: every cached sprite is then made again. */
const HEAD_SPRITE_VERSION = 1;

/** One run of frames showing the same sprite: angle step, mouth shape, eye picture, and its length. */
export interface HeadRun {
  step: number;
  shape: string;
  eyes: EyeState;
  frames: number;
}

/** What a stream of a page shows of the head, frame by frame (on the stream's own clock). */
export interface HeadStream {
  fps: number;
  /** Frames in the stream. */
  frames: number;
  /** The page time of the stream's first frame (a shot part's window start). */
  offsetMs: number;
  /** The page's motion (page clock): the head's tilt and the eye picture (poseAt, eyeStateAt). */
  motion: MotionTimeline;
  /** Mouth cues on the stream's clock, as its mouth track takes them. */
  cues: readonly MouthCue[];
  /** The rig has a brows picture; without one a brow lift shows open eyes. */
  brows?: boolean;
}

/** The runs of frames of one stream: pose and eyes as the stage looks them up, the mouth as its track shows it. */
export function headRuns(stream: HeadStream): HeadRun[] {
  const { fps, frames, offsetMs, motion } = stream;
  const cues = cuesOnFrames(stream.cues, fps);
  const runs: HeadRun[] = [];
  for (let n = 0; n < frames; n++) {
    const ms = (n * 1000) / fps;
    const step = Math.round(poseAt(motion, offsetMs + ms).tilt / HEAD_STEP_DEG);
    const shape = shapeAt(cues, ms + 1e-6);
    const state = eyeStateAt(motion, offsetMs + ms);
    const eyes = state === 'lifted' && !stream.brows ? 'open' : state;
    const last = runs[runs.length - 1];
    if (last && last.step === step && last.shape === shape && last.eyes === eyes) last.frames++;
    else runs.push({ step, shape, eyes, frames: 1 });
  }
  return runs;
}

/**
 * The sprite file name of a run within its look's folder: a one-frame yuva420p NUT, the page
 * graph's pixel format, so ffmpeg converts no entry of the track (adapters/media/spriteFrames.ts).
 */
export const spriteName = (look: string, run: Omit<HeadRun, 'frames'>) =>
  `${look}_${run.step}_${run.shape}_${run.eyes}.nut`;

/** The ffconcat script of the runs: durations on the frame grid (no drift), the last file twice. */
export function headTrack(runs: readonly HeadRun[], fps: number, file: (run: HeadRun) => string): string {
  const lines = ['ffconcat version 1.0'];
  const at = (frame: number) => Math.round((frame * 1000) / fps);
  let frame = 0;
  for (const run of runs) {
    const ms = at(frame + run.frames) - at(frame);
    lines.push(`file ${quote(file(run))}`, `duration ${(ms / 1000).toFixed(3)}`);
    frame += run.frames;
  }
  // The concat demuxer ignores the last entry's duration unless the file is listed once more.
  if (runs.length) lines.push(`file ${quote(file(runs[runs.length - 1]))}`);
  return lines.join('\n') + '\n';
}

/** The head sprite's look for a rig drawn in `box`: its files and layout, and its cache name. */
export function headLook(rig: RigFiles, box: Box): { look: HeadLook; name: string } {
  const head = rig.head!;
  const layout = headLayout({ ...rig, head: head.box, pivot: head.pivot }, box);
  const look: HeadLook = {
    head: head.file,
    mouths: rig.mouths,
    blink: rig.blink,
    ...(rig.brows ? { brows: rig.brows } : {}),
    width: layout.rest.width,
    height: layout.rest.height,
    mouth: layout.mouth,
    eyes: layout.eyes,
  };
  // Files by identity (path, size, mtime), like the page cache: an edited sprite makes new ones.
  const files = [head.file, rig.blink, rig.brows, ...Object.values(rig.mouths)]
    .filter((f): f is string => Boolean(f))
    .map((f) => identity(f));
  const name = createHash('sha256')
    .update(JSON.stringify([HEAD_SPRITE_VERSION, HEAD_STEP_DEG, look, files]))
    .digest('hex')
    .slice(0, 24);
  return { look, name };
}

/**
 * Writes the head track of one stream to `file`, making the sprites it needs that `spritesDir`
 * (DATA_DIR/cache/heads, per machine) does not hold yet.
 */
export async function writeHeadTrack(
  rig: RigFiles,
  box: Box,
  stream: HeadStream,
  spritesDir: string,
  file: string,
): Promise<void> {
  const { look, name } = headLook(rig, box);
  const runs = headRuns({ ...stream, brows: Boolean(look.brows) });
  const wanted = new Map<string, HeadPose>();
  for (const run of runs) {
    const angle = (run.step * HEAD_STEP_DEG * Math.PI) / 180;
    wanted.set(spriteName(name, run), { angle, shape: run.shape, eyes: run.eyes });
  }
  await ensureHeadSprites(look, wanted, spritesDir);
  await writeFile(
    file,
    headTrack(runs, stream.fps, (run) => path.join(spritesDir, spriteName(name, run))),
  );
}

/**
 * The head sprite cache of this machine: DATA_DIR/cache/heads, beside the page cache. A page's
 * work folder is always a folder of DATA_DIR/tmp (a render's or a page task's), and with S3 each
 * machine makes its own sprites from the presenter files it has (they are cheap, the bucket far).
 */
export const headSpritesDir = (work: string) => path.join(path.dirname(path.dirname(work)), 'cache', 'heads');

/** About 1500 sprites of a 1080p head; a sprite unused for two weeks is made again when needed. */
const SPRITE_LIMITS = { maxBytes: 1024 ** 3, maxAgeMs: 14 * 86_400_000 };

/** Keeps the sprite cache within its limits (least recently used first), at most once an hour. */
export async function pruneHeadSprites(dir: string, now = Date.now()): Promise<void> {
  await new PageCache(dir, SPRITE_LIMITS).pruneHourly(now);
}
