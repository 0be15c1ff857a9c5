import { eyesBox, mouthBox } from '../renderPlan';
import type { Box, RigFiles } from '../planTypes';
import { overlayAt } from './picture';

/** Input arguments of the mouth and blink tracks (ffconcat lists of sprite images). */
export function spriteInputs(mouthTrack: string, blinkTrack: string): string[] {
  const track = (file: string) => ['-f', 'concat', '-safe', '0', '-i', file];
  return [...track(mouthTrack), ...track(blinkTrack)];
}

/**
 * The presenter's moving sprites for a presenter drawn in `box`: the mouth and blink tracks
 * (inputs `input.mouth` and `input.blink`) scaled to the rig's anchors as `[m<suffix>]` and
 * `[e<suffix>]`, the mouth drawn over `below` into `out`, and the eyes over that as the open head
 * (what follows decides the pixel format, subtitles or the presenter's own motion).
 */
export function presenterSprites(
  rig: RigFiles,
  box: Box,
  fps: number,
  input: { mouth: number; blink: number },
  labels: { below: string; out: string; suffix: string },
): { sources: string[]; mouth: string; head: string } {
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
