import { writeFile } from 'node:fs/promises';
import sharp from 'sharp';
import { torsoPoseRuns, type MotionTimeline, type TorsoPose } from '../../model/motion';
import { pam } from '../adapters/media/spriteFrames';
import { quote } from './ffconcat';
import type { ArmsTrack, Box, RigFiles } from './planTypes';

/*
 * The presenter's arms in the render. A layered rig's arms and hands are parts of their own
 * (scripts/art figure.ts: the bare torso, the arms alone and the hands alone per pose on the
 * torso's canvas). A stretch without a gesture keeps the rest torso, arms and hands included, in
 * the page still: nothing is drawn per frame. A stretch with a gesture composes the bare torso into
 * the still and makes one sprite per pose it shows (its arms, its hands over them), at the export
 * size, cut to the box those poses reach (armsSprites). Then:
 * - over an opaque still (no page video in front of the background there), the rest arms are drawn
 *   into the still once, and each gesture pose becomes an opaque picture of that box: the bare
 *   still with the pose over it, drawn only on the gesture's frames (armsOverStill). Blending the
 *   arms on every frame of the page cost ffmpeg about 0.4 CPU s per 20 s page (issue 15);
 * - over a page video (the presenter a transparent front picture), every pose is a sprite drawn on
 *   every frame (writeArmsTrack), since what lies under the arms moves.
 * Either way the sprites are listed per run in an ffconcat script, so ffmpeg converts each once
 * per run and only places it, at one corner, on every frame it shows (like the head track).
 */

/** What the arms of one stream are drawn from. */
export interface ArmsSource {
  /** The rig the stream draws (a 人物全身 part's whole figure: partRig). */
  rig: RigFiles;
  motion: MotionTimeline;
  /** Where the slide is: the side a pointing gesture points to. */
  side: 'left' | 'right';
  /** The stretch of the page clock the stream shows (a whole page, or a shot part with its lead). */
  window: { fromMs: number; lengthMs: number };
  /** The presenter's box and the frame, export px. */
  box: Box;
  frame: { width: number; height: number };
  /** Sprites go to `<base>-<pose>.pam`, the track to `<base>.ffconcat`. */
  base: string;
}

/** An ffconcat script showing each run's sprite for its length, the last listed twice. */
export function armsScript(
  runs: readonly { pose: TorsoPose; ms: number }[],
  sprites: Record<string, string>,
) {
  const lines = ['ffconcat version 1.0'];
  for (const run of runs)
    lines.push(`file ${quote(sprites[run.pose])}`, `duration ${(run.ms / 1000).toFixed(3)}`);
  // The concat demuxer ignores the last entry's duration unless the file is listed once more.
  lines.push(`file ${quote(sprites[runs[runs.length - 1].pose])}`);
  return lines.join('\n') + '\n';
}

/** A stream's arms sprites (armsSprites), not yet written. */
export interface ArmsSprites {
  /** The poses in the order the stream shows them, each for its length (ms on the stream's clock). */
  runs: { pose: TorsoPose; ms: number }[];
  /** Each pose's arms and hands, RGBA, cut to `size`, by pose. */
  pictures: Map<TorsoPose, Buffer>;
  size: { width: number; height: number };
  /** The cut's corner in the frame (export px, even). */
  at: { x: number; y: number };
  /** Files go to `<base>-<pose>.pam` and `<base>.ffconcat`. */
  base: string;
}

/**
 * The arms of a stream: null when it shows no gesture (or the rig has no arms part), and the still
 * keeps the rest torso; else the rig to compose the still with (its body the bare torso) and the
 * sprites of the poses it shows.
 */
export async function armsSprites(
  source: ArmsSource,
): Promise<{ rig: RigFiles; sprites: ArmsSprites } | null> {
  const { rig, box, frame, base } = source;
  if (!rig.arms) return null;
  const runs = torsoPoseRuns(source.motion.gestures, source.window, source.side);
  if (runs.every((r) => r.pose === 'rest')) return null;
  // Sized and placed like the torso in the still (stillComposer's `placed`), so the pixels meet.
  const size = { width: Math.max(1, Math.round(box.width)), height: Math.max(1, Math.round(box.height)) };
  const corner = { x: Math.round(box.x), y: Math.round(box.y) };
  // The rest pose is always one: over an opaque still it goes into the still (armsOverStill).
  const poses = [...new Set<TorsoPose>(['rest', ...runs.map((r) => r.pose)])];
  // One sprite per pose: its arms with its hands over them, as the art draws them.
  const whole = await Promise.all(
    poses.map(async (pose) => {
      const limbs = await sharp(rig.arms!.pictures[pose])
        .composite([{ input: rig.arms!.hands[pose] }])
        .png({ compressionLevel: 0 })
        .toBuffer();
      return sharp(limbs).ensureAlpha().resize(size.width, size.height, { fit: 'fill' }).raw().toBuffer();
    }),
  );
  const cut = spriteCut(whole, size, corner, frame);
  if (!cut) return null;
  const pictures = new Map<TorsoPose, Buffer>();
  for (const [i, pose] of poses.entries())
    pictures.set(
      pose,
      cropRgba(whole[i], size.width, { x: cut.x, y: cut.y, width: cut.width, height: cut.height }),
    );
  return {
    rig: { ...rig, body: rig.arms.bare },
    sprites: {
      runs,
      pictures,
      size: { width: cut.width, height: cut.height },
      at: { x: corner.x + cut.x, y: corner.y + cut.y },
      base,
    },
  };
}

/** Every pose the stream shows as a sprite drawn on every frame: for a still the video covers. */
export async function writeArmsTrack(sprites: ArmsSprites): Promise<ArmsTrack> {
  const files: Record<string, string> = {};
  for (const { pose } of sprites.runs) {
    if (files[pose]) continue;
    files[pose] = `${sprites.base}-${pose}.pam`;
    await writeFile(files[pose], pam({ data: sprites.pictures.get(pose)!, ...sprites.size }));
  }
  const track = `${sprites.base}.ffconcat`;
  await writeFile(track, armsScript(sprites.runs, files));
  return { track, at: sprites.at };
}

/**
 * The arms over the opaque still `bare` (drawn with the bare torso): `output` (PAM) is that still
 * with the rest arms drawn in, and the track answered draws, on the gesture frames only, each
 * gesture pose as an opaque picture of the sprites' box (the bare still there, the pose over it).
 */
export async function armsOverStill(
  sprites: ArmsSprites,
  bare: string,
  output: string,
  fps: number,
): Promise<ArmsTrack> {
  const still = await sharp(bare).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = still.info;
  const { size, at } = sprites;
  const box = { ...at, ...size };
  const drawn = async (pose: TorsoPose, below: Buffer, w: number, h: number, left: number, top: number) =>
    sharp(below, { raw: { width: w, height: h, channels: 4 } })
      .composite([{ input: sprites.pictures.get(pose)!, raw: { ...size, channels: 4 }, left, top }])
      .raw()
      .toBuffer();
  await writeFile(
    output,
    pam({ data: await drawn('rest', still.data, width, height, at.x, at.y), width, height }),
  );
  const under = cropRgba(still.data, width, box);
  const files: Record<string, string> = {};
  for (const { pose } of sprites.runs) {
    if (pose === 'rest' || files[pose]) continue;
    files[pose] = `${sprites.base}-${pose}.pam`;
    await writeFile(
      files[pose],
      pam({ data: await drawn(pose, under, size.width, size.height, 0, 0), ...size }),
    );
  }
  // The rest runs list a gesture picture too (one size for the whole track); it is never drawn.
  const first = Object.values(files)[0];
  const track = `${sprites.base}.ffconcat`;
  await writeFile(track, armsScript(sprites.runs, { ...files, rest: first }));
  return { track, at, shown: shownTimes(sprites.runs, fps) };
}

/**
 * The timeline expression of the stretches that show a gesture, on the stream's clock: half a
 * frame early at both ends, so a frame is in exactly when the track's sprite for it is a gesture.
 */
export function shownTimes(runs: readonly { pose: TorsoPose; ms: number }[], fps: number): string {
  const half = 500 / fps;
  const terms: string[] = [];
  let at = 0;
  for (const run of runs) {
    const sec = (ms: number) => (Math.max(0, ms) / 1000).toFixed(4);
    if (run.pose !== 'rest') terms.push(`between(t,${sec(at - half)},${sec(at + run.ms - half)})`);
    at += run.ms;
  }
  return terms.join('+');
}

/** The `box` part of RGBA pixels `width` wide. */
function cropRgba(data: Buffer, width: number, box: Box): Buffer {
  const out = Buffer.alloc(box.width * box.height * 4);
  for (let y = 0; y < box.height; y++) {
    const from = ((box.y + y) * width + box.x) * 4;
    data.copy(out, y * box.width * 4, from, from + box.width * 4);
  }
  return out;
}

/**
 * The part of the resized arms pictures to keep (in picture px): every pixel any of them draws,
 * inside the frame, its corner on even frame pixels (the 4:2:0 chroma grid); null when none shows.
 */
export function spriteCut(
  pictures: readonly Buffer[],
  size: { width: number; height: number },
  corner: { x: number; y: number },
  frame: { width: number; height: number },
): Box | null {
  const x0 = Math.max(0, -corner.x);
  const y0 = Math.max(0, -corner.y);
  const x1 = Math.min(size.width, frame.width - corner.x);
  const y1 = Math.min(size.height, frame.height - corner.y);
  let left = Infinity;
  let top = Infinity;
  let right = -Infinity;
  let bottom = -Infinity;
  for (const data of pictures)
    for (let y = y0; y < y1; y++)
      for (let x = x0; x < x1; x++) {
        if (data[(y * size.width + x) * 4 + 3] === 0) continue;
        left = Math.min(left, x);
        right = Math.max(right, x + 1);
        top = Math.min(top, y);
        bottom = Math.max(bottom, y + 1);
      }
  if (right <= left) return null;
  // One pixel more on the left or top where the frame corner would be odd (and the frame allows).
  if ((corner.x + left) % 2 !== 0 && left > x0) left--;
  if ((corner.y + top) % 2 !== 0 && top > y0) top--;
  return { x: left, y: top, width: right - left, height: bottom - top };
}
