import { describe, expect, it } from 'vitest';
import { presenterSprites, spriteInputs } from '../../../../src/server/video/layers/sprites';
import { box, rig } from './fixtures';

describe('presenter sprites layer', () => {
  it('reads the mouth and blink tracks as ffconcat lists', () => {
    expect(spriteInputs('m.txt', 'b.txt')).toEqual(
      ['-f', 'concat', '-safe', '0', '-i', 'm.txt', '-f', 'concat', '-safe', '0', '-i', 'b.txt'],
    ); // prettier-ignore
  });

  it('scales the tracks to the anchors, draws the mouth and leaves the eyes overlay open', () => {
    const labels = { below: '[b2]', out: '[o2]', suffix: '2' };
    expect(presenterSprites(rig, box, 25, { mouth: 5, blink: 6 }, labels)).toEqual({
      sources: ['[5:v]fps=25,scale=60:40[m2]', '[6:v]fps=25,scale=84:26[e2]'],
      mouth: '[b2][m2]overlay=260:496:eof_action=repeat[o2]',
      head: '[o2][e2]overlay=248:459:eof_action=repeat',
    });
  });
});
