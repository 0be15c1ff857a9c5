import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

/*
 * The built-in presenters' limb parts (scripts/art): the render and the stage draw the bare torso,
 * the arms over it and the hands over those (at rest, or a gesture's), with the head over all. So
 * bare + rest arms + rest hands must give torso.png, and bare + a gesture's arms and hands must be
 * torso.png with other arms and nothing else: the same size, untouched where the head sits, the arm
 * out on the gesture's side.
 */

const ROOT = path.resolve('assets/library/characters');
const IDS = (
  JSON.parse(readFileSync(path.resolve('assets/library/library.json'), 'utf8')) as {
    characters: { id: string }[];
  }
).characters.map((c) => c.id);

const POSES = {
  palm: 'palm',
  pointLeft: 'point-left',
  pointRight: 'point-right',
} as const;
type Pose = keyof typeof POSES;

const rgba = async (file: string | Buffer) => {
  const { data, info } = await sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
};

/** The bare torso with the arms and then the hands over it, as the stage and the render layer them. */
const layered = async (bareFile: string, armsFile: string) => {
  const handsFile = armsFile.replace(/arms(?=[^/]*$)/, 'hands');
  return rgba(
    await sharp(bareFile)
      .composite([{ input: armsFile }, { input: handsFile }])
      .png()
      .toBuffer(),
  );
};

/** The arms part's file name of one set (`prefix`: '', 'full-' or 'hd/'); the hands': the same with hands. */
const partFile = (prefix: string, pose: Pose | 'rest') =>
  `${prefix}${pose === 'rest' ? 'arms' : `arms-${POSES[pose]}`}.png`;

/** How the torso in a pose differs from its torso picture, in body pixels (`k`: the set's scale). */
async function compare(torsoFile: string, bareFile: string, armsFile: string, k: number) {
  const torso = await rgba(torsoFile);
  const pose = await layered(bareFile, armsFile);
  expect([pose.width, pose.height]).toEqual([torso.width, torso.height]);
  let changed = 0;
  let topChanged = Infinity;
  let newLeft = 0; // newly opaque beside the body (where torso.png is transparent), x < 110
  let newRight = 0; // the same, x > 690
  let edge = 0; // opaque in the outer 10 px of either side
  for (let i = 0; i < pose.data.length; i += 4) {
    const x = (i / 4) % pose.width;
    const y = Math.floor(i / 4 / pose.width);
    // Flattening two layers rounds semi-transparent pixels (hair, soft edges) by a few levels.
    const same = [0, 1, 2, 3].every((c) => Math.abs(pose.data[i + c] - torso.data[i + c]) <= 8);
    if (pose.data[i + 3] > 0 && (x < 10 * k || x >= pose.width - 10 * k)) edge++;
    if (same) continue;
    changed++;
    topChanged = Math.min(topChanged, y / k);
    if (torso.data[i + 3] < 16 && pose.data[i + 3] > 200) {
      if (x < 110 * k) newLeft++;
      if (x > 690 * k) newRight++;
    }
  }
  return { changed: changed / (k * k), topChanged, newLeft, newRight, edge };
}

describe('built-in gesture pictures', () => {
  it.each(IDS)('%s: the manifest names every arms part, each the size of its torso', async (id) => {
    const dir = path.join(ROOT, id);
    const m = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
    expect(m.arms).toEqual({
      bare: { torso: 'torso-bare.png', fullTorso: 'full-torso-bare.png' },
      rest: { torso: 'arms.png', fullTorso: 'full-arms.png' },
      palm: { torso: 'arms-palm.png', fullTorso: 'full-arms-palm.png' },
      pointLeft: { torso: 'arms-point-left.png', fullTorso: 'full-arms-point-left.png' },
      pointRight: { torso: 'arms-point-right.png', fullTorso: 'full-arms-point-right.png' },
    });
    expect(m.hands).toEqual({
      rest: { torso: 'hands.png', fullTorso: 'full-hands.png' },
      palm: { torso: 'hands-palm.png', fullTorso: 'full-hands-palm.png' },
      pointLeft: { torso: 'hands-point-left.png', fullTorso: 'full-hands-point-left.png' },
      pointRight: { torso: 'hands-point-right.png', fullTorso: 'full-hands-point-right.png' },
    });
    expect(m.hd.hands.palm).toEqual({ torso: 'hd/hands-palm.png' });
    expect(m.hd.arms).toEqual({
      bare: { torso: 'hd/torso-bare.png' },
      rest: { torso: 'hd/arms.png' },
      palm: { torso: 'hd/arms-palm.png' },
      pointLeft: { torso: 'hd/arms-point-left.png' },
      pointRight: { torso: 'hd/arms-point-right.png' },
    });
    const size = async (file: string) => {
      const meta = await sharp(path.join(dir, file)).metadata();
      return [meta.width, meta.height];
    };
    for (const set of ['arms', 'hands'])
      for (const part of Object.keys(m[set])) {
        expect(await size(m[set][part].torso)).toEqual([m.width, m.height]);
        expect(await size(m[set][part].fullTorso)).toEqual([m.full.width, m.full.height]);
        expect(await size(m.hd[set][part].torso)).toEqual([m.hd.width, m.hd.height]);
      }
    // The HD set has no whole figure, so neither has it the whole figure's parts.
    expect(existsSync(path.join(dir, 'hd', 'full-arms.png'))).toBe(false);
    // The whole torso pictures of each pose are gone: the arms are a part of their own.
    expect(existsSync(path.join(dir, 'torso-palm.png'))).toBe(false);
  });

  it.each(IDS)('%s: the bare torso with the rest arms and hands over it is torso.png', async (id) => {
    const dir = path.join(ROOT, id);
    for (const prefix of ['', 'full-', 'hd/']) {
      const torso = await rgba(path.join(dir, `${prefix}torso.png`));
      const parts = await layered(
        path.join(dir, `${prefix}torso-bare.png`),
        path.join(dir, partFile(prefix, 'rest')),
      );
      let off = 0;
      let max = 0;
      for (let i = 0; i < torso.data.length; i++) {
        const d = Math.abs(torso.data[i] - parts.data[i]);
        max = Math.max(max, d);
        if (d > 2) off++;
      }
      // Drawn as one picture or as two layers flattened: 8-bit rounding at the arms' soft edges.
      expect(max, prefix).toBeLessThanOrEqual(8);
      expect(off, prefix).toBeLessThan(torso.data.length / 4 / 10_000);
    }
    // And the parts are really apart: the bare torso lacks the arms, the arms lack the hands.
    const bare = await rgba(path.join(dir, 'torso-bare.png'));
    const arms = await rgba(path.join(dir, 'arms.png'));
    const hands = await rgba(path.join(dir, 'hands-palm.png'));
    const palmArms = await rgba(path.join(dir, 'arms-palm.png'));
    let armPixels = 0;
    let handPixels = 0;
    for (let i = 3; i < arms.data.length; i += 4) {
      if (arms.data[i] > 200 && bare.data[i] < 16) armPixels++;
      if (hands.data[i] > 200 && palmArms.data[i] < 16) handPixels++;
    }
    expect(armPixels).toBeGreaterThan(10_000);
    expect(handPixels).toBeGreaterThan(1_000);
  });

  it.each(IDS)(
    '%s: a pose changes the arms alone, below the head, out on the gesture’s side',
    async (id) => {
      const dir = path.join(ROOT, id);
      const sets = [
        { prefix: '', k: 1 },
        { prefix: 'full-', k: 1 },
        { prefix: 'hd/', k: 2 },
      ];
      for (const set of sets) {
        for (const pose of Object.keys(POSES) as Pose[]) {
          const d = await compare(
            path.join(dir, `${set.prefix}torso.png`),
            path.join(dir, `${set.prefix}torso-bare.png`),
            path.join(dir, partFile(set.prefix, pose)),
            set.k,
          );
          const what = partFile(set.prefix, pose);
          // The head sprite covers everything above y 600; the arms start at the shoulder (640).
          expect(d.topChanged, what).toBeGreaterThanOrEqual(640 - 1 / set.k);
          expect(d.changed, what).toBeGreaterThan(40_000);
          expect(d.edge, what).toBe(0);
          if (pose !== 'pointRight') expect(d.newLeft, what).toBeGreaterThan(300 * set.k * set.k);
          if (pose !== 'pointLeft') expect(d.newRight, what).toBeGreaterThan(300 * set.k * set.k);
          if (pose === 'pointLeft') expect(d.newRight, what).toBeLessThan(d.newLeft / 10);
          if (pose === 'pointRight') expect(d.newLeft, what).toBeLessThan(d.newRight / 10);
        }
      }
    },
    30_000,
  );

  it.each(IDS)('%s: pointRight is pointLeft’s arms mirrored, not the picture mirrored', async (id) => {
    // The clothes are not symmetric (a tie, a breast pocket, the button side), so a mirrored
    // picture would move them; the poses keep them and mirror the arm drawing only.
    const dir = path.join(ROOT, id);
    const left = await layered(path.join(dir, 'torso-bare.png'), path.join(dir, 'arms-point-left.png'));
    const right = await layered(path.join(dir, 'torso-bare.png'), path.join(dir, 'arms-point-right.png'));
    let differ = 0;
    for (let y = 0; y < left.height; y++) {
      for (let x = 0; x < left.width; x++) {
        const i = (y * left.width + x) * 4;
        const j = (y * left.width + (left.width - 1 - x)) * 4;
        if (Math.abs(left.data[i + 3] - right.data[j + 3]) > 128) differ++;
      }
    }
    // The silhouettes mirror (within a couple of pixels of rounding at the edges).
    expect(differ).toBeLessThan(left.width * left.height * 0.01);
  });
});
