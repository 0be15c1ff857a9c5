import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { inspectPdf, PdfError, rasterizePdf } from '../../../src/server/adapters/media/pdf.mupdf';

const fixtures = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures');
const fixture = (name: string) => join(fixtures, name);

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pdf-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** Share of pixels in a region (pixel coordinates) darker than luma 100. */
async function darkShare(file: string, region: { left: number; top: number; width: number; height: number }) {
  const { data, info } = await sharp(file).extract(region).raw().toBuffer({ resolveWithObject: true });
  let dark = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    if (0.299 * data[i] + 0.587 * data[i + 1] + 0.114 * data[i + 2] < 100) dark++;
  }
  return dark / (info.width * info.height);
}

async function pixel(file: string, x: number, y: number) {
  const { data } = await sharp(file)
    .extract({ left: x, top: y, width: 1, height: 1 })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return [data[0], data[1], data[2]];
}

describe('inspectPdf', () => {
  it('reads page count, encryption and title of a Chinese PDF', async () => {
    expect(await inspectPdf(fixture('slides-zh-3p.pdf'))).toEqual({
      pageCount: 3,
      encrypted: false,
      title: '演示文稿',
    });
  });

  it('accepts a PDF encrypted with an owner password only (it opens without one)', async () => {
    expect(await inspectPdf(fixture('owner-locked.pdf'))).toEqual({
      pageCount: 3,
      encrypted: true,
      title: '演示文稿',
    });
  });

  it.each([
    ['corrupt.pdf', 'corrupt'],
    ['encrypted.pdf', 'encrypted'],
    ['empty.pdf', 'empty'],
    ['not-a-pdf.pdf', 'not_pdf'],
  ])('refuses %s with code %s and a Chinese message', async (name, code) => {
    const error = await inspectPdf(fixture(name)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PdfError);
    expect((error as PdfError).code).toBe(code);
    expect((error as PdfError).message).toMatch(/PDF/);
  });
});

describe('rasterizePdf', () => {
  it('writes images/1..3.png at 1920 px with the non-embedded Chinese text drawn, plus a thumbnail', async () => {
    const out = join(dir, 'ppt');
    const progress: [number, number][] = [];
    const result = await rasterizePdf(fixture('slides-zh-3p.pdf'), out, {
      onProgress: (d, t) => progress.push([d, t]),
    });

    expect(result).toMatchObject({ pageCount: 3, width: 1920, heights: [1080, 1080, 1080] });
    expect(progress).toEqual([[0, 3], [1, 3], [2, 3], [3, 3]]); // prettier-ignore
    expect((await readdir(out)).sort()).toEqual(['images', 'thumb.png']);
    expect((await readdir(join(out, 'images'))).sort()).toEqual(['1.png', '2.png', '3.png']);

    // Fixture layout (points, x2 in pixels): title in x 80-880, y 60-150; coloured bar in the bottom 60 pt.
    const bars = [[217, 26, 26], [26, 153, 51], [26, 77, 217]]; // prettier-ignore
    for (const n of [1, 2, 3]) {
      const file = join(out, 'images', `${n}.png`);
      expect(await sharp(file).metadata()).toMatchObject({ width: 1920, height: 1080, format: 'png' });
      const title = await darkShare(file, { left: 160, top: 120, width: 1600, height: 180 });
      expect(title).toBeGreaterThan(0.05); // glyph strokes from mupdf's built-in CJK font
      expect(await darkShare(file, { left: 0, top: 320, width: 1920, height: 120 })).toBe(0); // blank band
      const [r, g, b] = await pixel(file, 960, 1060);
      expect(
        Math.abs(r - bars[n - 1][0]) + Math.abs(g - bars[n - 1][1]) + Math.abs(b - bars[n - 1][2]),
      ).toBeLessThan(30);
    }
    expect(await sharp(join(out, 'thumb.png')).metadata()).toMatchObject({ width: 320, height: 180 });
  });

  it.each([
    ['corrupt.pdf', 'corrupt'],
    ['encrypted.pdf', 'encrypted'],
    ['empty.pdf', 'empty'],
    ['not-a-pdf.pdf', 'not_pdf'],
  ])('refuses %s (%s) and leaves nothing behind', async (name, code) => {
    const out = join(dir, 'ppt');
    await expect(rasterizePdf(fixture(name), out)).rejects.toMatchObject({ name: 'PdfError', code });
    expect(await readdir(dir)).toEqual([]);
  });

  it('keeps a pre-existing folder and its files on failure, adding nothing', async () => {
    const out = join(dir, 'ppt');
    await mkdir(out);
    await writeFile(join(out, 'source.pdf'), 'original upload');
    await expect(rasterizePdf(fixture('encrypted.pdf'), out)).rejects.toBeInstanceOf(PdfError);
    expect(await readdir(out)).toEqual(['source.pdf']);
  });

  it('stops on abort and removes what it wrote', async () => {
    const out = join(dir, 'ppt');
    const controller = new AbortController();
    const run = rasterizePdf(fixture('slides-zh-3p.pdf'), out, {
      signal: controller.signal,
      onProgress: (done) => {
        if (done === 1) controller.abort(new Error('user cancelled'));
      },
    });
    await expect(run).rejects.toThrow('user cancelled');
    expect(await readdir(dir)).toEqual([]);
  });

  it('rasterises an owner-locked PDF', async () => {
    const result = await rasterizePdf(fixture('owner-locked.pdf'), join(dir, 'locked'));
    expect(result.pageCount).toBe(3);
  });

  it('renders at another width on request', async () => {
    const result = await rasterizePdf(fixture('slides-zh-3p.pdf'), join(dir, 'small'), { width: 1000 });
    expect(result.heights).toEqual([563, 563, 563]);
    expect(await sharp(join(dir, 'small', 'images', '2.png')).metadata()).toMatchObject({ width: 1000 });
  });
});
