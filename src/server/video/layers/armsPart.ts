import type { ArmsTrack } from '../planTypes';
import { overlayAt } from './picture';

/*
 * The presenter's arms while a stretch has a gesture (armsTrack.ts): the arms track read with the
 * concat demuxer, each sprite converted once (before fps repeats it) and placed at one corner.
 */

/** Input arguments of an arms track; none without one. */
export const armsInputs = (arms?: ArmsTrack) =>
  arms ? ['-f', 'concat', '-safe', '0', '-i', arms.track] : [];

/** The arms stream of input `input`, as `[ar<suffix>]`. */
export const armsSource = (input: number, fps: number, suffix: string) =>
  `[${input}:v]format=yuva420p,fps=${fps}[ar${suffix}]`;

/** The arms (input `input`) drawn over the picture `below` into `out`. */
export function armsOver(below: string, out: string, input: number, arms: ArmsTrack, fps: number): string[] {
  return [armsSource(input, fps, ''), `${overlayAt(below, '[ar]', arms.at)}${out}`];
}
