import { describe, expect, it } from 'vitest';
import { loopedStill } from '../../../../src/server/video/layers/stills';
import { stillInput, stillTrack } from '../../../../src/server/video/poseStills';

describe('looped still', () => {
  it('converts the still to YUV once, then loops the converted frame at the page fps', () => {
    expect(loopedStill(0, 25)).toBe('[0:v]format=yuv420p,loop=loop=-1:size=1:start=0,setpts=N/25/TB');
  });

  it('keeps the alpha of a front still and cuts to a shot part', () => {
    expect(loopedStill(3, 30, { alpha: true, frames: 34 })).toBe(
      '[3:v]format=yuva420p,loop=loop=-1:size=1:start=0,setpts=N/30/TB,trim=end_frame=34',
    );
  });

  it('reads a still track (the still per gesture pose) by its runs, converted once per picture', () => {
    expect(stillInput('/w/p1-still.ffconcat')).toEqual([
      '-f',
      'concat',
      '-safe',
      '0',
      '-i',
      '/w/p1-still.ffconcat',
    ]);
    expect(stillInput('/w/p1-still.png')).toEqual(['-i', '/w/p1-still.png']);
    expect(loopedStill(0, 25, { file: '/w/p1-still.ffconcat', frames: 50 })).toBe(
      '[0:v]format=yuv420p,fps=25,trim=end_frame=50',
    );
    const pictures = {
      rest: '/w/r.png',
      palm: '/w/palm.png',
      pointLeft: '/w/l.png',
      pointRight: "/w/it's.png",
    };
    const runs = [
      { pose: 'rest' as const, ms: 400 },
      { pose: 'pointRight' as const, ms: 1600 },
      { pose: 'rest' as const, ms: 2040 },
    ];
    expect(stillTrack(runs, pictures).split('\n')).toEqual([
      'ffconcat version 1.0',
      "file '/w/r.png'",
      'duration 0.400',
      "file '/w/it'\\''s.png'",
      'duration 1.600',
      "file '/w/r.png'",
      'duration 2.040',
      // The last entry again: the concat demuxer honours a duration only before another entry.
      "file '/w/r.png'",
      '',
    ]);
  });
});
