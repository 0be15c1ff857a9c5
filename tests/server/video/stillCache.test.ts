import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { PageCache } from '../../../src/server/video/pageCache';
import type { PagePlan } from '../../../src/server/video/planTypes';
import { composeFront, composeStill, stillCacheOf } from '../../../src/server/video/stillComposer';

/*
 * The still cache (issue 15): a re-render draws no still it drew before from the same files and
 * boxes, and any change to what a still shows draws it again.
 */

const dir = mkdtempSync(path.join(tmpdir(), 'ps-stills-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function solid(name: string, width: number, height: number, rgb: [number, number, number]) {
  const file = path.join(dir, name);
  const background = { r: rgb[0], g: rgb[1], b: rgb[2] };
  await sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toFile(file);
  return file;
}

const entries = (cache: PageCache) =>
  readdirSync(cache.dir)
    .filter((f) => f.endsWith('.png'))
    .sort();

describe('the still cache', () => {
  it('links a still drawn before, and draws again when a file or a box changes', async () => {
    const background = await solid('bg.png', 640, 360, [0, 0, 255]);
    const slide = await solid('slide.png', 320, 180, [255, 0, 0]);
    const body = await solid('body.png', 40, 80, [0, 255, 0]);
    const plan = {
      frame: { width: 640, height: 360 },
      background,
      slide: { file: slide, box: { x: 20, y: 20, width: 320, height: 180 } },
      character: { rig: { body }, box: { x: 500, y: 200, width: 40, height: 80 } },
      stickers: [],
    } as unknown as PagePlan;
    const cache = new PageCache(path.join(dir, 'cache'), undefined, '.png');
    const first = path.join(dir, 'first.png');
    const fresh = path.join(dir, 'fresh.png');
    await composeStill(plan, first, undefined, cache);
    await composeStill(plan, fresh);
    expect(readFileSync(first).equals(readFileSync(fresh))).toBe(true);
    const [entry] = entries(cache);
    expect(entries(cache)).toHaveLength(1);

    // A hit is the stored still, not a new drawing: marked, it comes back marked.
    const mark = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    await sharp(mark).toFile(path.join(dir, 'mark.png'));
    rmSync(path.join(cache.dir, entry));
    await sharp(mark).toFile(path.join(cache.dir, entry));
    const again = path.join(dir, 'again.png');
    await composeStill(plan, again, undefined, cache);
    expect(readFileSync(again).equals(readFileSync(path.join(dir, 'mark.png')))).toBe(true);

    // Another box, another file version (mtime), another framing: each drawn and stored anew.
    const moved = {
      ...plan,
      character: { ...plan.character, box: { x: 400, y: 200, width: 40, height: 80 } },
    };
    await composeStill(moved, path.join(dir, 'moved.png'), undefined, cache);
    utimesSync(slide, new Date(), new Date(Date.now() + 5000));
    await composeStill(plan, path.join(dir, 'touched.png'), undefined, cache);
    await composeStill(plan, path.join(dir, 'bare.png'), { slide: null, character: null }, cache);
    await composeFront(plan, path.join(dir, 'front.png'), undefined, cache);
    expect(entries(cache)).toHaveLength(5);
    const touched = path.join(dir, 'touched.png');
    expect(readFileSync(touched).equals(readFileSync(fresh))).toBe(true);
    expect(readdirSync(cache.dir).filter((f) => f.startsWith('.tmp-'))).toEqual([]);
  });

  it('lives beside the page cache, two folders above a page work folder', async () => {
    const work = path.join(dir, 'data', 'tmp', 'render-1');
    mkdirSync(work, { recursive: true });
    expect((await stillCacheOf(work)).dir).toBe(path.join(dir, 'data', 'cache', 'stills'));
  });
});
