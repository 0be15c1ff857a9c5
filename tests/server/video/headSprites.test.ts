import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { drawHeadSprites, ensureHeadSprites } from '../../../src/server/adapters/headSprites';
import { pam } from '../../../src/server/adapters/media/spriteFrames';
import { ffmpegPath } from '../../../src/server/adapters/media/ffmpeg';
import { headLook } from '../../../src/server/video/headTrack';
import type { RigFiles } from '../../../src/server/video/planTypes';

/*
 * The pre-turned head sprites (issue 15) against what ffmpeg drew before: the same head, mouth and
 * eyes composed and turned by ffmpeg's `rotate` in RGBA. The drawn picture is read back by ffmpeg
 * as PAM for that; the stored sprite is checked to be the page graph's conversion of it to the bit.
 */

const DIR = path.resolve('assets/library/characters/xiaoya');
const manifest = JSON.parse(readFileSync(path.join(DIR, 'manifest.json'), 'utf8'));
const rig: RigFiles = {
  width: manifest.width,
  height: manifest.height,
  body: path.join(DIR, 'torso.png'),
  blink: path.join(DIR, 'blink.png'),
  mouths: Object.fromEntries(
    (manifest.mouthShapes as string[]).map((s) => [s, path.join(DIR, `mouth-${s}.png`)]),
  ),
  mouth: manifest.mouth,
  eyes: manifest.eyes,
  head: { file: path.join(DIR, 'head.png'), box: manifest.head, pivot: manifest.pivot },
};
// A 1080p-like presenter box: the head at about 0.56 of its natural size.
const BOX = { x: 100, y: 40, width: 448, height: 784 };
const work = mkdtempSync(path.join(tmpdir(), 'heads-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const rgba = (args: string[]) =>
  spawnSync(ffmpegPath(), ['-v', 'error', ...args, '-f', 'rawvideo', '-pix_fmt', 'rgba', 'pipe:1'], {
    maxBuffer: 64 * 1024 * 1024,
  }).stdout;

describe('pre-turned head sprites', () => {
  const { look, name } = headLook(rig, BOX);

  it('draw the head, mouth and eyes where ffmpeg turned them, and are made once', async () => {
    const angle = (2.25 * Math.PI) / 180;
    const wanted = new Map([[`${name}-a.nut`, { angle, shape: 'D', eyes: 'closed' as const }]]);
    expect(await ensureHeadSprites(look, wanted, work)).toBe(1);
    expect(await ensureHeadSprites(look, wanted, work)).toBe(0);
    // The picture drawn, as RGBA (the stored sprite is its yuva420p conversion, checked below).
    const [drawn] = await drawHeadSprites(look, wanted);
    writeFileSync(path.join(work, `${name}-a.pam`), pam(drawn.picture));
    const ours = rgba(['-i', path.join(work, `${name}-a.pam`)]);
    const { width: w, height: h, mouth, eyes } = look;
    const theirs = rgba([
      ...['-i', look.head, '-i', look.mouths.D, '-i', look.blink],
      '-filter_complex',
      `[0:v]scale=${w}:${h},format=rgba[h];[1:v]scale=${mouth.width}:${mouth.height}[m];` +
        `[2:v]scale=${eyes.width}:${eyes.height}[e];[h][m]overlay=${mouth.x}:${mouth.y}[hm];` +
        `[hm][e]overlay=${eyes.x}:${eyes.y}:format=rgb,format=rgba,rotate=a=${angle}:c=black@0:ow=iw:oh=ih`,
    ]);
    expect(ours.length).toBe(w * h * 4);
    expect(theirs.length).toBe(ours.length);
    let alpha = 0;
    let colour = 0;
    let weight = 0;
    for (let i = 0; i < ours.length; i += 4) {
      alpha += Math.abs(ours[i + 3] - theirs[i + 3]);
      // Colour where both are opaque enough to show it (ffmpeg's edges are darkened by its fill).
      const a = Math.min(ours[i + 3], theirs[i + 3]) / 255;
      for (let k = 0; k < 3; k++) colour += a * Math.abs(ours[i + k] - theirs[i + k]);
      weight += a * 3;
    }
    // Measured: alpha 0.35, colour 2.6 of 255 (sharp and ffmpeg scale the art differently); the
    // same sprite unturned is 10.7 off in alpha.
    expect(alpha / (w * h)).toBeLessThan(1);
    expect(colour / weight).toBeLessThan(4);
    // The compare tells a wrong turn apart: the same sprite against an unturned one is far off.
    const flat = rgba([
      ...['-i', look.head, '-i', look.mouths.D, '-i', look.blink],
      '-filter_complex',
      `[0:v]scale=${w}:${h},format=rgba[h];[1:v]scale=${mouth.width}:${mouth.height}[m];` +
        `[2:v]scale=${eyes.width}:${eyes.height}[e];[h][m]overlay=${mouth.x}:${mouth.y}[hm];` +
        `[hm][e]overlay=${eyes.x}:${eyes.y}:format=rgb,format=rgba`,
    ]);
    let off = 0;
    for (let i = 3; i < ours.length; i += 4) off += Math.abs(ours[i] - flat[i]);
    expect(off / (w * h)).toBeGreaterThan((alpha / (w * h)) * 10);
  });

  it('are stored as the frames the page graph made of their RGBA picture, several per ffmpeg', async () => {
    const poses = [
      { angle: 0, shape: 'A', eyes: 'open' as const },
      { angle: (-1.5 * Math.PI) / 180, shape: 'E', eyes: 'closed' as const },
      { angle: (0.75 * Math.PI) / 180, shape: 'X', eyes: 'open' as const },
    ];
    const named = (ext: string) => new Map(poses.map((p, i) => [`${name}-f${i}.${ext}`, p]));
    for (const { name: file, picture } of await drawHeadSprites(look, named('pam')))
      writeFileSync(path.join(work, file), pam(picture));
    expect(await ensureHeadSprites(look, named('nut'), work)).toBe(3);
    const yuva = (args: string[]) =>
      spawnSync(ffmpegPath(), ['-v', 'error', ...args, '-f', 'rawvideo', 'pipe:1'], {
        maxBuffer: 64 * 1024 * 1024,
      }).stdout;
    const { width: w, height: h } = look;
    for (const i of [0, 1, 2]) {
      // What the page graph did with a PAM entry: `format=yuva420p` inside a filter_complex.
      const graph = ['-filter_complex', '[0:v]format=yuva420p[o]', '-map', '[o]'];
      const fromPam = yuva(['-i', path.join(work, `${name}-f${i}.pam`), ...graph]);
      const fromNut = yuva(['-i', path.join(work, `${name}-f${i}.nut`), '-pix_fmt', 'yuva420p']);
      expect(fromPam.length).toBe(w * h * 2 + 2 * Math.ceil(w / 2) * Math.ceil(h / 2));
      expect(fromNut.equals(fromPam)).toBe(true);
    }
    // Different poses stay different sprites (the frames were not shuffled between files).
    const first = yuva(['-i', path.join(work, `${name}-f0.nut`)]);
    expect(first.equals(yuva(['-i', path.join(work, `${name}-f1.nut`)]))).toBe(false);
  });

  it('are named by look: another size or another sprite file makes other sprites', () => {
    expect(headLook(rig, { ...BOX, width: 400, height: 700 }).name).not.toBe(name);
    const other = { ...rig, mouths: { ...rig.mouths, D: path.join(DIR, 'mouth-E.png') } };
    expect(headLook(other, BOX).name).not.toBe(name);
    expect(headLook(rig, BOX).name).toBe(name);
    expect(readdirSync(work).filter((f) => f.startsWith('.tmp-'))).toEqual([]);
  });
});
