import type { Bump, HeadLayout, MotionTimeline, Wave } from '../../../model/motion';

/*
 * The motion timeline (src/model/motion) as ffmpeg expressions of the frame time `t`: the same
 * terms poseAt sums for the stage, and the head corner of headCorner (turned about the sprite's
 * centre, moved so the neck pivot stays, snapped to even pixels), so the video's head lands on the
 * pixels the stage draws it on.
 */

/** Page time in ms of a stream whose clock starts `offsetMs` into the page. */
const pageMs = (offsetMs: number) => (offsetMs ? `(t*1000+${offsetMs})` : `(t*1000)`);

const num = (v: number) => String(Number(v.toFixed(9)));
/** A coefficient with its sign, to follow another term. */
const signed = (v: number) => (v < 0 ? `-${num(-v)}` : `+${num(v)}`);

function waves(list: readonly Wave[], T: string): string {
  if (!list.length) return '0';
  return list.map((w) => `${num(w.amp)}*sin(2*PI*${T}/${num(w.periodMs)}+${num(w.phase)})`).join('+');
}

function bumps(list: readonly Bump[], T: string): string {
  return list
    .map((b) => {
      const from = num(b.atMs - b.spanMs / 2);
      const to = num(b.atMs + b.spanMs / 2);
      return `+between(${T},${from},${to})*${num(b.amp / 2)}*(1-cos(2*PI*(${T}-${from})/${num(b.spanMs)}))`;
    })
    .join('');
}

/** The head's turn (radians) and corner (export px) as expressions, for a stream starting `offsetMs` into the page. */
export function motionExpressions(
  motion: MotionTimeline,
  layout: HeadLayout,
  offsetMs: number,
): { angle: string; x: string; y: string } {
  const T = pageMs(offsetMs);
  const angle = `(${waves(motion.tilt, T)})*PI/180`;
  const dx = waves(motion.headX, T);
  const dy = `${waves(motion.headY, T)}${bumps(motion.nods, T)}`;
  const { rest, lever, sx, sy } = layout;
  const x =
    `${rest.x}${signed(sx)}*(${dx})${signed(lever.x)}*(1-cos(${angle}))` + `${signed(lever.y)}*sin(${angle})`;
  const y =
    `${rest.y}${signed(sy)}*(${dy})${signed(lever.y)}*(1-cos(${angle}))` +
    `${signed(-lever.x)}*sin(${angle})`;
  return { angle, x: `2*floor((${x})/2)`, y: `2*floor((${y})/2)` };
}
