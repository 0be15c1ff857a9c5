import { describe, expect, it } from 'vitest';
import { finishPicture } from '../../../../src/server/video/layers/finishPicture';
import type { PlannedSticker } from '../../../../src/server/video/planTypes';

const head = '[v1][e]overlay=248:459:eof_action=repeat';
const subtitles = { assFile: '/w/p.ass', fontsDir: '/f' };
const gif: PlannedSticker = {
  file: '/s/g.gif',
  gif: true,
  box: { x: 30, y: 40, width: 160, height: 160 },
  startMs: 1000,
  baked: false,
};

describe('top of the picture: stickers and subtitles', () => {
  it('is the head in yuv420p into [v] without stickers or subtitles', () => {
    expect(finishPicture(head, [], 3, null)).toEqual([`${head},format=yuv420p[v]`]);
    expect(finishPicture(head, [{ ...gif, baked: true }], 3, undefined)).toEqual([
      `${head},format=yuv420p[v]`,
    ]);
  });

  it('burns the subtitles in last', () => {
    expect(finishPicture(head, [], 3, subtitles)).toEqual([
      `${head},format=yuv420p,subtitles=filename=/w/p.ass:fontsdir=/f[v]`,
    ]);
  });

  it('draws overlaid stickers between the presenter and the subtitles', () => {
    expect(finishPicture(head, [gif], 4, subtitles)).toEqual([
      `${head}[vs]`,
      '[4:v]scale=160:160,setpts=PTS-STARTPTS+1.000/TB[st0]',
      '[vs][st0]overlay=30:40:eof_action=repeat[vz]',
      '[vz]format=yuv420p,subtitles=filename=/w/p.ass:fontsdir=/f[v]',
    ]);
  });
});
