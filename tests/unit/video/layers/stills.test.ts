import { describe, expect, it } from 'vitest';
import { loopedStill } from '../../../../src/server/video/layers/stills';

describe('looped still', () => {
  it('converts the still to YUV once, then loops the converted frame at the page fps', () => {
    expect(loopedStill(0, 25)).toBe('[0:v]format=yuv420p,loop=loop=-1:size=1:start=0,settb=1/25,setpts=N');
  });

  it('stamps each looped frame with its own number on a 1/fps clock', () => {
    // N/25/TB evaluated in doubles and truncated (setpts) gives frame 57 the time of frame 56 (and
    // 253 of the first 2000 frames one frame early): overlays keyed to the time then showed the
    // previous sprite for a frame. On a 1/fps time base N is the exact time.
    expect(57 / 25 / 0.04).toBeLessThan(57);
    expect(loopedStill(0, 25)).toContain('settb=1/25,setpts=N');
  });

  it('keeps the alpha of a front still and cuts to a shot part', () => {
    expect(loopedStill(3, 30, { alpha: true, frames: 34 })).toBe(
      '[3:v]format=yuva420p,loop=loop=-1:size=1:start=0,settb=1/30,setpts=N,trim=end_frame=34',
    );
  });
});
