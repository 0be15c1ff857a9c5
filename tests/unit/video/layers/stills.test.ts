import { describe, expect, it } from 'vitest';
import { frontArea, loopedStill } from '../../../../src/server/video/layers/stills';

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

describe('front area (the presenter body over a page video)', () => {
  const frame = { width: 1920, height: 1080 };

  it('is the presenter box with its corner and size on even pixels, covering the whole box', () => {
    expect(frontArea({ x: 91.4, y: 301, width: 401, height: 700 }, frame)).toEqual({
      x: 90,
      y: 300,
      width: 402,
      height: 702,
    });
  });

  it('is cut to the frame where the presenter stands partly outside it', () => {
    expect(frontArea({ x: -100, y: 500, width: 400, height: 700 }, frame)).toEqual({
      x: 0,
      y: 500,
      width: 300,
      height: 580,
    });
    expect(frontArea({ x: 1700, y: 0, width: 400, height: 700 }, frame)).toMatchObject({
      x: 1700,
      width: 220,
    });
  });

  it('is a 2 x 2 corner inside the frame when the box is wholly outside', () => {
    expect(frontArea({ x: 2000, y: 1200, width: 100, height: 100 }, frame)).toEqual({
      x: 1918,
      y: 1078,
      width: 2,
      height: 2,
    });
  });
});
