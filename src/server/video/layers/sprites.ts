import { headLayout, type MotionTimeline } from '../../../model/motion';
import { eyesBox, mouthBox } from '../renderPlan';
import type { Box, RigFiles } from '../planTypes';
import { motionExpressions } from './motionExpr';
import { overlayAt } from './picture';

/**
 * Input arguments of the mouth and blink tracks (ffconcat lists of sprite images), then the head
 * part of a layered rig (one still image).
 */
export function spriteInputs(mouthTrack: string, blinkTrack: string, rig?: RigFiles): string[] {
  const track = (file: string) => ['-f', 'concat', '-safe', '0', '-i', file];
  return [...track(mouthTrack), ...track(blinkTrack), ...(rig?.head ? ['-i', rig.head.file] : [])];
}

/** Inputs `spriteInputs` opens for this rig. */
export const spriteInputCount = (rig: RigFiles) => (rig.head ? 3 : 2);

/** The motion of a page on a stream whose clock starts `offsetMs` into the page (a shot part). */
export interface SpriteMotion {
  timeline: MotionTimeline;
  offsetMs: number;
}

/**
 * The presenter's moving sprites for a presenter drawn in `box`: the mouth and blink tracks
 * (inputs `input.mouth` and `input.blink`) scaled to the rig's anchors as `[m<suffix>]` and
 * `[e<suffix>]`, the mouth drawn over `below` into `out`, and the eyes over that as the open head
 * (what follows decides the pixel format, subtitles or the presenter's own motion). A layered rig
 * with a motion draws them on its head instead (headSprites).
 */
export function presenterSprites(
  rig: RigFiles,
  box: Box,
  fps: number,
  input: { mouth: number; blink: number },
  labels: { below: string; out: string; suffix: string },
  motion?: SpriteMotion,
): { sources: string[]; mouth: string; head: string } {
  if (rig.head && motion) return headSprites(rig, rig.head, box, fps, input, labels, motion);
  const mouth = mouthBox(rig, box);
  const eyes = eyesBox(rig, box);
  const m = `[m${labels.suffix}]`;
  const e = `[e${labels.suffix}]`;
  return {
    sources: [
      `[${input.mouth}:v]fps=${fps},scale=${mouth.width}:${mouth.height}${m}`,
      `[${input.blink}:v]fps=${fps},scale=${eyes.width}:${eyes.height}${e}`,
    ],
    mouth: `${overlayAt(labels.below, m, mouth)}${labels.out}`,
    head: overlayAt(labels.out, e, eyes),
  };
}

/**
 * The head of a layered rig (input right after the blink track): scaled once and looped as a
 * small still, the mouth and the eyes drawn on it, turned by the motion's tilt and laid over
 * `below` at the motion's corner into `out`. Only the head-sized sprite is turned per frame, so
 * the cost stays that of three small overlays.
 */
function headSprites(
  rig: RigFiles,
  head: NonNullable<RigFiles['head']>,
  box: Box,
  fps: number,
  input: { mouth: number; blink: number },
  labels: { below: string; out: string; suffix: string },
  motion: SpriteMotion,
): { sources: string[]; mouth: string; head: string } {
  const layout = headLayout({ ...rig, head: head.box, pivot: head.pivot }, box);
  const { rest, mouth, eyes } = layout;
  const s = labels.suffix;
  const expr = motionExpressions(motion.timeline, layout, motion.offsetMs);
  return {
    sources: [
      `[${input.blink + 1}:v]scale=${rest.width}:${rest.height},format=yuva420p,` +
        `loop=loop=-1:size=1:start=0,setpts=N/${fps}/TB[hs${s}]`,
      `[${input.mouth}:v]fps=${fps},scale=${mouth.width}:${mouth.height}[m${s}]`,
      `[${input.blink}:v]fps=${fps},scale=${eyes.width}:${eyes.height}[e${s}]`,
      `${overlayAt(`[hs${s}]`, `[m${s}]`, mouth)}[hm${s}]`,
      `${overlayAt(`[hm${s}]`, `[e${s}]`, eyes)},` + `rotate=a='${expr.angle}':c=black@0:ow=iw:oh=ih[hr${s}]`,
    ],
    mouth: `${labels.below}[hr${s}]overlay=x='${expr.x}':y='${expr.y}':eval=frame:eof_action=repeat${labels.out}`,
    head: `${labels.out}null`,
  };
}
