import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headLayout, headCorner, poseAt, type MotionTimeline } from '../../../src/model/motion';
import { eyesClosedAt, shapeAt, type MouthCue } from '../../../src/model/speech';
import { headPlacement } from '../../../src/render/presenterMotion';
import { writeSilence } from '../helpers/video';
import { BOX, CROP, headRig, renderPresenterPage, rig } from '../../../measure/presenterVideo';

/*
 * The presenter's motion in a real render: a built-in layered rig (xiaoya) drawn at its natural
 * size, two sentences of mouth cues, 6 s (rendered and decoded by measure/presenterVideo.ts). The
 * head region is read back from the video frame by frame and held against the motion timeline and
 * against the stage's head placement.
 */

// Two sentences (ends at 2000 and 4000 ms), on frame boundaries so every side reads the same shape.
const cues: MouthCue[] = [
  { startMs: 0, shape: 'X' },
  { startMs: 320, shape: 'D' },
  { startMs: 880, shape: 'C' },
  { startMs: 1400, shape: 'E' },
  { startMs: 2000, shape: 'X' },
  { startMs: 2600, shape: 'B' },
  { startMs: 3200, shape: 'D' },
  { startMs: 4000, shape: 'X' },
];
const DURATION = 6000;
const FRAMES = DURATION / 40;

describe('the presenter moves in the render as on the stage', () => {
  let work: string;
  let motion: MotionTimeline;
  let frames: Uint8Array[];
  let still: Buffer;

  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'motion-'));
    const audio = path.join(work, 'silence.wav');
    await writeSilence(audio, 6);
    const video = await renderPresenterPage(work, { audio, durationMs: DURATION, cues, index: 2 });
    motion = video.motion;
    frames = video.frames.map((f) => f.data);
    still = await sharp(video.still)
      .extract({ left: CROP.x, top: CROP.y, width: CROP.width, height: CROP.height })
      .removeAlpha()
      .raw()
      .toBuffer();
  }, 120_000);

  afterAll(() => work && rmSync(work, { recursive: true, force: true }));

  const layout = () => headLayout(headRig, BOX);
  const difference = (a: Uint8Array, b: Uint8Array) => {
    let sum = 0;
    for (let i = 0; i < a.length; i++) sum += Math.abs(a[i] - b[i]);
    return sum / a.length;
  };
  // The stage's drawing of frame n (crop pixels): the torso still and the head group (head, mouth,
  // eyes) turned about its centre and placed by headPlacement, as PresenterView does. `turn` and
  // `shiftY` draw it wrong on purpose, to show the compare can tell.
  const stageFrame = async (
    n: number,
    opts: { of?: MotionTimeline; turn?: number; shiftY?: number } = {},
  ) => {
    const ms = n * 40;
    const pose = poseAt(opts.of ?? motion, ms);
    const at = headPlacement(headRig, BOX, 1, pose);
    const layers = [{ input: rig.mouths[shapeAt(cues, ms)], left: at.mouth.x, top: at.mouth.y }];
    if (pose.eyesClosed) layers.push({ input: rig.blink, left: at.eyes.x, top: at.eyes.y });
    const group = await sharp(rig.head!.file).composite(layers).png().toBuffer();
    const turned = await sharp(group)
      .rotate(((opts.turn ?? 1) * at.angle * 180) / Math.PI, { background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .toBuffer({ resolveWithObject: true });
    return sharp(still, { raw: { width: CROP.width, height: CROP.height, channels: 3 } })
      .composite([
        {
          input: turned.data,
          left: Math.round(at.centre.x - turned.info.width / 2) - CROP.x,
          top: Math.round(at.centre.y - turned.info.height / 2) - CROP.y + (opts.shiftY ?? 0),
        },
      ])
      .removeAlpha()
      .raw()
      .toBuffer();
  };
  // The stage drawing's difference from video frame n, allowing the one even step (2 px) up or
  // down that a few frames show (see the per-frame test).
  const closest = async (n: number, opts: { turn?: number; video?: number } = {}) =>
    Math.min(
      ...(await Promise.all(
        [-2, 0, 2].map(async (shiftY) =>
          difference(await stageFrame(n, { ...opts, shiftY }), frames[opts.video ?? n]),
        ),
      )),
    );
  // The vertical shift of a stage drawing that best matches video frame n.
  const bestShift = async (n: number, shifts: number[], of?: MotionTimeline) => {
    const d = await Promise.all(
      shifts.map(async (shiftY) => difference(await stageFrame(n, { of, shiftY }), frames[n])),
    );
    return shifts[d.indexOf(Math.min(...d))];
  };

  it('renders every frame of the page', () => {
    expect(frames.length).toBe(FRAMES);
  });

  it('moves the head while speaking and at rest: never the same for a second', () => {
    for (const from of [8, 30, 60, 110, 120]) {
      expect(difference(frames[from], frames[from + 25])).toBeGreaterThan(0.3);
    }
  });

  it('puts the head on every frame where the stage places it, nodding within a frame of each sentence end', async () => {
    let placed = 0;
    for (let n = 0; n < FRAMES; n++) if ((await bestShift(n, [-2, 0, 2])) === 0) placed++;
    // Every frame but a few (measured: 142 to 144 of 150): those show the head one even step (2 px)
    // above or below where the same expression evaluates (ffmpeg's own overlay gives the model's
    // numbers in a bare graph); why is not known yet.
    expect(placed).toBeGreaterThanOrEqual(FRAMES * 0.93);
    // The nod as the video shows it: how far below the head without nods it is drawn.
    const restMotion = { ...motion, nods: [] };
    for (const end of [2000, 4000]) {
      const around = Array.from({ length: 17 }, (_, k) => end / 40 - 8 + k);
      const dips: number[] = [];
      for (const n of around) dips.push(await bestShift(n, [-2, 0, 2, 4, 6, 8, 10, 12], restMotion));
      const deepest = Math.max(...dips);
      expect(deepest).toBeGreaterThanOrEqual(8);
      // The deepest drawing lasts a few frames (2 px steps): its middle is the nod's bottom.
      const bottom = around.filter((_, k) => dips[k] === deepest);
      const middle = (bottom[0] + bottom[bottom.length - 1]) / 2;
      expect(Math.abs(middle - end / 40)).toBeLessThanOrEqual(1);
      expect(dips[0]).toBeLessThanOrEqual(0);
      expect(dips.at(-1)).toBeLessThanOrEqual(0);
    }
  }, 60_000);

  it('closes the eyes on exactly the frames the stage does', () => {
    // Brightness of the eyes where the placed head carries them: the bottom 50 px of the eyes box
    // (the box reaches up over the brows, which a blink does not change).
    const eyesLight = (n: number) => {
      const l = layout();
      const c = headCorner(l, poseAt(motion, n * 40));
      const x0 = c.x + l.eyes.x - CROP.x;
      const y0 = c.y + l.eyes.y + l.eyes.height - 50 - CROP.y;
      let sum = 0;
      for (let y = y0 + 8; y < y0 + 50 - 8; y++)
        for (let x = x0 + 10; x < x0 + l.eyes.width - 10; x++) {
          const i = (y * CROP.width + x) * 3;
          sum += frames[n][i] + frames[n][i + 1] + frames[n][i + 2];
        }
      return sum;
    };
    const light = Array.from({ length: FRAMES }, (_, n) => eyesLight(n));
    const sorted = [...light].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)];
    const closedInVideo = light.flatMap((v, n) => (v > median * 1.04 ? [n] : []));
    const closedOnStage = Array.from({ length: FRAMES }, (_, n) => n).filter((n) =>
      eyesClosedAt(motion.blinks, n * 40 + 20),
    );
    expect(closedOnStage.length).toBeGreaterThan(0);
    expect(closedInVideo).toEqual(closedOnStage);
  });

  it('shows the pose the stage places at the same time (pixel compare of the presenter head)', async () => {
    // Turning agrees too: where the head leans by more than a degree, the same placement unturned
    // or turned the other way is further off (from frame 10: the sway eases in over 400 ms).
    for (const n of [10, 25, 100]) {
      expect(Math.abs(poseAt(motion, n * 40).tilt)).toBeGreaterThan(1);
      const turned = await closest(n);
      expect(await closest(n, { turn: 0 })).toBeGreaterThan(turned * 1.3);
      expect(await closest(n, { turn: -1 })).toBeGreaterThan(turned * 2);
    }
    for (const n of [5, 30, 50, 77, 100, 140]) {
      const same = await closest(n);
      expect(same).toBeLessThan(2.5);
      // The compare tells poses apart: the head drawn frozen at rest is further off where it moved.
      const pose = poseAt(motion, n * 40);
      if (Math.hypot(pose.x, pose.y) < 2 && Math.abs(pose.tilt) < 1) continue;
      const frozen = { ...motion, headX: [], headY: [], tilt: [], nods: [] };
      expect(difference(await stageFrame(n, { of: frozen }), frames[n])).toBeGreaterThan(same * 1.3);
    }
  });
});
