import { describe, expect, it } from 'vitest';
import { pageArgs } from '../../../src/server/video/ffmpegArgs';
import type { PagePart, PagePlan } from '../../../src/server/video/planTypes';
import { joinParts, partFrames, transitionLeads } from '../../../src/server/video/transitions';
import { rig } from './layers/fixtures';

const part = (startMs: number, durationMs: number, leadMs?: number): PagePart => ({
  isScale: 1,
  startMs,
  durationMs,
  ...(leadMs ? { leadMs } : {}),
  slide: null,
  character: null,
});

describe('shot transition leads', () => {
  it('blend 9 frames (360 ms) into every part but the first', () => {
    expect(transitionLeads([part(0, 2000), part(2000, 1000), part(3000, 3000)], 25)).toEqual([0, 360, 360]);
  });

  it('never take more than half of the previous part', () => {
    // 200 ms = 5 frames: at most 2 of them blend.
    expect(transitionLeads([part(0, 200), part(200, 2000)], 25)).toEqual([0, 80]);
    expect(transitionLeads([part(0, 40), part(40, 2000)], 25)).toEqual([0, 0]);
  });

  it('render a part from its lead: lead + own frames', () => {
    expect(partFrames(part(1000, 2000, 360), 25)).toBe(59);
    expect(partFrames(part(0, 1000), 25)).toBe(25);
  });
});

describe('joining parts', () => {
  it('is the plain concat without leads, each part cut to its frames', () => {
    // Uncut, a part's stream ran a frame long, and every later framing came a frame late.
    expect(joinParts([part(0, 1000), part(1000, 1000)], 25)).toEqual({
      chains: [
        '[p0]trim=end_frame=25,setpts=PTS-STARTPTS[jc0]',
        '[p1]trim=end_frame=25,setpts=PTS-STARTPTS[jc1]',
      ],
      head: '[jc0][jc1]concat=n=2:v=1:a=0',
    });
  });

  it('crossfades the head of each part over the tail of the one before, then concatenates', () => {
    // Part 0: 50 frames (the last 9 blend), part 1: 9 + 25 frames, part 2: 9 + 50 frames.
    const parts = [part(0, 2000), part(2000, 1000, 360), part(3000, 2000, 360)];
    expect(joinParts(parts, 25)).toEqual({
      chains: [
        '[p0]split=2[jb0][jt0]',
        '[jb0]trim=start_frame=0:end_frame=41,setpts=PTS-STARTPTS[jc0]',
        '[jt0]trim=start_frame=41:end_frame=50,setpts=PTS-STARTPTS[jx0]',
        '[p1]split=3[jh1][jb1][jt1]',
        '[jh1]fifo,trim=start_frame=0:end_frame=9,setpts=PTS-STARTPTS,format=yuv420p,format=yuva420p,fade=t=in:s=0:n=9:alpha=1[jf1]',
        '[jx0][jf1]overlay=0:0[jo1]',
        '[jb1]trim=start_frame=9:end_frame=25,setpts=PTS-STARTPTS[jc1]',
        '[jt1]trim=start_frame=25:end_frame=34,setpts=PTS-STARTPTS[jx1]',
        '[p2]split=2[jh2][jb2]',
        '[jh2]fifo,trim=start_frame=0:end_frame=9,setpts=PTS-STARTPTS,format=yuv420p,format=yuva420p,fade=t=in:s=0:n=9:alpha=1[jf2]',
        '[jx1][jf2]overlay=0:0[jo2]',
        '[jb2]trim=start_frame=9:end_frame=59,setpts=PTS-STARTPTS[jc2]',
      ],
      // body 0 (41) + blend (9) + body 1 (16) + blend (9) + body 2 (50) = 125 frames = 5 s.
      head: '[jc0][jo1][jc1][jo2][jc2]concat=n=5:v=1:a=0',
    });
  });
});

describe('a page graph with transitions and stickers', () => {
  it('defines every link label once and uses it once', () => {
    const box = { x: 100, y: 100, width: 400, height: 700 };
    const parts = [
      { ...part(0, 2000), character: box },
      { ...part(2000, 1000, 360), isScale: 2 },
      { ...part(3000, 2000, 360), character: box },
    ];
    const plan = {
      index: 1,
      frame: { width: 1920, height: 1080 },
      fps: 25,
      durationMs: 5000,
      background: null,
      slide: null,
      character: { rig, box },
      audio: [{ file: 'a.wav', durationMs: 5000, mouth: [] }],
      parts,
      stickers: [
        { file: '/s.gif', gif: true, box, startMs: 1000, baked: false },
        { file: '/s.png', gif: false, box, startMs: 2000, baked: false },
      ],
    } as PagePlan;
    const partFiles = parts.map((_, k) => ({ still: `s${k}`, mouthTrack: `m${k}`, blinkTrack: `b${k}` }));
    const args = pageArgs(plan, {
      still: 's',
      mouthTrack: 'm',
      blinkTrack: 'b',
      audio: ['a.wav'],
      output: 'o.mp4',
      parts: partFiles,
    });
    const chains = args[args.indexOf('-filter_complex') + 1].split(';');
    const outputs = chains.flatMap((c) => /((?:\[[^\]]+\])+)$/.exec(c)![1].match(/\[[^\]]+\]/g)!);
    const inputs = chains.flatMap(
      (c) => (/^((?:\[[^\]]+\])+)/.exec(c)?.[1] ?? '').match(/\[[^\]]+\]/g) ?? [],
    );
    expect(new Set(outputs).size).toBe(outputs.length);
    for (const label of outputs.filter((l) => l !== '[v]' && l !== '[a]'))
      expect(
        inputs.filter((i) => i === label),
        label,
      ).toHaveLength(1);
  });
});
