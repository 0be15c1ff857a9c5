import { onPageClock, pageMotionOf, type MotionClip, type MotionTimeline } from '../../model/motion';
import type { MouthCue } from '../../model/speech';
import type { TimedWord } from '../../model/speech/timedWord';
import type { PagePlan } from './planTypes';

/*
 * When the presenter speaks on a page, from the mouth timelines of its clips. One source for the
 * mouth track, the talking-video presenter (plays while speaking) and the background music (ducked
 * while speaking), so the three can never disagree.
 */

/** A stretch of time in milliseconds. */
export interface SpeakingInterval {
  startMs: number;
  endMs: number;
}

/** Pauses shorter than this stay "speaking", so a talking video does not flick to its still between words. */
export const BRIDGE_MS = 300;

/** A page's clips as the motion reads them (src/model/motion pageMotion.ts). */
const motionClips = (plan: Pick<PagePlan, 'audio'>): MotionClip[] =>
  plan.audio.map((a) => ({ durationMs: a.durationMs, cues: a.mouth, words: a.words ?? [] }));

/** The page's mouth cues on the page clock (its clips play one after another). */
export function pageMouthCues(plan: Pick<PagePlan, 'audio'>): MouthCue[] {
  return onPageClock(motionClips(plan)).cues;
}

/**
 * Every span of a mouth timeline whose shape is not the rest shape X, clipped to `durationMs`,
 * with pauses shorter than `bridgeMs` bridged.
 */
export function speakingIntervals(cues: readonly MouthCue[], durationMs: number, bridgeMs = BRIDGE_MS) {
  const sorted = [...cues].sort((a, b) => a.startMs - b.startMs);
  const intervals: SpeakingInterval[] = [];
  sorted.forEach((cue, i) => {
    const startMs = Math.max(0, cue.startMs);
    const endMs = Math.min(durationMs, i + 1 < sorted.length ? sorted[i + 1].startMs : durationMs);
    if (cue.shape === 'X' || endMs <= startMs) return;
    const last = intervals[intervals.length - 1];
    if (last && startMs - last.endMs < bridgeMs) last.endMs = Math.max(last.endMs, endMs);
    else intervals.push({ startMs, endMs });
  });
  return intervals;
}

/** The page's timed words (TTS) on the page clock, as pageMouthCues. */
export function pageWords(plan: Pick<PagePlan, 'audio'>): TimedWord[] {
  return onPageClock(motionClips(plan)).words;
}

/**
 * The presenter's motion on a page (src/model/motion), from its mouth cues, words and page number;
 * a sticker that appears after the page start makes the presenter point towards the slide.
 */
export function pageMotion(
  plan: Pick<PagePlan, 'audio' | 'durationMs' | 'index' | 'fps' | 'stickers' | 'segment'>,
): MotionTimeline {
  return pageMotionOf(motionClips(plan), {
    seed: plan.index,
    durationMs: plan.durationMs,
    fps: plan.fps,
    stickersMs: (plan.stickers ?? []).map((s) => s.startMs),
    firstSegment: plan.segment ?? 0,
  });
}
