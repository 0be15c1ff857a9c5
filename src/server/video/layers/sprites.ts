import { headLayout, type MotionTimeline } from '../../../model/motion';
import { eyesBox, mouthBox } from '../renderPlan';
import type { Box, RigFiles } from '../planTypes';
import { motionExpressions } from './motionExpr';
import { overlayAt } from './picture';

/**
 * Input arguments of the presenter's sprites: a layered rig's head track (headTrack.ts: ffconcat
 * of pre-composed, pre-turned head sprites) alone when there is one; else the mouth and blink
 * tracks (ffconcat lists of sprite images), then the head part of a layered rig (one still image).
 */
export function spriteInputs(mouthTrack: string, blinkTrack: string, rig?: RigFiles, headTrack?: string) {
  const track = (file: string) => ['-f', 'concat', '-safe', '0', '-i', file];
  if (rig?.head && headTrack) return track(headTrack);
  return [...track(mouthTrack), ...track(blinkTrack), ...(rig?.head ? ['-i', rig.head.file] : [])];
}

/** Inputs `spriteInputs` opens for this rig. */
export const spriteInputCount = (rig: RigFiles, headTrack?: string) =>
  rig.head && headTrack ? 1 : rig.head ? 3 : 2;

/**
 * The motion of a page on a stream whose clock starts `offsetMs` into the page (a shot part);
 * `headTrack`: the stream's head comes from a head track (spriteInputs), at the mouth's input.
 */
export interface SpriteMotion {
  timeline: MotionTimeline;
  offsetMs: number;
  headTrack?: boolean;
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
 * The head of a layered rig laid over `below` at the motion's corner into `out`: from its head
 * track (input `input.mouth`), or else (input right after the blink track) scaled once and looped
 * as a small still, the mouth and the eyes drawn on it and turned by the motion's tilt per frame.
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
  const placed = `${labels.below}[hr${s}]overlay=x='${expr.x}':y='${expr.y}':eval=frame:eof_action=repeat${labels.out}`;
  if (motion.headTrack) {
    // Converted once per sprite shown (before fps repeats it), then only placed per frame.
    return {
      sources: [`[${input.mouth}:v]format=yuva420p,fps=${fps}[hr${s}]`],
      mouth: placed,
      head: `${labels.out}null`,
    };
  }
  // Without a head track (a caller that wrote none): the head turned by ffmpeg on every frame.
  return {
    sources: [
      `[${input.blink + 1}:v]scale=${rest.width}:${rest.height},format=yuva420p,` +
        `loop=loop=-1:size=1:start=0,settb=1/${fps},setpts=N[hs${s}]`,
      `[${input.mouth}:v]fps=${fps},scale=${mouth.width}:${mouth.height}[m${s}]`,
      `[${input.blink}:v]fps=${fps},scale=${eyes.width}:${eyes.height}[e${s}]`,
      `${overlayAt(`[hs${s}]`, `[m${s}]`, mouth)}[hm${s}]`,
      `${overlayAt(`[hm${s}]`, `[e${s}]`, eyes)},` + `rotate=a='${expr.angle}':c=black@0:ow=iw:oh=ih[hr${s}]`,
    ],
    mouth: placed,
    head: `${labels.out}null`,
  };
}
