import { describe, expect, it } from 'vitest';
import { loopedStill } from '../../../../src/server/video/layers/stills';

describe('looped still', () => {
  it('converts the still to YUV once, then loops the converted frame at the page fps', () => {
    expect(loopedStill(0, 25)).toBe('[0:v]format=yuv420p,loop=loop=-1:size=1:start=0,setpts=N/25/TB');
  });

  it('keeps the alpha of a front still and cuts to a shot part', () => {
    expect(loopedStill(3, 30, { alpha: true, frames: 34 })).toBe(
      '[3:v]format=yuva420p,loop=loop=-1:size=1:start=0,setpts=N/30/TB,trim=end_frame=34',
    );
  });
});
