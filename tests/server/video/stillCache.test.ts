import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { armsOverStill, type ArmsSprites } from '../../../src/server/video/armsTrack';
import { PageCache } from '../../../src/server/video/pageCache';
import type { PagePlan } from '../../../src/server/video/planTypes';
import { composeFront, composeStill, stillCacheOf } from '../../../src/server/video/stillComposer';

/*
 * The still cache (issue 15): a re-render draws no still it drew before from the same files and
 * boxes (nor a still posed for a gesture, armsTrack.ts), and any change to what a still shows
 * draws it again.
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

  it('links the posed stills of a gesture drawn before, and draws them again for another still', async () => {
    const bare = await solid('bare.png', 64, 48, [0, 0, 255]);
    const arms = (rgb: number[]) =>
      Buffer.from(Array.from({ length: 4 * 6 }, (_, i) => [...rgb, 255][i % 4]));
    const sprites: ArmsSprites = {
      runs: [
        { pose: 'rest', ms: 400 },
        { pose: 'palm', ms: 1600 },
      ],
      pictures: new Map([
        ['rest', arms([255, 0, 0])],
        ['palm', arms([0, 255, 0])],
      ]),
      size: { width: 3, height: 2 },
      at: { x: 10, y: 20 },
      base: path.join(dir, 'p1-arms'),
    };
    const cache = new PageCache(path.join(dir, 'posed'), undefined, '.png').withExt('.pam');
    const pams = () => readdirSync(cache.dir).filter((f) => f.endsWith('.pam'));
    const drawn = await armsOverStill(sprites, bare);
    const rest = readFileSync(`${sprites.base}-still-rest.pam`);
    expect(readFileSync(drawn, 'utf8')).toContain('p1-arms-still-palm.pam');
    await armsOverStill(sprites, bare, cache);
    expect(pams()).toHaveLength(2);
    // The cached entries are what an uncached drawing writes; a hit links them, marked or not.
    for (const entry of pams()) writeFileSync(path.join(cache.dir, entry), 'marked');
    await armsOverStill(sprites, bare, cache);
    expect(readFileSync(`${sprites.base}-still-rest.pam`, 'utf8')).toBe('marked');
    // Another bare still: drawn and stored anew.
    const other = await solid('bare2.png', 64, 48, [0, 0, 254]);
    await armsOverStill(sprites, other, cache);
    expect(pams()).toHaveLength(4);
    expect(readFileSync(`${sprites.base}-still-rest.pam`).equals(rest)).toBe(false);
  });

  it('lives beside the page cache, two folders above a page work folder', async () => {
    const work = path.join(dir, 'data', 'tmp', 'render-1');
    mkdirSync(work, { recursive: true });
    expect((await stillCacheOf(work)).dir).toBe(path.join(dir, 'data', 'cache', 'stills'));
  });
});
