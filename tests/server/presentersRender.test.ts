import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFfmpeg } from '../../src/server/adapters/media/ffmpeg';
import { writeLoopVideo } from '../../src/server/adapters/media/presenterVideo';
import {
  breathingPictureFragment,
  breathingPictureInput,
} from '../../src/server/video/customPresenterPicture';
import { talkingVideoFragment, talkingVideoInput } from '../../src/server/video/customPresenterVideo';
import { talkingVideo } from './helpers/presenterFixtures';
import { boxDifference, frameAt, near, pixel } from './helpers/video';

/*
 * The kind 2 and kind 3 fragments in a real ffmpeg graph on their own: a blue page with the
 * presenter overlaid, frames decoded and compared.
 */
const W = 640;
const H = 720;
const BLUE: [number, number, number] = [32, 80, 192];
const RED: [number, number, number] = [220, 30, 30];
const BOX = { x: 160, y: 120, width: 320, height: 480 };

describe('custom presenters in a real ffmpeg graph', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'presenter-render-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** Renders `seconds` of a blue page with `fragment` overlaid (input 1 from `input`). */
  async function render(
    name: string,
    input: string[],
    fragment: (base: string, out: string) => string,
    seconds: number,
  ) {
    const output = path.join(dir, name);
    await runFfmpeg([
      '-f', 'lavfi', '-i', `color=c=0x2050C0:s=${W}x${H}:r=25:d=${seconds}`,
      ...input,
      '-filter_complex', `${fragment('0:v', 'page')}`,
      '-map', '[page]', '-t', String(seconds),
      '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '12', '-pix_fmt', 'yuv420p', '-y', output,
    ]); // prettier-ignore
    return output;
  }

  it('plays the keyed loop while speaking and holds its first frame while silent', async () => {
    const source = path.join(dir, 'talk.mp4');
    writeFileSync(source, talkingVideo({ seconds: 2 }));
    const loop = path.join(dir, 'loop.mp4');
    await writeLoopVideo(source, loop);
    const out = await render(
      'video.mp4',
      talkingVideoInput(loop),
      (base, out) =>
        talkingVideoFragment({
          input: '1:v',
          base,
          out,
          box: BOX,
          durationMs: 5000,
          speaking: [{ startMs: 1000, endMs: 3600 }],
          keying: { color: '#00FF00', similarity: 0.3, blend: 0.08 },
        }),
      5,
    );
    const silentA = frameAt(out, 0.5, W, H);
    const talking = frameAt(out, 1.6, W, H);
    const looped = frameAt(out, 3.24, W, H); // 3.24 s: the 2 s loop is at 1.24 s, square far left
    const silentB = frameAt(out, 4.5, W, H);
    // Green keyed out: the page shows through the box's corners; the red square stays.
    expect(near(pixel(silentA, W, BOX.x + 6, BOX.y + 6), BLUE, 30)).toBe(true);
    expect(near(pixel(silentA, W, BOX.x + 160, BOX.y + 240), RED, 40)).toBe(true);
    // Silent: the same first frame before and after speaking; speaking: the square has moved.
    expect(boxDifference(silentA, silentB, W, BOX)).toBeLessThan(2);
    expect(boxDifference(silentA, talking, W, BOX)).toBeGreaterThan(4);
    expect(boxDifference(silentA, looped, W, BOX)).toBeGreaterThan(4);
  }, 60_000);

  it('breathes and bobs a picture inside its box, transparency kept', async () => {
    // A red block with a transparent margin: its top edge shows the movement.
    const picture = path.join(dir, 'picture.png');
    await sharp({
      create: { width: 320, height: 480, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .composite([
        {
          input: {
            create: { width: 200, height: 380, channels: 4, background: { r: 220, g: 30, b: 30, alpha: 1 } },
          },
          left: 60,
          top: 100,
        },
      ])
      .png()
      .toFile(picture);
    const out = await render(
      'picture.mp4',
      breathingPictureInput(picture),
      (base, out) => breathingPictureFragment({ input: '1:v', base, out, box: BOX, durationMs: 4000 }),
      4,
    );
    /** Row of the red block's top edge down the middle column. */
    const topEdge = (frame: Buffer) => {
      for (let y = BOX.y; y < BOX.y + BOX.height; y++) if (near(pixel(frame, W, W / 2, y), RED, 60)) return y;
      return -1;
    };
    const rest = frameAt(out, 0, W, H);
    const lifted = frameAt(out, 1, W, H); // bob at its height, half a breath
    const full = frameAt(out, 2, W, H); // full breath, bob back at the middle
    expect(near(pixel(rest, W, BOX.x + 10, BOX.y + 10), BLUE, 30)).toBe(true);
    expect(topEdge(rest)).toBe(BOX.y + 100);
    // A full breath grows the block by 1.5 % from the bottom: its top rises by about 6 px
    // (edges are interpolated, so the first clearly red row moves a little less).
    expect(topEdge(rest) - topEdge(full)).toBeGreaterThanOrEqual(3);
    expect(topEdge(rest) - topEdge(full)).toBeLessThanOrEqual(8);
    // At the quarter cycle the bob (2 px up) adds to half a breath (about 3 px).
    expect(topEdge(rest) - topEdge(lifted)).toBeGreaterThanOrEqual(3);
    expect(topEdge(rest) - topEdge(lifted)).toBeLessThanOrEqual(7);
    // At three quarters the bob (2 px down) outweighs the breath left (about 1 px): below rest.
    expect(topEdge(frameAt(out, 3.5, W, H))).toBeGreaterThan(topEdge(rest));
    expect(near(pixel(full, W, BOX.x + 10, BOX.y + 10), BLUE, 30)).toBe(true);
  }, 60_000);

  it('moves only the part of a box larger than the frame that shows, the same as the whole box', async () => {
    // 人物半身 of a picture with space above the person: a box far larger than the frame, its top
    // above the frame. A checkerboard picture shows any difference in where a pixel lands.
    const picture = path.join(dir, 'tall.png');
    const square = (i: number) => (Math.floor((i % 200) / 10) + Math.floor(i / 2000)) % 2;
    await sharp(
      Buffer.from(
        Array.from({ length: 200 * 300 }, (_, i) =>
          square(i) ? [230, 200, 40, 255] : [20, 40, 90, 255],
        ).flat(),
      ),
      { raw: { width: 200, height: 300, channels: 4 } },
    )
      .png()
      .toFile(picture);
    const big = { x: -300, y: -900, width: 1240, height: 1860 };
    const fragment = (frame?: { width: number; height: number }) => (base: string, out: string) =>
      breathingPictureFragment({ input: '1:v', base, out, box: big, durationMs: 3000, frame });
    const whole = await render('big-whole.mp4', breathingPictureInput(picture), fragment(), 3);
    const cropped = await render(
      'big-cropped.mp4',
      breathingPictureInput(picture),
      fragment({ width: W, height: H }),
      3,
    );
    expect(fragment({ width: W, height: H })('0:v', 'page')).toContain('crop=');
    const all = { x: 0, y: 0, width: W, height: H };
    // The picture does move (so the comparison below can see a wrong window).
    expect(boxDifference(frameAt(whole, 0, W, H), frameAt(whole, 1.5, W, H), W, all)).toBeGreaterThan(1);
    for (const s of [0, 0.6, 1.5, 2.2]) {
      expect(boxDifference(frameAt(whole, s, W, H), frameAt(cropped, s, W, H), W, all)).toBeLessThan(0.5);
    }
  }, 60_000);
});
