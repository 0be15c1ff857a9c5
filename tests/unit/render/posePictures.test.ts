import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

/*
 * The built-in presenters' gesture pictures (scripts/art): during a gesture the render and the
 * stage swap the whole torso picture for a pose picture, with the same head drawn over it. So a
 * pose picture must be torso.png with other arms and nothing else: the same size, untouched where
 * the head sits, and its arm out on the side the gesture says.
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

const rgba = async (file: string) => {
  const { data, info } = await sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
};

/** How a pose picture differs from its torso picture, in body pixels (`k`: the set's scale). */
async function compare(torsoFile: string, poseFile: string, k: number) {
  const torso = await rgba(torsoFile);
  const pose = await rgba(poseFile);
  expect([pose.width, pose.height]).toEqual([torso.width, torso.height]);
  let changed = 0;
  let topChanged = Infinity;
  let newLeft = 0; // newly opaque beside the body (where torso.png is transparent), x < 110
  let newRight = 0; // the same, x > 690
  let edge = 0; // opaque in the outer 10 px of either side
  for (let i = 0; i < pose.data.length; i += 4) {
    const x = (i / 4) % pose.width;
    const y = Math.floor(i / 4 / pose.width);
    const same =
      pose.data[i] === torso.data[i] &&
      pose.data[i + 1] === torso.data[i + 1] &&
      pose.data[i + 2] === torso.data[i + 2] &&
      pose.data[i + 3] === torso.data[i + 3];
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
  it.each(IDS)('%s: the manifest names every pose picture, each the size of its torso', async (id) => {
    const dir = path.join(ROOT, id);
    const m = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
    expect(m.poses).toEqual({
      palm: { torso: 'torso-palm.png', fullTorso: 'full-torso-palm.png' },
      pointLeft: { torso: 'torso-point-left.png', fullTorso: 'full-torso-point-left.png' },
      pointRight: { torso: 'torso-point-right.png', fullTorso: 'full-torso-point-right.png' },
    });
    expect(m.hd.poses).toEqual({
      palm: { torso: 'hd/torso-palm.png' },
      pointLeft: { torso: 'hd/torso-point-left.png' },
      pointRight: { torso: 'hd/torso-point-right.png' },
    });
    for (const pose of Object.keys(POSES) as Pose[]) {
      const size = async (file: string) => {
        const meta = await sharp(path.join(dir, file)).metadata();
        return [meta.width, meta.height];
      };
      expect(await size(m.poses[pose].torso)).toEqual([m.width, m.height]);
      expect(await size(m.poses[pose].fullTorso)).toEqual([m.full.width, m.full.height]);
      expect(await size(m.hd.poses[pose].torso)).toEqual([m.hd.width, m.hd.height]);
      // The HD set has no whole figure, so neither has it whole-figure poses.
      expect(existsSync(path.join(dir, 'hd', `full-torso-${POSES[pose]}.png`))).toBe(false);
    }
  });

  it.each(IDS)(
    '%s: a pose changes the arms alone, below the head, out on the gesture’s side',
    async (id) => {
      const dir = path.join(ROOT, id);
      const sets = [
        { torso: 'torso.png', prefix: 'torso-', k: 1 },
        { torso: 'full-torso.png', prefix: 'full-torso-', k: 1 },
        { torso: 'hd/torso.png', prefix: 'hd/torso-', k: 2 },
      ];
      for (const set of sets) {
        for (const [pose, file] of Object.entries(POSES) as [Pose, string][]) {
          const d = await compare(
            path.join(dir, set.torso),
            path.join(dir, `${set.prefix}${file}.png`),
            set.k,
          );
          const what = `${set.prefix}${file}`;
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
    // picture would move them; the pose pictures keep them and mirror the arm drawing only.
    const dir = path.join(ROOT, id);
    const left = await rgba(path.join(dir, 'torso-point-left.png'));
    const right = await rgba(path.join(dir, 'torso-point-right.png'));
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
