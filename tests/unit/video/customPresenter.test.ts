import { describe, expect, it } from 'vitest';
import {
  MOUTH_FALLBACK,
  PRESENTER_MOUTH_SHAPES,
  resolveMouthShapes,
} from '../../../src/api/presenter.contract';
import { chromaKeyFilters } from '../../../src/server/video/customPresenterKey';
import {
  bobAmplitude,
  breathingFilter,
  breathingPictureFragment,
} from '../../../src/server/video/customPresenterPicture';
import {
  speakingExpression,
  talkingVideoFragment,
  talkingVideoInput,
} from '../../../src/server/video/customPresenterVideo';
import { speakingIntervals } from '../../../src/server/video/speaking';

describe('mouth shape fallback table', () => {
  it('draws every shape with the rest shape when only X was uploaded', () => {
    expect(Object.values(resolveMouthShapes(['X']))).toEqual(PRESENTER_MOUTH_SHAPES.map(() => 'X'));
  });

  it('keeps uploaded shapes and takes the nearest available one for the others', () => {
    expect(resolveMouthShapes(['X', 'A', 'C'])).toEqual({
      A: 'A', B: 'C', C: 'C', D: 'C', E: 'C', F: 'A', G: 'A', H: 'C', X: 'X',
    }); // prettier-ignore
    expect(resolveMouthShapes(['X', 'B', 'E'])).toMatchObject({ A: 'X', C: 'B', F: 'E', G: 'B', H: 'B' });
    const all = resolveMouthShapes(PRESENTER_MOUTH_SHAPES);
    for (const s of PRESENTER_MOUTH_SHAPES) expect(all[s]).toBe(s);
  });

  it('starts every list with the shape itself and ends it with X', () => {
    for (const s of PRESENTER_MOUTH_SHAPES) {
      expect(MOUTH_FALLBACK[s][0]).toBe(s);
      expect(MOUTH_FALLBACK[s].at(-1)).toBe('X');
    }
  });

  it('refuses a set without the rest shape X', () => {
    expect(() => resolveMouthShapes(['A', 'B'])).toThrow(/X/);
  });
});

describe('speaking intervals of a talking video', () => {
  const cue = (startMs: number, shape: string) => ({ startMs, shape }) as never;

  it('joins non-rest cues, bridges short pauses and clips to the page', () => {
    const cues = [cue(0, 'X'), cue(200, 'B'), cue(400, 'C'), cue(900, 'X'), cue(1000, 'D'), cue(1500, 'X'),
      cue(2500, 'A'), cue(3200, 'E')]; // prettier-ignore
    expect(speakingIntervals(cues, 3000)).toEqual([
      { startMs: 200, endMs: 1500 },
      { startMs: 2500, endMs: 3000 },
    ]);
    expect(speakingIntervals(cues, 3000, 50)).toEqual([
      { startMs: 200, endMs: 900 },
      { startMs: 1000, endMs: 1500 },
      { startMs: 2500, endMs: 3000 },
    ]);
    expect(speakingIntervals([], 3000)).toEqual([]);
  });

  it('turns intervals into an enable expression of t', () => {
    expect(speakingExpression([])).toBe('0');
    expect(
      speakingExpression([
        { startMs: 200, endMs: 1500 },
        { startMs: 2500, endMs: 3000 },
      ]),
    ).toBe('between(t,0.200,1.500)+between(t,2.500,3.000)');
  });
});

describe('custom presenter filter fragments', () => {
  const box = { x: 100, y: 60, width: 320, height: 480 };

  it('keys a green screen in YUV with alpha', () => {
    expect(chromaKeyFilters({ color: '#00ff00', similarity: 0.3, blend: 0.08 })).toBe(
      'format=yuva444p,chromakey=color=0x00FF00:similarity=0.3:blend=0.08',
    );
  });

  it('loops the video while speaking and holds the first frame while silent', () => {
    expect(talkingVideoInput('/d/loop.mp4')).toEqual(['-stream_loop', '-1', '-i', '/d/loop.mp4']);
    const fragment = talkingVideoFragment({
      input: '2:v',
      base: 'bg',
      out: 'with_presenter',
      box,
      durationMs: 4000,
      speaking: [{ startMs: 1000, endMs: 2500 }],
      keying: { color: '#00FF00', similarity: 0.3, blend: 0.08 },
    });
    expect(fragment.split(';')).toEqual([
      '[2:v]setpts=PTS-STARTPTS,fps=25,format=yuva444p,chromakey=color=0x00FF00:similarity=0.3:blend=0.08,scale=320:480,split=2[tv_loop][tv_first]',
      '[tv_loop]trim=duration=4.000[tv_talk]',
      '[tv_first]trim=end_frame=1,loop=loop=-1:size=1:start=0,settb=1/25,setpts=N,trim=duration=4.000[tv_still]',
      "[bg][tv_talk]overlay=x=100:y=60:eof_action=pass:enable='between(t,1.000,2.500)'[tv_spoken]",
      "[tv_spoken][tv_still]overlay=x=100:y=60:eof_action=pass:enable='eq(between(t,1.000,2.500),0)'[with_presenter]",
    ]);
    const plain = talkingVideoFragment({
      input: '1:v',
      base: 'a',
      out: 'b',
      box,
      durationMs: 1000,
      speaking: [],
      keying: null,
      prefix: 'p1',
    });
    expect(plain).toContain('[1:v]setpts=PTS-STARTPTS,fps=25,scale=320:480,split=2[p1_loop][p1_first]');
    expect(plain).toContain("enable='0'");
  });

  it('breathes by up to 1.5 % and bobs a few pixels on a 4 s cycle', () => {
    expect(bobAmplitude(box)).toBe(2);
    expect(bobAmplitude({ ...box, height: 1400 })).toBe(6);
    const shrink = '(1-1/(1+0.0075*(1-cos(2*PI*in/100))))';
    expect(breathingFilter(box)).toBe(
      `perspective=x0='W*${shrink}/2':y0='H*${shrink}+2*sin(2*PI*in/100)'` +
        `:x1='W-W*${shrink}/2':y1='H*${shrink}+2*sin(2*PI*in/100)'` +
        `:x2='W*${shrink}/2':y2='H+2*sin(2*PI*in/100)':x3='W-W*${shrink}/2':y3='H+2*sin(2*PI*in/100)'` +
        ':interpolation=linear:eval=frame',
    );
    const fragment = breathingPictureFragment({
      input: '3:v',
      base: 'bg',
      out: 'done',
      box,
      durationMs: 2000,
    });
    expect(fragment.split(';')[0]).toMatch(
      /^\[3:v\]scale=320:480,format=yuva420p,loop=loop=-1:size=1:start=0,settb=1\/25,setpts=N,trim=duration=2\.000,perspective=.*\[bp_pic\]$/,
    );
    expect(fragment.split(';')[1]).toBe('[bg][bp_pic]overlay=x=100:y=60:eof_action=pass[done]');
  });
});
