import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

/*
 * The built-in presenters' eye pictures (scripts/art): blink.png and brows.png share the eyes box,
 * and the brows picture laid over the head changes the brows alone, lifted. The stage swaps them in
 * one sprite (PresenterView) and the render's eye track does the same, so both must fit one box.
 */

const ROOT = path.resolve('assets/library/characters');
const IDS = (
  JSON.parse(readFileSync(path.resolve('assets/library/library.json'), 'utf8')) as {
    characters: { id: string }[];
  }
).characters.map((c) => c.id);

const rgba = (file: string) => sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true });

describe('built-in eye pictures', () => {
  it.each(IDS)(
    '%s: blink and brows fill the eyes box; the brows picture lifts the brows only',
    async (id) => {
      const dir = path.join(ROOT, id);
      const m = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
      expect(m.files.brows).toBe('brows.png');
      expect(m.hd.files.brows).toBe('hd/brows.png');
      for (const file of ['blink.png', 'brows.png']) {
        const meta = await sharp(path.join(dir, file)).metadata();
        expect([meta.width, meta.height]).toEqual([m.eyes.width, m.eyes.height]);
      }
      // The head under the eyes box, and the brows picture over it.
      const head = await sharp(path.join(dir, 'head.png'))
        .extract({
          left: m.eyes.x - m.head.x,
          top: m.eyes.y - m.head.y,
          width: m.eyes.width,
          height: m.eyes.height,
        })
        .ensureAlpha()
        .raw()
        .toBuffer();
      const brows = await rgba(path.join(dir, 'brows.png'));
      const over = await sharp(head, { raw: { width: m.eyes.width, height: m.eyes.height, channels: 4 } })
        .composite([{ input: path.join(dir, 'brows.png') }])
        .raw()
        .toBuffer();
      // Rows that differ, and how dark each row is (the brows are the darkest strokes above the eyes).
      const changed: number[] = [];
      const dark = (img: Buffer, y: number) => {
        let n = 0;
        for (let x = 0; x < m.eyes.width; x++) {
          const i = (y * m.eyes.width + x) * 4;
          if (img[i + 3] > 200 && img[i] + img[i + 1] + img[i + 2] < 300) n++;
        }
        return n;
      };
      for (let y = 0; y < m.eyes.height; y++) {
        let diff = 0;
        for (let x = 0; x < m.eyes.width; x++) {
          const i = (y * m.eyes.width + x) * 4;
          diff = Math.max(diff, Math.abs(over[i] - head[i]) + Math.abs(over[i + 1] - head[i + 1]));
        }
        if (diff > 24) changed.push(y);
      }
      expect(brows.info.width).toBe(m.eyes.width);
      // Only rows above the eyes change (the eyes start 42 px into the box, at y 318 of the body).
      expect(changed.length).toBeGreaterThan(6);
      expect(Math.max(...changed)).toBeLessThan(318 - m.eyes.y + 2);
      // The brows' dark rows move up: their centre is higher in the lifted picture (by 4 to 8 px of
      // the 8 px lift: a dark fringe in the box, as linlaoshi's, holds the centre back).
      const centre = (img: Buffer) => {
        let sum = 0;
        let n = 0;
        for (let y = 0; y < 318 - m.eyes.y; y++) {
          sum += y * dark(img, y);
          n += dark(img, y);
        }
        return sum / n;
      };
      expect(centre(head) - centre(over)).toBeGreaterThan(3);
    },
  );
});
