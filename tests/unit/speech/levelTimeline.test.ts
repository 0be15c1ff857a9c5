import { describe, expect, it } from 'vitest';
import { mouthTimelineFromLevels, timelineSpans, type MouthCue } from '../../../src/model/speech';

const cues = (list: [number, string][]): MouthCue[] =>
  list.map(([startMs, shape]) => ({ startMs, shape }) as MouthCue);
/** `count` frames at `level`. */
const run = (level: number, count: number) => Array.from({ length: count }, () => level);

describe('mouthTimelineFromLevels', () => {
  it('is rest for silence and for a recording of only noise below -50 dBFS', () => {
    expect(mouthTimelineFromLevels(run(0, 50), 10)).toEqual(cues([[0, 'X']]));
    expect(mouthTimelineFromLevels(run(0.002, 50), 10)).toEqual(cues([[0, 'X']]));
  });

  it('opens wider for louder speech, relative to the recording, and rests in long pauses', () => {
    // 200 ms silence, 200 ms loud, 300 ms silence, 200 ms at a third of the loud level, 100 ms silence.
    const levels = [...run(0, 20), ...run(0.3, 20), ...run(0, 30), ...run(0.1, 20), ...run(0, 10)];
    expect(mouthTimelineFromLevels(levels, 10)).toEqual(
      // Release: C 10 ms after the loud part ends, B (held 60 ms) then rest; the quiet part shows B.
      cues([[0, 'X'], [200, 'D'], [410, 'C'], [470, 'B'], [530, 'X'], [700, 'B'], [950, 'X']]),
    ); // prettier-ignore
    // The same recording 10x quieter gives the same timeline: levels are relative.
    expect(
      mouthTimelineFromLevels(
        levels.map((l) => l / 10),
        10,
      ),
    ).toEqual(mouthTimelineFromLevels(levels, 10));
  });

  it('does not chatter around the threshold (hysteresis) and bridges short dips', () => {
    // After a loud start, levels alternate 0.12 / 0.10 of it: below the 0.15 that opens the mouth but
    // above the 0.08 that closes it, so the mouth stays open instead of flapping.
    const levels = [
      ...run(1, 10),
      ...Array.from({ length: 40 }, (_, i) => (i % 2 ? 0.1 : 0.12)),
      ...run(0, 20),
    ];
    const timeline = mouthTimelineFromLevels(levels, 10);
    expect(timeline.filter((c) => c.shape === 'X').length).toBeLessThanOrEqual(2); // only the end rest
    expect(timeline[timeline.length - 1]).toEqual({ startMs: 500, shape: 'X' });
  });
});

describe('timelineSpans', () => {
  it('turns cues into spans covering the duration', () => {
    expect(
      timelineSpans(
        cues([
          [0, 'X'],
          [40, 'B'],
          [332, 'D'],
          [582, 'X'],
        ]),
        600,
      ),
    ).toEqual([
      { startMs: 0, endMs: 40, shape: 'X' },
      { startMs: 40, endMs: 332, shape: 'B' },
      { startMs: 332, endMs: 582, shape: 'D' },
      { startMs: 582, endMs: 600, shape: 'X' },
    ]);
    expect(
      timelineSpans(
        cues([
          [0, 'B'],
          [300, 'X'],
        ]),
        300,
      ),
    ).toEqual([{ startMs: 0, endMs: 300, shape: 'B' }]);
  });
});
