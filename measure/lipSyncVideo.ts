/**
 * The lip-sync measure read from a rendered video (issue 13): a narration page rendered by the real
 * page graph (pageArgs: the layered built-in presenter xiaoya at its natural size, the moving head
 * carrying the mouth sprites of the page's mouth timeline), decoded back to RGB, and for each
 * frame the mouth read where the head placement puts it: its opening (pixels between the lips) and
 * its nearest mouth sprite. Both are held against the audio (RMS energy per 40 ms frame) and the
 * phonemes. Shared by tests/server/video/lipSyncVideo.test.ts and bench/lipSync.ts, hence outside
 * both.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { headCorner, headLayout, poseAt } from '../src/model/motion';
import {
  MOUTH_OPENING,
  shapeAt,
  type MouthCue,
  type MouthShape,
  type PhonemeTiming,
} from '../src/model/speech';
import { ffmpegPath, runFfmpeg } from '../src/server/adapters/media/ffmpeg';
import { encodeWav, pcmLevels } from '../src/server/adapters/media/wav';
import { blinkTrack, mouthTrack } from '../src/server/video/ffconcat';
import { pageArgs } from '../src/server/video/ffmpegArgs';
import type { PagePlan, RigFiles } from '../src/server/video/planTypes';
import { pageMotion } from '../src/server/video/speaking';
import { composeStill, transparentLike } from '../src/server/video/stillComposer';
import { bestLagCorrelation, classAgreement, phonemeClasses } from './lipSyncScore';
import { nearestShape, openingHeight, uprightMouth, type Rgb } from './mouthReading';

export const FRAME_MS = 40;
const DIR = path.resolve(import.meta.dirname, '../assets/library/characters/xiaoya');
const manifest = JSON.parse(readFileSync(path.join(DIR, 'manifest.json'), 'utf8'));
const SHAPES = manifest.mouthShapes as MouthShape[];
const rig: RigFiles = {
  width: manifest.width,
  height: manifest.height,
  body: path.join(DIR, 'torso.png'),
  blink: path.join(DIR, 'blink.png'),
  mouths: Object.fromEntries(SHAPES.map((s) => [s, path.join(DIR, `mouth-${s}.png`)])),
  mouth: manifest.mouth,
  eyes: manifest.eyes,
  head: { file: path.join(DIR, 'head.png'), box: manifest.head, pivot: manifest.pivot },
};
// The presenter fills the frame at its natural size: one export pixel per pixel of the art.
const FRAME = { width: manifest.width, height: manifest.height };
const BOX = { x: 0, y: 0, ...FRAME };
// The part of each frame decoded: the head with room to move.
const CROP = { x: 200, y: 60, width: 400, height: 660 };
const layout = headLayout({ ...rig, head: manifest.head, pivot: manifest.pivot }, BOX);

/** A narration as the render gets it: its audio, its mouth timeline, and the phonemes when known. */
export interface Narration {
  samples: Int16Array;
  sampleRate: number;
  cues: MouthCue[];
  phonemes: readonly PhonemeTiming[];
}

/** The figures of one narration, from the video and (for comparison) from its timeline. */
export interface LipSyncFigures {
  frames: number;
  video: { r: number; lag: number; classRight: number };
  timeline: { r: number; lag: number; classRight: number };
  /** Frames whose nearest sprite is the timeline's shape at that frame (the reading's own check). */
  shapeRead: number;
}

/** Each mouth sprite on the head sprite, upright, cut to the mouth box plus margin. */
async function references(): Promise<Map<MouthShape, Rgb>> {
  const at = { mouth: layout.mouth, size: layout.rest, corner: { x: 0, y: 0, angle: 0 } };
  const refs = new Map<MouthShape, Rgb>();
  for (const shape of SHAPES) {
    const drawn = await sharp(rig.head!.file)
      .resize(layout.rest.width, layout.rest.height)
      .composite([{ input: rig.mouths[shape], left: layout.mouth.x, top: layout.mouth.y }])
      .png()
      .toBuffer();
    // Flattened apart: sharp applies composite last, which would bring the alpha back.
    const { data, info } = await sharp(drawn)
      .flatten({ background: '#000000' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    refs.set(shape, uprightMouth({ width: info.width, height: info.height, data }, at));
  }
  return refs;
}

/** Renders the narration as one page into `work` and returns the decoded head region of each frame. */
async function renderFrames(work: string, n: Narration, durationMs: number) {
  const audio = path.join(work, 'narration.wav');
  await writeFile(audio, encodeWav(n.samples, n.sampleRate));
  const background = path.join(work, 'bg.png');
  await sharp({ create: { ...FRAME, channels: 3, background: { r: 214, g: 222, b: 232 } } })
    .png()
    .toFile(background);
  const plan: PagePlan = {
    index: 1,
    frame: FRAME,
    fps: 25,
    durationMs,
    background,
    slide: null,
    character: { rig, box: BOX },
    audio: [{ file: audio, durationMs, mouth: n.cues }],
  };
  const motion = pageMotion(plan);
  const files = {
    still: path.join(work, 'still.png'),
    mouthTrack: path.join(work, 'mouth.ffconcat'),
    blinkTrack: path.join(work, 'blink.ffconcat'),
    audio: [audio],
    output: path.join(work, 'page.mp4'),
  };
  await composeStill(plan, files.still);
  await writeFile(files.mouthTrack, mouthTrack(n.cues, durationMs, rig.mouths));
  const open = path.join(work, 'open.png');
  await transparentLike(rig.blink, open);
  await writeFile(files.blinkTrack, blinkTrack(motion.blinks, durationMs, open, rig.blink));
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
  return { frames, motion };
}

const round = (v: number) => Math.round(v * 1000) / 1000;

/** Renders `n` in `work` (a scratch directory) and measures its lip-sync from the video. */
export async function measureLipSync(work: string, n: Narration): Promise<LipSyncFigures> {
  const durationMs = Math.round((n.samples.length / n.sampleRate) * 1000);
  const [{ frames, motion }, refs] = await Promise.all([renderFrames(work, n, durationMs), references()]);
  const opening: number[] = [];
  const seen: MouthShape[] = [];
  frames.forEach((frame, k) => {
    const c = headCorner(layout, poseAt(motion, k * FRAME_MS));
    const mouth = uprightMouth(frame, {
      mouth: layout.mouth,
      size: layout.rest,
      corner: { x: c.x - CROP.x, y: c.y - CROP.y, angle: c.angle },
    });
    opening.push(openingHeight(mouth));
    seen.push(nearestShape(mouth, refs));
  });
  const energy = pcmLevels(n.samples, n.sampleRate, FRAME_MS);
  const wants = phonemeClasses(n.phonemes, durationMs, FRAME_MS);
  const planned = frames.map((_, k) => shapeAt(n.cues, k * FRAME_MS));
  const video = bestLagCorrelation(opening, energy);
  const timeline = bestLagCorrelation(
    planned.map((s) => MOUTH_OPENING[s]),
    energy,
  );
  return {
    frames: frames.length,
    video: { r: round(video.r), lag: video.lag, classRight: round(classAgreement(seen, wants)) },
    timeline: { r: round(timeline.r), lag: timeline.lag, classRight: round(classAgreement(planned, wants)) },
    shapeRead: round(seen.filter((s, k) => s === planned[k]).length / frames.length),
  };
}
