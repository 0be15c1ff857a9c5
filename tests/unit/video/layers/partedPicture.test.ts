import { describe, expect, it } from 'vitest';
import { partedPicture, partPicture } from '../../../../src/server/video/layers/partedPicture';
import type { PagePart } from '../../../../src/server/video/planTypes';
import { box, loop, plan, video } from './fixtures';

const track = (file: string) => ['-f', 'concat', '-safe', '0', '-i', file];
// Part 1 of a page: 1 s of its own after a 360 ms lead (34 frames), the slide full frame.
const part: PagePart = {
  isScale: 2,
  startMs: 2000,
  durationMs: 1000,
  leadMs: 360,
  slide: { x: 0, y: 0, width: 1920, height: 1080 },
  character: box,
};
const files = (k: number) => ({ still: `s${k}`, mouthTrack: `m${k}`, blinkTrack: `b${k}` });

describe('one shot part', () => {
  it('is its still alone when the character is hidden', () => {
    const hidden = { ...part, leadMs: undefined, slide: null, character: null };
    expect(partPicture(plan, hidden, 0, files(0), 0)).toEqual({
      inputs: ['-i', 's0'],
      chains: [`${loop(0)},trim=end_frame=25,setsar=1[p0]`],
    });
  });

  it('draws the mouth and eyes where its framing puts the character, inputs numbered from `first`', () => {
    expect(partPicture(plan, part, 1, files(1), 3)).toEqual({
      inputs: ['-i', 's1', ...track('m1'), ...track('b1')],
      chains: [
        `${loop(3)},trim=end_frame=34,setsar=1[b1]`,
        '[4:v]fps=25,scale=60:40[m1]',
        '[5:v]fps=25,scale=84:26[e1]',
        '[b1][m1]overlay=260:496:eof_action=repeat[o1]',
        '[o1][e1]overlay=248:459:eof_action=repeat,format=yuv420p[p1]',
      ],
    });
  });

  it('draws the arms track of its gesture over its still, before the sprites', () => {
    const arms = { track: 'a1', at: { x: 100, y: 600 } };
    expect(partPicture(plan, part, 1, { ...files(1), arms }, 3)).toEqual({
      inputs: ['-i', 's1', ...track('a1'), ...track('m1'), ...track('b1')],
      chains: [
        '[4:v]format=yuva420p,fps=25[ar1]',
        `${loop(3)},trim=end_frame=34,setsar=1[ab1]`,
        '[ab1][ar1]overlay=100:600:eof_action=repeat[ao1]',
        '[ao1]null[b1]',
        '[5:v]fps=25,scale=60:40[m1]',
        '[6:v]fps=25,scale=84:26[e1]',
        '[b1][m1]overlay=260:496:eof_action=repeat[o1]',
        '[o1][e1]overlay=248:459:eof_action=repeat,format=yuv420p[p1]',
      ],
    });
  });

  it('with a video: the video cut to the part, the body over it, then the sprites', () => {
    const one = partPicture({ ...plan, video }, part, 1, { ...files(1), front: 'f1' }, 4);
    expect(one.inputs).toEqual([
      '-i',
      's1',
      '-threads',
      '1',
      '-i',
      '/v.mp4',
      '-i',
      'f1',
      ...track('m1'),
      ...track('b1'),
    ]);
    expect(one.chains).toEqual([
      '[5:v]setpts=PTS-STARTPTS,fps=25,scale=1920:1080:force_original_aspect_ratio=decrease,setsar=1,' +
        'pad=1920:1080:(ow-iw)/2:(oh-ih)/2:color=black,format=yuv420p,tpad=stop_mode=clone:stop_duration=3.000,' +
        'trim=start=1.640:duration=1.360,setpts=PTS-STARTPTS[pv1]',
      `${loop(4)},trim=end_frame=34,setsar=1[vb1]`,
      '[vb1][pv1]overlay=0:0:eof_action=repeat[vo1]',
      '[6:v]format=yuva420p,loop=loop=-1:size=1:start=0,settb=1/25,setpts=N,trim=end_frame=34[fg1]',
      '[vo1]null[fb1]',
      '[fb1][fg1]overlay=90:300:eof_action=repeat[fo1]',
      '[fo1]null[b1]',
      '[7:v]fps=25,scale=60:40[m1]',
      '[8:v]fps=25,scale=84:26[e1]',
      '[b1][m1]overlay=260:496:eof_action=repeat[o1]',
      '[o1][e1]overlay=248:459:eof_action=repeat,format=yuv420p[p1]',
    ]);
  });

  it('draws a presenter that moves by itself on the part clock, in the part framing', () => {
    const own = { kind: 3 as const, picture: '/p.png' };
    const one = partPicture({ ...plan, character: { ...plan.character, own } }, part, 1, files(1), 0);
    expect(one.inputs.slice(-2)).toEqual(['-i', '/p.png']);
    expect(one.chains.slice(-3, -1)).toEqual([
      '[o1][e1]overlay=248:459:eof_action=repeat[q1]',
      expect.stringMatching(
        /^\[3:v\]scale=400:700,.*trim=duration=1\.360,perspective=.*\[own1_pic\];\[q1\]\[own1_pic\]overlay=x=90:y=300:eof_action=pass\[r1\]$/,
      ),
    ]);
    expect(one.chains.at(-1)).toBe('[r1]format=yuv420p[p1]');
  });
});

describe('a page of shot parts', () => {
  it('numbers each part from the inputs before it, joins them and takes the video sound from its own input', () => {
    const first = { ...part, startMs: 0, durationMs: 2000, leadMs: undefined, slide: null, character: null };
    const picture = partedPicture({ ...plan, video, parts: [first, part] }, [files(0), files(1)]);
    expect(picture.inputs.filter((a) => a === '-i')).toHaveLength(5);
    expect(picture.chains[0]).toBe(`${loop(0)},trim=end_frame=50,setsar=1[p0]`);
    expect(picture.chains[1]).toMatch(/^\[2:v\]setpts=PTS-STARTPTS,.*\[pv1\]$/);
    expect(picture.head).toBe('[jc0][jo1][jc1]concat=n=3:v=1:a=0');
    expect(picture.sound).toEqual({ file: '/v.mp4' });
  });
});
