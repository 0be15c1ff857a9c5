import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { PagePlan } from '../../../src/server/video/planTypes';
import { composeStill } from '../../../src/server/video/stillComposer';

/*
 * Issue 10: a PDF page that is not 16:9 (A4, 4:3) keeps its proportions in its box in the video,
 * centred with the scene showing beside it, as the stage's containBox draws it; before, it was
 * stretched to the box.
 */

const dir = mkdtempSync(path.join(tmpdir(), 'ps-contain-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function solid(name: string, width: number, height: number, rgb: [number, number, number]) {
  const file = path.join(dir, name);
  await sharp({ create: { width, height, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } } })
    .png()
    .toFile(file);
  return file;
}

describe('the page picture in its box', () => {
  it('a 4:3 page in a 16:9 box is drawn whole and centred, the scene beside it', async () => {
    const background = await solid('bg.png', 1920, 1080, [0, 0, 255]);
    const slide = await solid('slide.png', 800, 600, [255, 0, 0]);
    const body = await solid('body.png', 10, 10, [0, 255, 0]);
    const box = { x: 400, y: 200, width: 800, height: 450 };
    const plan = {
      frame: { width: 1920, height: 1080 },
      background,
      slide: { file: slide, box },
      character: { rig: { body }, box: { x: 1800, y: 1000, width: 10, height: 10 } },
      stickers: [],
    } as unknown as PagePlan;
    const out = path.join(dir, 'still.png');
    await composeStill(plan, out);
    const { data, info } = await sharp(out).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => {
      const i = (y * info.width + x) * info.channels;
      return [data[i], data[i + 1], data[i + 2]];
    };
    // 600 wide at 450 high: x from 500 to 1100.
    expect(at(450, 400)).toEqual([0, 0, 255]);
    expect(at(1150, 400)).toEqual([0, 0, 255]);
    expect(at(505, 205)).toEqual([255, 0, 0]);
    expect(at(1094, 644)).toEqual([255, 0, 0]);
    expect(at(495, 400)).toEqual([0, 0, 255]);
    expect(at(1105, 400)).toEqual([0, 0, 255]);
  });
});
