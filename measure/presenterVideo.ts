/**
 * A presenter page rendered by the real page graph and read back frame by frame: the layered
 * built-in presenter xiaoya at its natural size (one export pixel per pixel of the art) filling
 * the frame, its moving head carrying the mouth sprites of the given mouth timeline, rendered by
 * pageArgs and decoded to RGB over the head region. Shared by the lip-sync measure
 * (lipSyncVideo.ts) and the motion test (tests/server/video/motion.test.ts).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { headLayout, type MotionTimeline } from '../src/model/motion';
import type { MouthCue, MouthShape } from '../src/model/speech';
import { ffmpegPath, runFfmpeg } from '../src/server/adapters/media/ffmpeg';
import { blinkTrack, mouthTrack } from '../src/server/video/ffconcat';
import { pageArgs } from '../src/server/video/ffmpegArgs';
import { writeHeadTrack } from '../src/server/video/headTrack';
import type { PagePlan, RigFiles } from '../src/server/video/planTypes';
import { pageMotion } from '../src/server/video/speaking';
import { composeStill, transparentLike } from '../src/server/video/stillComposer';
import type { Rgb } from './mouthReading';

const DIR = path.resolve(import.meta.dirname, '../assets/library/characters/xiaoya');
const manifest = JSON.parse(readFileSync(path.join(DIR, 'manifest.json'), 'utf8'));

/** xiaoya's mouth shapes, as her manifest lists them. */
export const SHAPES = manifest.mouthShapes as MouthShape[];
/** xiaoya's layered rig, as the render gets it. */
export const rig: RigFiles = {
  width: manifest.width,
  height: manifest.height,
  body: path.join(DIR, 'torso.png'),
  blink: path.join(DIR, 'blink.png'),
  mouths: Object.fromEntries(SHAPES.map((s) => [s, path.join(DIR, `mouth-${s}.png`)])),
  mouth: manifest.mouth,
  eyes: manifest.eyes,
  head: { file: path.join(DIR, 'head.png'), box: manifest.head, pivot: manifest.pivot },
};
/** The same rig as the stage's head placement reads it (head box and pivot, no files). */
export const headRig = { ...rig, head: manifest.head, pivot: manifest.pivot };
/** The video's frame: the presenter at her natural size. */
export const FRAME = { width: manifest.width, height: manifest.height };
/** The presenter's box on the page: the whole frame. */
export const BOX = { x: 0, y: 0, ...FRAME };
/** The part of each frame decoded: the head with room to move. */
export const CROP = { x: 200, y: 60, width: 400, height: 660 };
/** Where the head's sprites sit at rest, in export pixels. */
export const layout = headLayout(headRig, BOX);

/** A rendered presenter page: its plan and motion, the composed still's file, the decoded frames. */
export interface PresenterVideo {
  plan: PagePlan;
  motion: MotionTimeline;
  /** The still composed for the page (scene, torso), whole frame. */
  still: string;
  /** Each frame's CROP region, in RGB. */
  frames: Rgb[];
}

/**
 * Renders one page of `durationMs` into `work` (a scratch directory): the presenter over a plain
 * background, speaking `audio` (a file) with the mouth timeline `cues`; page `index` seeds its
 * blinks and motion.
 */
export async function renderPresenterPage(
  work: string,
  page: { audio: string; durationMs: number; cues: MouthCue[]; index: number },
): Promise<PresenterVideo> {
  const { audio, durationMs, cues } = page;
  const background = path.join(work, 'bg.png');
  await sharp({ create: { ...FRAME, channels: 3, background: { r: 214, g: 222, b: 232 } } })
    .png()
    .toFile(background);
  const plan: PagePlan = {
    index: page.index,
    frame: FRAME,
    fps: 25,
    durationMs,
    background,
    slide: null,
    character: { rig, box: BOX },
    audio: [{ file: audio, durationMs, mouth: cues }],
  };
  const motion = pageMotion(plan);
  const files = {
    still: path.join(work, 'still.png'),
    mouthTrack: path.join(work, 'mouth.ffconcat'),
    blinkTrack: path.join(work, 'blink.ffconcat'),
    headTrack: path.join(work, 'head.ffconcat'),
    audio: [audio],
    output: path.join(work, 'page.mp4'),
  };
  await composeStill(plan, files.still);
  await writeFile(files.mouthTrack, mouthTrack(cues, durationMs, rig.mouths));
  const open = path.join(work, 'open.png');
  await transparentLike(rig.blink, open);
  await writeFile(files.blinkTrack, blinkTrack(motion.blinks, durationMs, open, rig.blink));
  // The head as renderPage draws it: pre-turned sprites per angle step (issue 15, headTrack.ts).
  const stream = { fps: 25, frames: Math.ceil(durationMs / 40 - 1e-6), offsetMs: 0, motion, cues };
  await writeHeadTrack(rig, BOX, stream, path.join(work, 'heads'), files.headTrack);
  await runFfmpeg(pageArgs(plan, files));
  const crop = `crop=${CROP.width}:${CROP.height}:${CROP.x}:${CROP.y}`;
  const raw = spawnSync(
    ffmpegPath(),
    ['-v', 'error', '-i', files.output, '-vf', crop, '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'],
    { maxBuffer: 1024 * 1024 * 1024 },
  ).stdout;
  const size = CROP.width * CROP.height * 3;
  const frames: Rgb[] = Array.from({ length: raw.length / size }, (_, k) => ({
    width: CROP.width,
    height: CROP.height,
    data: raw.subarray(k * size, (k + 1) * size),
  }));
  return { plan, motion, still: files.still, frames };
}
