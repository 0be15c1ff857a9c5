import { breathingPictureFragment, breathingPictureInput } from './customPresenterPicture';
import { talkingVideoFragment, talkingVideoInput } from './customPresenterVideo';
import { pageMouthCues, speakingIntervals } from './speaking';
import type { Box, OwnPresenterMotion, PagePlan } from './planTypes';

/** Input arguments of the layer's source (one input). */
export function ownPresenterInput(motion: OwnPresenterMotion): string[] {
  return motion.kind === 2 ? talkingVideoInput(motion.video) : breathingPictureInput(motion.picture);
}

/** Even pixel size (yuv420p overlays), at least 2. */
const even = (v: number) => Math.max(2, Math.round(v / 2) * 2);

/**
 * Filter chains drawing the presenter over `[base]` into `[out]`, for a stream that starts at
 * `fromMs` on the page clock and lasts `durationMs` (a whole page, or one shot part).
 */
export function ownPresenterChain(
  motion: OwnPresenterMotion,
  opts: {
    plan: PagePlan;
    input: number;
    base: string;
    out: string;
    box: Box;
    fromMs?: number;
    durationMs: number;
    prefix: string;
  },
): string {
  const box = {
    x: Math.round(opts.box.x),
    y: Math.round(opts.box.y),
    width: even(opts.box.width),
    height: even(opts.box.height),
  };
  const common = {
    input: `${opts.input}:v`,
    base: opts.base,
    out: opts.out,
    box,
    durationMs: opts.durationMs,
    fps: opts.plan.fps,
    prefix: opts.prefix,
  };
  if (motion.kind === 3) return breathingPictureFragment({ ...common, frame: opts.plan.frame });
  const from = opts.fromMs ?? 0;
  const speaking = speakingIntervals(pageMouthCues(opts.plan), opts.plan.durationMs)
    .map((s) => ({ startMs: s.startMs - from, endMs: s.endMs - from }))
    .filter((s) => s.endMs > 0 && s.startMs < opts.durationMs)
    .map((s) => ({ startMs: Math.max(0, s.startMs), endMs: Math.min(opts.durationMs, s.endMs) }));
  return talkingVideoFragment({ ...common, speaking, keying: motion.keying });
}

/**
 * The presenter's own motion drawn over the open chain `head`: `head` is named `[base]` and the
 * presenter drawn over it into `[out]` (see ownPresenterChain).
 */
export function ownPresenterOver(
  head: string,
  motion: OwnPresenterMotion,
  opts: Parameters<typeof ownPresenterChain>[1],
): string[] {
  return [`${head}[${opts.base}]`, ownPresenterChain(motion, opts)];
}

/** How many inputs an argument list opens (each `-i`). */
export const inputCount = (args: readonly string[]) => args.filter((a) => a === '-i').length;
