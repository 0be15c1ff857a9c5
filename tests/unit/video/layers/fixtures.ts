import type { PagePlan, RigFiles } from '../../../../src/server/video/planTypes';

/** A rig of 800x1400 with its mouth and eyes anchors; drawn at 400x700 it is half size. */
export const rig: RigFiles = {
  width: 800,
  height: 1400,
  body: '/r/body.png',
  blink: '/r/blink.png',
  mouths: { X: '/m/X.png' },
  mouth: { x: 340, y: 392, width: 120, height: 80 },
  eyes: { x: 316, y: 318, width: 168, height: 50 },
};

/** The presenter's box: mouth 60x40 at 260,496 and eyes 84x26 at 248,459. */
export const box = { x: 90, y: 300, width: 400, height: 700 };

/** A 3 s page at 25 fps with the presenter in `box`, nothing else. */
export const plan: PagePlan = {
  index: 1,
  frame: { width: 1920, height: 1080 },
  fps: 25,
  durationMs: 3000,
  background: null,
  slide: null,
  character: { rig, box },
  audio: [],
};

/** The page video, its box off whole pixels, its sound on. */
export const video = {
  file: '/v.mp4',
  durationMs: 2000,
  aspect: 16 / 9,
  hasAudio: true,
  box: { x: 1000.4, y: 240.6, width: 800, height: 450 },
  sound: true,
};

/** The looped background still of input `i`, as every page opens. */
export const loop = (i: number) => `[${i}:v]format=yuv420p,loop=loop=-1:size=1:start=0,settb=1/25,setpts=N`;
