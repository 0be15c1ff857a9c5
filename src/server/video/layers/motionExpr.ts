import {
  SEGMENT_EASE_MS,
  type Bump,
  type HeadLayout,
  type MotionSegment,
  type MotionTimeline,
  type Wave,
} from '../../../model/motion';

/*
 * The motion timeline (src/model/motion) as ffmpeg expressions of the frame time `t`: the same
 * terms poseAt sums for the stage (the waves on each segment's clock, eased at its ends), and the head corner of headCorner (turned about the sprite's
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

/** poseAt's easeIn of the time `U` (ms) as an expression. */
const easeIn = (U: string) =>
  `if(lt(${U},${SEGMENT_EASE_MS}),(1-cos(PI*max(${U},0)/${SEGMENT_EASE_MS}))/2,1)`;

/**
 * The waves on each segment's own clock, eased at its ends, as poseAt sums them (segmentClock):
 * one branch per segment, a segment from half a frame before its start.
 */
function sway(list: readonly Wave[], segments: readonly MotionSegment[], T: string, fps: number): string {
  if (!list.length) return '0';
  const half = 500 / fps;
  const branch = (s: MotionSegment) => {
    const U = s.startMs ? `(${T}-${num(s.startMs)})` : T;
    const left = `(${num(s.endMs - s.startMs)}-${U})`;
    return `${easeIn(U)}*${easeIn(left)}*(${waves(list, U)})`;
  };
  return segments
    .slice(0, -1)
    .reduceRight(
      (later, s, k) => `if(lt(${T},${num(segments[k + 1].startMs - half)}),${branch(s)},${later})`,
      branch(segments[segments.length - 1]),
    );
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
  const { segments, fps } = motion;
  const angle = `(${sway(motion.tilt, segments, T, fps)})*PI/180`;
  const dx = sway(motion.headX, segments, T, fps);
  const dy = `${sway(motion.headY, segments, T, fps)}${bumps(motion.nods, T)}`;
  const { rest, lever, sx, sy } = layout;
  const x =
    `${rest.x}${signed(sx)}*(${dx})${signed(lever.x)}*(1-cos(${angle}))` + `${signed(lever.y)}*sin(${angle})`;
  const y =
    `${rest.y}${signed(sy)}*(${dy})${signed(lever.y)}*(1-cos(${angle}))` +
    `${signed(-lever.x)}*sin(${angle})`;
  return { angle, x: `2*floor((${x})/2)`, y: `2*floor((${y})/2)` };
}
