import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GESTURE_MS, type TorsoPose } from '../../../src/model/motion';
import type { TimedWord } from '../../../src/model/speech';
import { ffmpegPath } from '../../../src/server/adapters/media/ffmpeg';
import type { ArmFiles, PagePart, PagePlan, RigFiles } from '../../../src/server/video/planTypes';
import { transitionLeads } from '../../../src/server/video/transitions';
import { renderPage } from '../../../src/server/video/renderPage';
import { composeStill } from '../../../src/server/video/stillComposer';
import { rig as xiaoya } from '../../../measure/presenterVideo';
import { boxDifference, writeSilence } from '../helpers/video';

/*
 * The presenter's hand gestures in a real page render (renderPage): the narration says 请看 (she
 * points towards the slide, on the right of a presenter standing left) and 非常 (open palms). The
 * render reads the page still drawn once per arms pose as a still track, one per run; the frames
 * of the arms region are held against the page still composed with the whole torso of each pose
 * (bare torso, arms and hands flattened by sharp): the gesture's on exactly the gesture's frames,
 * the rest arms before and after.
 */

const DIR = path.resolve('assets/library/characters/xiaoya');
const manifest = JSON.parse(readFileSync(path.join(DIR, 'manifest.json'), 'utf8'));
/** The limb parts of one canvas: `torso` (mid-thigh) or `fullTorso` (the whole figure). */
const armsOf = (canvas: 'torso' | 'fullTorso'): ArmFiles => {
  const posed = (part: 'arms' | 'hands') => ({
    rest: path.join(DIR, manifest[part].rest[canvas]),
    palm: path.join(DIR, manifest[part].palm[canvas]),
    pointLeft: path.join(DIR, manifest[part].pointLeft[canvas]),
    pointRight: path.join(DIR, manifest[part].pointRight[canvas]),
  });
  return { bare: path.join(DIR, manifest.arms.bare[canvas]), pictures: posed('arms'), hands: posed('hands') };
};
const rig: RigFiles = { ...xiaoya, arms: armsOf('torso') };
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

/** Renders `plan` with renderPage in `work` and decodes every frame (RGB). */
async function renderFrames(work: string, plan: PagePlan): Promise<Buffer[]> {
  const output = path.join(work, 'page.mp4');
  // As a render job's folder: the head sprites are cached two levels up.
  const job = path.join(work, 'renders', 'job');
  mkdirSync(job, { recursive: true });
  await renderPage(plan, null, job, output, 'ultrafast', new AbortController().signal, () => {});
  const args = ['-v', 'error', '-i', output, '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'];
  const raw = spawnSync(ffmpegPath(), args, { maxBuffer: 1024 ** 3 }).stdout;
  const size = FRAME.width * FRAME.height * 3;
  return Array.from({ length: raw.length / size }, (_, k) => raw.subarray(k * size, (k + 1) * size));
}

/** A page of silence with the words above, over a plain background, presenter in `box`. */
async function gesturePage(work: string, rigFiles: RigFiles): Promise<PagePlan> {
  const audio = path.join(work, 'silence.wav');
  await writeSilence(audio, 6);
  const background = path.join(work, 'bg.png');
  await sharp({ create: { ...FRAME, channels: 3, background: { r: 214, g: 222, b: 232 } } })
    .png()
    .toFile(background);
  return {
    index: 1,
    frame: FRAME,
    fps: 25,
    durationMs: DURATION,
    background,
    slide: null,
    character: { rig: rigFiles, box: BOX },
    audio: [{ file: audio, durationMs: DURATION, mouth: [{ startMs: 0, shape: 'X' }], words }],
  };
}

/** The page still with the whole torso of each pose of `rigFiles` in `box`, raw RGB by pose. */
async function posedStills(work: string, plan: PagePlan, rigFiles: RigFiles, box: typeof BOX) {
  const stills = new Map<TorsoPose, Buffer>();
  for (const pose of ['rest', 'palm', 'pointLeft', 'pointRight'] as const) {
    const file = path.join(work, `expected-${pose}-${box.height}.png`);
    const body = path.join(work, `torso-${pose}-${box.height}.png`);
    const { bare, pictures, hands } = rigFiles.arms!;
    await sharp(bare)
      .composite([{ input: pictures[pose] }, { input: hands[pose] }])
      .png()
      .toFile(body);
    await composeStill({ ...plan, character: { rig: { ...rigFiles, body }, box } }, file);
    stills.set(pose, await sharp(file).removeAlpha().raw().toBuffer());
  }
  return stills;
}

/** The RGB pixels of an RGBA PAM file (what the render writes for ffmpeg, which sharp cannot read). */
function rgbOfPam(file: Buffer): Buffer {
  const data = file.subarray(file.indexOf('ENDHDR\n') + 7);
  return Buffer.from(data.filter((_, i) => i % 4 !== 3));
}

/** The torso picture a frame shows: the still whose arms (in `arms`) it matches best, and by how much. */
function shownIn(frame: Buffer, stills: Map<TorsoPose, Buffer>, arms: typeof ARMS) {
  const scored = [...stills].map(([pose, still]) => ({
    pose,
    difference: boxDifference(frame, still, FRAME.width, arms),
  }));
  return scored.sort((a, b) => a.difference - b.difference)[0];
}

describe('hand gestures in the render', () => {
  let work: string;
  let frames: Buffer[];
  let stills: Map<TorsoPose, Buffer>;

  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'gestures-'));
    const plan = await gesturePage(work, rig);
    frames = await renderFrames(work, plan);
    stills = await posedStills(work, plan, rig, BOX);
  }, 120_000);

  afterAll(() => work && rmSync(work, { recursive: true, force: true }));

  const shown = (n: number) => shownIn(frames[n], stills, ARMS);

  it('renders the whole page from a still track: the page still per arms pose, one per run', async () => {
    expect(frames.length).toBe(DURATION / 40);
    const job = path.join(work, 'renders', 'job');
    // The still drawn with the bare torso (no arms: it differs from the rest still there) ...
    const bare = await sharp(path.join(job, 'p1-still.png')).removeAlpha().raw().toBuffer();
    expect(boxDifference(bare, stills.get('rest')!, FRAME.width, ARMS)).toBeGreaterThan(4);
    // ... and with each pose drawn in, as the whole torso of that pose draws it.
    for (const pose of ['rest', 'pointRight', 'palm'] as const) {
      const posed = rgbOfPam(readFileSync(path.join(job, `p1-arms-still-${pose}.pam`)));
      expect(boxDifference(posed, stills.get(pose)!, FRAME.width, ARMS)).toBeLessThan(1);
    }
    const script = readFileSync(path.join(job, 'p1-arms-stills.ffconcat'), 'utf8');
    for (const pose of ['rest', 'pointRight', 'palm']) expect(script).toContain(`p1-arms-still-${pose}.pam`);
    expect(script).not.toContain('pointLeft');
    // No arms overlay: nothing is drawn per frame for them.
    expect(existsSync(path.join(job, 'p1-arms.ffconcat'))).toBe(false);
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

/** Parts with the crossfade leads the planner gives them (transitions.ts). */
const withLeads = (parts: PagePart[]) => {
  const leads = transitionLeads(parts, 25);
  return parts.map((p, k) => (leads[k] ? { ...p, leadMs: leads[k] } : p));
};

describe('hand gestures in a shot part', () => {
  // The page changes at 3 s from a normal part to a 人物全身 part (the whole figure in a taller
  // box), blending in over 360 ms before: each part's arms track shows the arms of the figure it
  // draws, on the page clock.
  const WHOLE = { x: 260, y: 4, width: 140, height: 352 };
  const wholeArms = {
    x: WHOLE.x,
    y: WHOLE.y + Math.round((640 / 2040) * WHOLE.height),
    width: WHOLE.width,
    height: Math.round(((1160 - 640) / 2040) * WHOLE.height),
  };
  let work: string;
  let frames: Buffer[];
  let wholeStills: Map<TorsoPose, Buffer>;
  let stills: Map<TorsoPose, Buffer>;
  let plan: PagePlan;

  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'gestures-parts-'));
    const whole = {
      body: path.join(DIR, manifest.full.files.torso),
      height: manifest.full.height,
      arms: armsOf('fullTorso'),
    };
    const rigFiles: RigFiles = { ...rig, whole };
    const page = await gesturePage(work, rigFiles);
    plan = {
      ...page,
      parts: withLeads([
        { isScale: 1, startMs: 0, durationMs: 3000, slide: null, character: BOX },
        { isScale: 3, startMs: 3000, durationMs: 3000, slide: null, character: WHOLE, whole: true },
      ]),
    };
    frames = await renderFrames(work, plan);
    stills = await posedStills(work, page, rig, BOX);
    const wholeRig = { ...rigFiles, body: whole.body, height: whole.height, arms: whole.arms };
    wholeStills = await posedStills(work, page, wholeRig, WHOLE);
  }, 120_000);

  afterAll(() => work && rmSync(work, { recursive: true, force: true }));

  it("points in the normal part and opens the whole figure's palms in the 人物全身 part", () => {
    expect(frames.length).toBe(DURATION / 40);
    expect(shownIn(frames[POINT_MS / 40 - 1], stills, ARMS).pose).toBe('rest');
    expect(shownIn(frames[POINT_MS / 40 + 5], stills, ARMS)).toMatchObject({ pose: 'pointRight' });
    expect(shownIn(frames[PALM_MS / 40 - 1], wholeStills, wholeArms).pose).toBe('rest');
    for (const n of [PALM_MS / 40, PALM_MS / 40 + 39]) {
      const seen = shownIn(frames[n], wholeStills, wholeArms);
      expect(seen.pose).toBe('palm');
      expect(seen.difference).toBeLessThan(3);
    }
    expect(shownIn(frames[PALM_MS / 40 + 40], wholeStills, wholeArms).pose).toBe('rest');
  });

  it('cuts to the next framing on its first frame when there is no blend', async () => {
    const plain: PagePlan = { ...plan, parts: plan.parts!.map((p) => ({ ...p, leadMs: undefined })) };
    const cut = await renderFrames(path.join(work, 'plain'), plain);
    // The whole figure's shoes, below where the normal framing's figure ends.
    const shoes = (f: Buffer) =>
      boxDifference(f, stills.get('rest')!, FRAME.width, { x: 300, y: 336, width: 60, height: 12 });
    expect(shoes(cut[74])).toBeLessThan(3);
    expect(shoes(cut[75])).toBeGreaterThan(10);
  });
});
