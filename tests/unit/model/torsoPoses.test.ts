import { describe, expect, it } from 'vitest';
import {
  GESTURE_MS,
  motionTimeline,
  pointingSide,
  torsoPoseAt,
  torsoPoseRuns,
  type Gesture,
} from '../../../src/model/motion';
import type { TimedWord } from '../../../src/model/speech';

/*
 * The torso picture the stage and the render show for the motion's gestures: which pointing
 * picture (towards the side of the frame away from the presenter), per frame and as the runs of a
 * render's still track.
 */

const spoken = (text: string, fromMs = 0): TimedWord[] =>
  [...text].map((ch, i) => ({ text: ch, startMs: fromMs + i * 200, endMs: fromMs + i * 200 + 180 }));

describe('torso poses of the gestures', () => {
  it('points towards the slide', () => {
    // The default landscape layout: the presenter left, the slide right.
    expect(pointingSide({ x: 45, width: 300 }, { x: 586, width: 480 })).toBe('right');
    expect(pointingSide({ x: 700, width: 300 }, { x: 60, width: 480 })).toBe('left');
    // A presenter near the middle still points at a slide on its right (the blank-card layout).
    expect(pointingSide({ x: 560, width: 300 }, { x: 586, width: 480 })).toBe('right');
    // Centred on each other (portrait): right.
    expect(pointingSide({ x: 100, width: 200 }, { x: 50, width: 300 })).toBe('right');
  });

  it('names the pointing picture by side and shifts a clip clock onto the page', () => {
    const motion = { fps: 25, gestures: [{ startMs: 400, pose: 'point' } as Gesture] };
    expect(torsoPoseAt(motion, 399, 'right')).toBe('rest');
    expect(torsoPoseAt(motion, 400, 'right')).toBe('pointRight');
    expect(torsoPoseAt(motion, 400, 'left')).toBe('pointLeft');
    expect(torsoPoseAt(motion, 400 + GESTURE_MS, 'left')).toBe('rest');
    // The stage hears a clip that starts 2 s into the page.
    expect(torsoPoseAt(motion, 2400, 'right', 2000)).toBe('pointRight');
    expect(torsoPoseAt(motion, 2399, 'right', 2000)).toBe('rest');
    const palm = { fps: 25, gestures: [{ startMs: 0, pose: 'palm' } as Gesture] };
    expect(torsoPoseAt(palm, 10, 'left')).toBe('palm');
  });

  it('lays a stretch out as runs that add up to it, rest between the gestures', () => {
    const gestures: Gesture[] = [
      { startMs: 400, pose: 'point' },
      { startMs: 4000, pose: 'palm' },
    ];
    expect(torsoPoseRuns(gestures, { fromMs: 0, lengthMs: 8000 }, 'right')).toEqual([
      { pose: 'rest', ms: 400 },
      { pose: 'pointRight', ms: GESTURE_MS },
      { pose: 'rest', ms: 4000 - 400 - GESTURE_MS },
      { pose: 'palm', ms: GESTURE_MS },
      { pose: 'rest', ms: 8000 - 4000 - GESTURE_MS },
    ]);
    // A shot part from 1 s to 4.8 s: the pointing gesture cut at its start, the palm at its end.
    expect(torsoPoseRuns(gestures, { fromMs: 1000, lengthMs: 3800 }, 'left')).toEqual([
      { pose: 'pointLeft', ms: 400 + GESTURE_MS - 1000 },
      { pose: 'rest', ms: 4000 - 400 - GESTURE_MS },
      { pose: 'palm', ms: 800 },
    ]);
    expect(torsoPoseRuns([], { fromMs: 0, lengthMs: 3000 }, 'right')).toEqual([{ pose: 'rest', ms: 3000 }]);
  });

  it('puts the narration words gestures into the page motion', () => {
    const words = spoken('大家好请看这一页的内容我们慢慢讲完');
    const motion = motionTimeline({ durationMs: 8000, seed: 1, cues: [], words });
    expect(motion.gestures).toEqual([{ startMs: 400, pose: 'point' }]);
    expect(motionTimeline({ durationMs: 8000, seed: 1, cues: [] }).gestures).toEqual([]);
    // A sticker that appears 3 s in.
    expect(motionTimeline({ durationMs: 8000, seed: 1, cues: [], stickersMs: [3000] }).gestures).toEqual([
      { startMs: 2800, pose: 'point' },
    ]);
  });
});
