import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import sharp from 'sharp';
import { torsoPoseRuns, type MotionTimeline, type TorsoPose } from '../../model/motion';
import { pam } from '../adapters/media/spriteFrames';
import { quote } from './ffconcat';
import { identity, type PageCache } from './pageCache';
import { processMemo } from './processMemo';
import type { ArmFiles, ArmsTrack, Box, RigFiles } from './planTypes';

/*
 * The presenter's arms in the render. A layered rig's arms and hands are parts of their own
 * (scripts/art figure.ts: the bare torso, the arms alone and the hands alone per pose on the
 * torso's canvas). A stretch without a gesture keeps the rest torso, arms and hands included, in
 * the page still: nothing is drawn per frame. A stretch with a gesture composes the bare torso into
 * the still and makes one sprite per pose it shows (its arms, its hands over them), at the export
 * size, cut to the box those poses reach (armsSprites). Then:
 * - over an opaque still (no page video in front of the background there), the page still is drawn
 *   once per pose shown and the page reads them as a still track, one per run (armsOverStill):
 *   nothing is drawn per frame. An overlay on every frame cost ffmpeg a copy of the whole frame
 *   and the blend of the arms, 0.6 of a 23 s page's 3.5 G instructions of filters (issue 15);
 * - over a page video (the presenter a transparent front picture), every pose is a sprite drawn on
 *   every frame (writeArmsTrack), since what lies under the arms moves; ffmpeg converts each once
 *   per run and only places it, at one corner, on every frame (like the head track).
 * Either way the pictures are listed per run in an ffconcat script.
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
 * One pose's sprite at `size`, RGBA: its arms with its hands over them, as the art draws them. The
 * same for every page of a render (one presenter box), so kept per process: drawing it on every
 * page was most of a re-render's still composition (issue 15: 1.1 of 1.8 s for the bench project's
 * pages rendered again with their stills cached).
 */
const posePictures = processMemo<Buffer>(8);
function posePicture(arms: ArmFiles, pose: TorsoPose, size: { width: number; height: number }) {
  const key = `${identity(arms.pictures[pose])}|${identity(arms.hands[pose])}|${size.width}x${size.height}`;
  return posePictures(key, async () => {
    const limbs = await sharp(arms.pictures[pose])
      .composite([{ input: arms.hands[pose] }])
      .png({ compressionLevel: 0 })
      .toBuffer();
    return sharp(limbs).ensureAlpha().resize(size.width, size.height, { fit: 'fill' }).raw().toBuffer();
  });
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
  const poses = [...new Set(runs.map((r) => r.pose))];
  const whole = await Promise.all(poses.map((pose) => posePicture(rig.arms!, pose, size)));
  const cut = spriteCut(whole, size, corner, frame);
  if (!cut) return null;
  const pictures = new Map<TorsoPose, Buffer>();
  for (const [i, pose] of poses.entries()) {
    const extract = { left: cut.x, top: cut.y, width: cut.width, height: cut.height };
    pictures.set(
      pose,
      await sharp(whole[i], { raw: { ...size, channels: 4 } })
        .extract(extract)
        .raw()
        .toBuffer(),
    );
  }
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

/**
 * Writes one picture per pose the runs show (`write` puts it at the file it is given,
 * `<base><name>-<pose>.pam`) and the ffconcat script listing them per run (`<base><name>s.ffconcat`
 * for a still track, `<base>.ffconcat` for sprites); answers the script.
 */
async function writePoseTrack(
  sprites: ArmsSprites,
  name: '' | '-still',
  write: (pose: TorsoPose, file: string) => Promise<void>,
): Promise<string> {
  const files: Record<string, string> = {};
  for (const { pose } of sprites.runs) {
    if (files[pose]) continue;
    files[pose] = `${sprites.base}${name}-${pose}.pam`;
    await write(pose, files[pose]);
  }
  const track = `${sprites.base}${name ? `${name}s` : ''}.ffconcat`;
  await writeFile(track, armsScript(sprites.runs, files));
  return track;
}

/** Every pose the stream shows as a sprite drawn on every frame: for a still the video covers. */
export async function writeArmsTrack(sprites: ArmsSprites): Promise<ArmsTrack> {
  const track = await writePoseTrack(sprites, '', (pose, file) =>
    writeFile(file, pam({ data: sprites.pictures.get(pose)!, ...sprites.size })),
  );
  return { track, at: sprites.at };
}

/** Bump when posed stills are drawn differently from the same bare still and sprites. */
const POSED_STILL_VERSION = 1;

/**
 * The arms over the opaque still `bare` (drawn with the bare torso) as a still track: the still
 * with each pose the stream shows drawn in (`<base>-still-<pose>.pam`), listed per run like the
 * arms track (`<base>-stills.ffconcat`, answered). The page graph reads it in place of the still.
 * With `cache` (the still cache's folder, PAM entries), a posed still drawn before from the same
 * bare still and sprite is linked instead: drawing them cost about 0.1 CPU s a page.
 */
export async function armsOverStill(sprites: ArmsSprites, bare: string, cache?: PageCache): Promise<string> {
  const bareHash =
    cache &&
    createHash('sha256')
      .update(await readFile(bare))
      .digest('hex');
  const keyOf = (pose: TorsoPose) =>
    createHash('sha256')
      .update(JSON.stringify([POSED_STILL_VERSION, bareHash, pose, sprites.at, sprites.size]))
      .update(sprites.pictures.get(pose)!)
      .digest('hex')
      .slice(0, 40);
  let still: { data: Buffer; info: { width: number; height: number } } | null = null;
  return writePoseTrack(sprites, '-still', async (pose, file) => {
    if (cache && (await cache.take(keyOf(pose), file))) return;
    still ??= await sharp(bare).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const { width, height } = still.info;
    const sprite = { input: sprites.pictures.get(pose)!, raw: { ...sprites.size, channels: 4 as const } };
    const data = await sharp(still.data, { raw: { width, height, channels: 4 } })
      .composite([{ ...sprite, left: sprites.at.x, top: sprites.at.y }])
      .raw()
      .toBuffer();
    await writeFile(file, pam({ data, width, height }));
    if (cache) await cache.put(keyOf(pose), file);
  });
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
