import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GESTURE_MS, type TorsoPose } from '../../../src/model/motion';
import type { TimedWord } from '../../../src/model/speech';
import { ffmpegPath, runFfmpeg } from '../../../src/server/adapters/media/ffmpeg';
import type { PagePlan, RigFiles } from '../../../src/server/video/planTypes';
import { renderPage } from '../../../src/server/video/renderPage';
import { composeStill } from '../../../src/server/video/stillComposer';
import { rig as xiaoya } from '../../../measure/presenterVideo';
import { boxDifference } from '../helpers/video';

/*
 * The presenter's hand gestures in a real page render (renderPage): the narration says 请看 (she
 * points towards the slide, on the right of a presenter standing left) and 非常 (open palms). The
 * frames of the arms region are held against the page still composed with each torso picture: the
 * gesture's picture on exactly the gesture's frames, the rest torso before and after.
 */

const DIR = path.resolve('assets/library/characters/xiaoya');
const manifest = JSON.parse(readFileSync(path.join(DIR, 'manifest.json'), 'utf8'));
const rig: RigFiles = {
  ...xiaoya,
  poses: {
    palm: path.join(DIR, manifest.poses.palm.torso),
    pointLeft: path.join(DIR, manifest.poses.pointLeft.torso),
    pointRight: path.join(DIR, manifest.poses.pointRight.torso),
  },
};
const FRAME = { width: 640, height: 360 };
const BOX = { x: 20, y: 20, width: 192, height: 336 };
/** The arms: the presenter's box below her shoulders (the head moves above them). */
const ARMS = {
  x: 20,
  y: 20 + Math.round((640 / 1400) * 336),
  width: 192,
  height: 336 - Math.round((640 / 1400) * 336),
};
const DURATION = 6000;

/** One word per character, 200 ms each from `fromMs`. */
const spoken = (text: string, fromMs: number): TimedWord[] =>
  [...text].map((ch, i) => ({ text: ch, startMs: fromMs + i * 200, endMs: fromMs + i * 200 + 180 }));
// 请看 at 600 ms: pointing from 400 ms (the hand leads by 200 ms); 非常 at 3600 ms: palms from 3400.
const words = [...spoken('大家好请看这里', 0), ...spoken('这一点非常重要', 3000)];
const POINT_MS = 400;
const PALM_MS = 3400;

describe('hand gestures in the render', () => {
  let work: string;
  let frames: Buffer[];
  const stills = new Map<TorsoPose, Buffer>();

  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'gestures-'));
    const audio = path.join(work, 'silence.wav');
    await runFfmpeg(['-y', '-f', 'lavfi', '-i', 'anullsrc=r=48000:cl=mono', '-t', '6', audio]);
    const background = path.join(work, 'bg.png');
    await sharp({ create: { ...FRAME, channels: 3, background: { r: 214, g: 222, b: 232 } } })
      .png()
      .toFile(background);
    const plan: PagePlan = {
      index: 1,
      frame: FRAME,
      fps: 25,
      durationMs: DURATION,
      background,
      slide: null,
      character: { rig, box: BOX },
      audio: [{ file: audio, durationMs: DURATION, mouth: [{ startMs: 0, shape: 'X' }], words }],
    };
    const output = path.join(work, 'page.mp4');
    // As a render job's folder: the head sprites are cached two levels up.
    const job = path.join(work, 'renders', 'job');
    mkdirSync(job, { recursive: true });
    await renderPage(plan, null, job, output, 'ultrafast', new AbortController().signal, () => {});
    const raw = spawnSync(
      ffmpegPath(),
      ['-v', 'error', '-i', output, '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'],
      {
        maxBuffer: 1024 ** 3,
      },
    ).stdout;
    const size = FRAME.width * FRAME.height * 3;
    frames = Array.from({ length: raw.length / size }, (_, k) => raw.subarray(k * size, (k + 1) * size));
    for (const pose of ['rest', 'palm', 'pointLeft', 'pointRight'] as const) {
      const file = path.join(work, `expected-${pose}.png`);
      const body = pose === 'rest' ? rig.body : rig.poses![pose];
      await composeStill({ ...plan, character: { rig: { ...rig, body }, box: BOX } }, file);
      stills.set(pose, await sharp(file).removeAlpha().raw().toBuffer());
    }
  }, 120_000);

  afterAll(() => work && rmSync(work, { recursive: true, force: true }));

  /** The torso picture frame n shows: the still whose arms it matches best, and by how much. */
  const shown = (n: number) => {
    const scored = [...stills].map(([pose, still]) => ({
      pose,
      difference: boxDifference(frames[n], still, FRAME.width, ARMS),
    }));
    scored.sort((a, b) => a.difference - b.difference);
    return scored[0];
  };

  it('renders the whole page', () => {
    expect(frames.length).toBe(DURATION / 40);
  });

  it('points towards the slide side on exactly the gesture frames', () => {
    const first = POINT_MS / 40;
    const last = (POINT_MS + GESTURE_MS) / 40 - 1;
    expect(shown(first - 1).pose).toBe('rest');
    for (const n of [first, first + 10, last]) {
      expect(shown(n).pose).toBe('pointRight');
      expect(shown(n).difference).toBeLessThan(3);
    }
    expect(shown(last + 1).pose).toBe('rest');
  });

  it('offers open palms on the stressing word, at rest otherwise', () => {
    const first = PALM_MS / 40;
    expect(shown(first - 1).pose).toBe('rest');
    expect(shown(first).pose).toBe('palm');
    expect(shown(first + 39).pose).toBe('palm');
    expect(shown(first + 40).pose).toBe('rest');
    // The pictures differ enough in the arms that the frames tell them apart.
    const rest = stills.get('rest')!;
    for (const pose of ['palm', 'pointRight'] as const)
      expect(boxDifference(stills.get(pose)!, rest, FRAME.width, ARMS)).toBeGreaterThan(4);
    expect(shown(0).difference).toBeLessThan(3);
    expect(shown(frames.length - 1).pose).toBe('rest');
  });
});
