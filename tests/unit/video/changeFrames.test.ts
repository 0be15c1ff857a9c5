import { describe, expect, it } from 'vitest';
import { pageChanges, stickerStarts, trackChanges } from '../../../src/server/video/changeFrames';
import { pageArgs } from '../../../src/server/video/ffmpegArgs';
import { frameSelect } from '../../../src/server/video/layers/heldFrames';
import { loop, plan, video } from './layers/fixtures';

const sticker = (startMs: number, more: { gif?: boolean; baked?: boolean } = {}) => ({
  file: 's.png',
  gif: false,
  baked: false,
  box: { x: 0, y: 0, width: 10, height: 10 },
  startMs,
  ...more,
});

describe('the frames where a page can change', () => {
  it('are where each entry of a track starts, on the frame grid or both frames beside it', () => {
    const script = [
      'ffconcat version 1.0',
      "file 'a'",
      'duration 0.080',
      "file 'b'",
      'duration 0.050',
      "file 'c'",
      'duration 1.000',
      "file 'c'",
    ];
    // a at 0, b at 80 ms (frame 2), c at 130 ms (3.25 frames: 3 or 4), the repeated c at 1130 ms.
    expect(trackChanges(script.join('\n'), 25)).toEqual([0, 2, 3, 4, 28, 29]);
  });

  it('include the frame a timed PNG sticker switches on and the one after; none for a baked one', () => {
    expect(stickerStarts([sticker(1730), sticker(0), sticker(500, { baked: true })], 25)).toEqual([43, 44]);
  });

  it('are sorted from frame 0 with the two frames past the end, or null when most frames change', () => {
    expect(
      pageChanges(
        [
          [5, 2, 2],
          [7, 200],
        ],
        100,
      ),
    ).toEqual([0, 2, 5, 7, 100, 101]);
    const busy = Array.from({ length: 80 }, (_, n) => n);
    expect(pageChanges([busy], 100)).toBeNull();
  });

  it('select exactly the listed frames with a binary search on n', () => {
    expect(frameSelect([0, 5, 9])).toBe('if(lt(n,5),eq(n,0),if(lt(n,9),eq(n,5),eq(n,9)))');
    expect(frameSelect([3])).toBe('eq(n,3)');
  });
});

describe('a page drawn where it changes', () => {
  const files = {
    still: 's.png',
    mouthTrack: 'm',
    blinkTrack: 'b',
    audio: [],
    output: 'o.mp4',
    changeFrames: [0, 5, 9],
  };
  const graphOf = (args: string[]) => args[args.indexOf('-filter_complex', 2) + 1];

  it('keeps the changing frames of the background and holds them before the pixel format', () => {
    const graph = graphOf(pageArgs({ ...plan, silent: true }, files));
    expect(graph.startsWith(`${loop(0)},select='if(lt(n,5),eq(n,0),if(lt(n,9),eq(n,5),eq(n,9)))'[bg];`)).toBe(
      true,
    );
    expect(graph.endsWith(',fps=25,format=yuv420p[v]')).toBe(true);
  });

  it('is drawn on every frame with a page video, as without the list', () => {
    const withVideo = { ...plan, video, silent: true };
    const { changeFrames: _, ...without } = files;
    expect(pageArgs(withVideo, files)).toEqual(pageArgs(withVideo, without));
  });
});
