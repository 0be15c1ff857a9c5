import { describe, expect, it } from 'vitest';
import { shotFraming } from '../../../src/model/project';
import { pageArgs } from '../../../src/server/video/ffmpegArgs';
import { pageCacheKey } from '../../../src/server/video/pageCache';
import { shotParts } from '../../../src/server/video/renderPlan';
import type { PageAudio, PagePlan } from '../../../src/server/video/planTypes';
import { rig } from './layers/fixtures';

const frame = { width: 1920, height: 1080 };
const layout = {
  slide: { x: 1000, y: 240, width: 800, height: 450 },
  character: { x: 80, y: 220, width: 400, height: 700 },
  characterAspect: rig.width / rig.height,
};
const frameOf = (s: number) => shotFraming(frame, layout, s);
const clip = (durationMs: number, isScale?: number): PageAudio => ({
  file: 'a.wav',
  durationMs,
  mouth: [],
  isScale,
});

describe('shot parts of a page', () => {
  it('are absent when every segment is in normal framing (the one-still graph stays)', () => {
    expect(shotParts([clip(1000), clip(900, 1)], 1920, frameOf)).toBeNull();
  });

  it('cut at the segment audio boundaries rounded to whole frames and merge equal neighbours', () => {
    const parts = shotParts([clip(1010, 1), clip(1530, 2), clip(500, 2), clip(987, 4)], 4040, frameOf)!;
    expect(parts.map((p) => [p.isScale, p.startMs, p.durationMs])).toEqual([
      [1, 0, 1000],
      [2, 1000, 2040],
      [4, 3040, 1000],
    ]);
    expect(parts[1].character).toBeNull();
    expect(parts[1].slide).toEqual({ x: 0, y: 0, width: 1920, height: 1080 });
    expect(parts[2].slide).toBeNull();
    expect(parts[2].character?.height).toBe(2160);
    expect(parts.reduce((sum, p) => sum + p.durationMs, 0)).toBe(4040);
  });
});

describe('page graph with shot parts', () => {
  const parts = shotParts([clip(1000, 1), clip(1000, 2), clip(1000, 4)], 3000, frameOf)!;
  const plan: PagePlan = {
    index: 1,
    frame,
    fps: 25,
    durationMs: 3000,
    background: null,
    slide: { file: 'slide.png', box: layout.slide },
    character: { rig, box: layout.character },
    audio: [clip(1000, 1), clip(1000, 2), clip(1000, 4)],
    parts,
  };
  const files = (k: number) => ({ still: `s${k}.png`, mouthTrack: `m${k}.txt`, blinkTrack: `b${k}.txt` });

  it('loops each part still for its frames, overlays the mouth where the framing puts it, none when hidden', () => {
    const args = pageArgs(plan, {
      still: 's.png',
      mouthTrack: 'm.txt',
      blinkTrack: 'b.txt',
      audio: ['a.wav', 'b.wav', 'c.wav'],
      output: 'o.mp4',
      parts: [files(0), files(1), files(2)],
    });
    const graph = args[args.indexOf('-filter_complex') + 1].split(';');
    const loop = (i: number, frames: number) =>
      `[${i}:v]format=yuv420p,loop=loop=-1:size=1:start=0,settb=1/25,setpts=N,trim=end_frame=${frames},setsar=1`;
    // Part 1 (normal): 400x700 box, half the rig: mouth 60x40 at 80+170, 220+196.
    // Part 3 (人物半身): 1234x2160 at x 343; mouth 340,392 of 800x1400 scaled by 1.5425 / 1.5429.
    expect(graph).toEqual([
      `${loop(0, 25)}[b0]`,
      '[1:v]fps=25,scale=60:40[m0]',
      '[2:v]fps=25,scale=84:26[e0]',
      '[b0][m0]overlay=250:416:eof_action=repeat[o0]',
      '[o0][e0]overlay=238:379:eof_action=repeat,format=yuv420p[p0]',
      `${loop(3, 25)}[p1]`,
      `${loop(4, 25)}[b2]`,
      '[5:v]fps=25,scale=186:124[m2]',
      '[6:v]fps=25,scale=260:78[e2]',
      '[b2][m2]overlay=867:605:eof_action=repeat[o2]',
      '[o2][e2]overlay=830:491:eof_action=repeat,format=yuv420p[p2]',
      '[p0]trim=end_frame=25,setpts=PTS-STARTPTS[jc0]',
      '[p1]trim=end_frame=25,setpts=PTS-STARTPTS[jc1]',
      '[p2]trim=end_frame=25,setpts=PTS-STARTPTS[jc2]',
      '[jc0][jc1][jc2]concat=n=3:v=1:a=0,format=yuv420p[v]',
      '[7:a]aresample=48000,apad=whole_len=48000,atrim=end_sample=48000[c0]',
      '[8:a]aresample=48000,apad=whole_len=48000,atrim=end_sample=48000[c1]',
      '[9:a]aresample=48000,apad=whole_len=48000,atrim=end_sample=48000[c2]',
      '[c0][c1][c2]concat=n=3:v=0:a=1,apad[a]',
    ]);
    expect(args.filter((a) => a === '-i')).toHaveLength(10);
  });

  it('puts the framing into the page cache key', () => {
    const normal: PagePlan = { ...plan, parts: undefined };
    const other = shotParts([clip(1000, 1), clip(1000, 3), clip(1000, 4)], 3000, frameOf)!;
    const keys = new Set([
      pageCacheKey(plan, null),
      pageCacheKey(normal, null),
      pageCacheKey({ ...plan, parts: other }, null),
    ]);
    expect(keys.size).toBe(3);
  });
});
