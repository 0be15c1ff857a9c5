import { describe, expect, it } from 'vitest';
import { drawOver, overlayAt } from '../../../../src/server/video/layers/picture';

describe('picture building blocks', () => {
  it('overlays a stream at a point, holding the last frame of a stream that ends', () => {
    expect(overlayAt('[bg]', '[m]', { x: 260, y: 496 })).toBe('[bg][m]overlay=260:496:eof_action=repeat');
  });

  it('draws a prepared stream over an open chain and goes on from it through a null pass', () => {
    const drawn = drawOver(
      '[0:v]format=yuv420p',
      '[1:v]scale=20:10[fg0]',
      { above: '[fg0]', base: '[fb0]', out: '[fo0]' },
      { x: 0, y: 0 },
    );
    expect(drawn).toEqual({
      chains: [
        '[1:v]scale=20:10[fg0]',
        '[0:v]format=yuv420p[fb0]',
        '[fb0][fg0]overlay=0:0:eof_action=repeat[fo0]',
      ],
      head: '[fo0]null',
    });
  });
});
