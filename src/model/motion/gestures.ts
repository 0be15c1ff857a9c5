import { frameStartMs } from '../speech/blinks';
import type { TimedWord } from '../speech/timedWord';

/*
 * The presenter's hand gestures on one page as whole poses (rest, an open palm, pointing towards
 * the slide), swapped as pictures: the render keeps its speed (a pose track, no per-frame rotate)
 * and the stage shows the same picture on the same frames. Pure: from the narration's timed words
 * and the times stickers appear.
 * - Pointing when the narration directs the eye (这里, 请看, 如图, 看这, 这张图) or a sticker appears:
 *   the slide is where the viewer should look.
 * - An open palm on words that stress a point (非常, 一定, 特别, 最, 重要, 关键), as speakers offer
 *   a palm to underline a claim.
 * Gestures last GESTURE_MS, start on frame boundaries a little before their word (the hand leads
 * the voice), never overlap, and keep GESTURE_GAP_MS apart; pointing wins over a palm.
 */

/** A hand pose of the rig's arms. */
export type GesturePose = 'rest' | 'palm' | 'point';

/** One gesture: `pose` from startMs for GESTURE_MS. */
export interface Gesture {
  startMs: number;
  pose: Exclude<GesturePose, 'rest'>;
}

/** How long a gesture holds its pose: 1.6 s (forty frames at 25 fps). */
export const GESTURE_MS = 1600;
/** The hand starts this long before the word it marks. */
export const GESTURE_LEAD_MS = 200;
/** At least this much rest between two gestures. */
export const GESTURE_GAP_MS = 800;

/** Phrases that send the viewer's eye to the slide. */
export const POINTING_PHRASES = ['这里', '请看', '如图', '看这', '这张图'] as const;
/** Words that stress a claim. */
export const EMPHASIS_WORDS = ['非常', '一定', '特别', '最', '重要', '关键'] as const;

/** Where each phrase starts in the words (ms), found in the words' joined text. */
function phraseStarts(words: readonly TimedWord[], phrases: readonly string[]): number[] {
  let text = '';
  const owner: number[] = [];
  words.forEach((w, i) => {
    text += w.text;
    for (let k = 0; k < w.text.length; k++) owner.push(i);
  });
  const starts: number[] = [];
  for (const phrase of phrases) {
    for (let at = text.indexOf(phrase); at >= 0; at = text.indexOf(phrase, at + phrase.length))
      starts.push(words[owner[at]].startMs);
  }
  return starts;
}

/** The page's gestures in time order. `stickersMs`: when stickers appear on the page clock. */
export function gestureEvents(input: {
  words: readonly TimedWord[];
  stickersMs: readonly number[];
  durationMs: number;
  fps?: number;
}): Gesture[] {
  const frameMs = 1000 / (input.fps ?? 25);
  const onFrame = (ms: number) => Math.max(0, Math.round((ms - GESTURE_LEAD_MS) / frameMs) * frameMs);
  const candidates: Gesture[] = [
    ...[...phraseStarts(input.words, POINTING_PHRASES), ...input.stickersMs].map((ms) => ({
      startMs: onFrame(ms),
      pose: 'point' as const,
    })),
    ...phraseStarts(input.words, EMPHASIS_WORDS).map((ms) => ({
      startMs: onFrame(ms),
      pose: 'palm' as const,
    })),
  ];
  // Pointing first, then palms, each in time order: a palm never pushes a pointing gesture out.
  candidates.sort((a, b) => (a.pose === b.pose ? a.startMs - b.startMs : a.pose === 'point' ? -1 : 1));
  const chosen: Gesture[] = [];
  for (const g of candidates) {
    if (g.startMs + GESTURE_MS > input.durationMs) continue;
    const clash = chosen.some(
      (c) =>
        g.startMs < c.startMs + GESTURE_MS + GESTURE_GAP_MS &&
        c.startMs < g.startMs + GESTURE_MS + GESTURE_GAP_MS,
    );
    if (!clash) chosen.push(g);
  }
  return chosen.sort((a, b) => a.startMs - b.startMs);
}

/**
 * The hand pose on the frame shown `ms` into the page. `shiftMs`: the gestures were found on a
 * clock that runs this much behind the page (the stage hears one clip at a time), as poseAt's
 * nodShiftMs.
 */
export function gestureAt(gestures: readonly Gesture[], ms: number, fps = 25, shiftMs = 0): GesturePose {
  const t = frameStartMs(ms, fps) - shiftMs;
  const on = gestures.find((g) => t >= g.startMs - 1e-6 && t < g.startMs + GESTURE_MS - 1e-6);
  return on ? on.pose : 'rest';
}

/** A torso picture of the rig: the rest pose, or a gesture with the pointing hand towards a side. */
export type TorsoPose = 'rest' | 'palm' | 'pointLeft' | 'pointRight';

/**
 * Which side of the frame the presenter points to: towards the slide's centre, and to the right
 * when the two are centred on each other (portrait: the slide above the presenter). Both sides
 * call it with the document's own boxes (model/project characterBox and slideBox), so the stage
 * and the video point the same way in every framing of the page.
 */
export function pointingSide(
  character: { x: number; width: number },
  slide: { x: number; width: number },
): 'left' | 'right' {
  return slide.x + slide.width / 2 < character.x + character.width / 2 - 1 ? 'left' : 'right';
}

/** The torso picture on the frame shown `ms` into the page (`shiftMs` as gestureAt's). */
export function torsoPoseAt(
  motion: { gestures: readonly Gesture[]; fps: number },
  ms: number,
  side: 'left' | 'right',
  shiftMs = 0,
): TorsoPose {
  const pose = gestureAt(motion.gestures, ms, motion.fps, shiftMs);
  if (pose === 'point') return side === 'left' ? 'pointLeft' : 'pointRight';
  return pose;
}

/**
 * The torso pictures over a stretch of the gestures' clock [fromMs, fromMs + lengthMs), as runs
 * in stretch time: what a render's arms track shows (the arms at rest between gestures).
 */
export function torsoPoseRuns(
  gestures: readonly Gesture[],
  window: { fromMs: number; lengthMs: number },
  side: 'left' | 'right',
): { pose: TorsoPose; ms: number }[] {
  const runs: { pose: TorsoPose; ms: number }[] = [];
  const push = (pose: TorsoPose, ms: number) => {
    if (ms <= 1e-6) return;
    const last = runs[runs.length - 1];
    if (last && last.pose === pose) last.ms += ms;
    else runs.push({ pose, ms });
  };
  const end = window.fromMs + window.lengthMs;
  let t = window.fromMs;
  for (const g of gestures) {
    const from = Math.max(g.startMs, window.fromMs);
    const to = Math.min(g.startMs + GESTURE_MS, end);
    if (to <= from) continue;
    push('rest', from - t);
    push(g.pose === 'point' ? (side === 'left' ? 'pointLeft' : 'pointRight') : 'palm', to - from);
    t = to;
  }
  push('rest', end - t);
  return runs;
}
