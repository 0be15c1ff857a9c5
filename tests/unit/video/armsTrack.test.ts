import { describe, expect, it } from 'vitest';
import { armsScript, spriteCut } from '../../../src/server/video/armsTrack';
import { loopedStill, stillInputs } from '../../../src/server/video/layers/stills';

/** An RGBA picture of `width` x `height`, opaque where `drawn(x, y)`. */
function picture(width: number, height: number, drawn: (x: number, y: number) => boolean): Buffer {
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) if (drawn(x, y)) data[(y * width + x) * 4 + 3] = 255;
  return data;
}

const SIZE = { width: 40, height: 60 };
const FRAME = { width: 1920, height: 1080 };

describe('the arms sprites cut', () => {
  it('keeps every pixel any pose draws, its corner on even frame pixels', () => {
    const rest = picture(SIZE.width, SIZE.height, (x, y) => x >= 10 && x < 20 && y >= 30 && y < 50);
    const palm = picture(SIZE.width, SIZE.height, (x, y) => x >= 15 && x < 30 && y >= 25 && y < 40);
    // Box corner (100, 200): the drawn pixels start at frame x 110, y 225 -> y moved up to 224.
    expect(spriteCut([rest, palm], SIZE, { x: 100, y: 200 }, FRAME)).toEqual({
      x: 10,
      y: 24,
      width: 20,
      height: 26,
    });
  });

  it('leaves out what lies outside the frame and is null when nothing shows', () => {
    const arms = picture(SIZE.width, SIZE.height, (_x, y) => y >= 10);
    // The box stands 5 px past the left edge and 40 px past the bottom.
    expect(spriteCut([arms], SIZE, { x: -5, y: 1060 }, FRAME)).toEqual({
      x: 5,
      y: 10,
      width: 35,
      height: 10,
    });
    expect(spriteCut([arms], SIZE, { x: 0, y: 1070 }, FRAME)).toBeNull();
    expect(
      spriteCut([picture(SIZE.width, SIZE.height, () => false)], SIZE, { x: 0, y: 0 }, FRAME),
    ).toBeNull();
  });
});

describe('the arms track script', () => {
  it('shows each run for its length and lists the last sprite twice', () => {
    const runs = [
      { pose: 'rest' as const, ms: 400 },
      { pose: 'pointRight' as const, ms: 1600 },
      { pose: 'rest' as const, ms: 2040 },
    ];
    expect(armsScript(runs, { rest: '/w/rest.pam', pointRight: "/w/it's.pam" }).split('\n')).toEqual([
      'ffconcat version 1.0',
      "file '/w/rest.pam'",
      'duration 0.400',
      "file '/w/it'\\''s.pam'",
      'duration 1.600',
      "file '/w/rest.pam'",
      'duration 2.040',
      // The concat demuxer honours a duration only before another entry.
      "file '/w/rest.pam'",
      '',
    ]);
  });
});

describe('a still track in the page graph', () => {
  it('is read with the concat demuxer and converted once per picture before fps repeats it', () => {
    const track = '/w/p1-arms-stills.ffconcat';
    expect(stillInputs(track)).toEqual(['-f', 'concat', '-safe', '0', '-i', track]);
    expect(loopedStill(0, 25, { file: track })).toBe('[0:v]format=yuv420p,fps=25');
    expect(loopedStill(3, 25, { file: track, frames: 75 })).toBe(
      '[3:v]format=yuv420p,fps=25,trim=end_frame=75',
    );
    // One picture: decoded once and looped.
    expect(stillInputs('/w/p1-still.png')).toEqual(['-i', '/w/p1-still.png']);
    expect(loopedStill(0, 25, { file: '/w/p1-still.png' })).toBe(
      '[0:v]format=yuv420p,loop=loop=-1:size=1:start=0,settb=1/25,setpts=N',
    );
  });
});
