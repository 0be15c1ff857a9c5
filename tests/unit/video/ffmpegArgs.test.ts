import { describe, expect, it } from 'vitest';
import { blinkTrack, concatArgs, mouthTrack } from '../../../src/server/video/ffconcat';
import { pageArgs } from '../../../src/server/video/ffmpegArgs';
import { blinkTimes, frameAligned, mouthBox } from '../../../src/server/video/renderPlan';
import type { PagePlan, RigFiles } from '../../../src/server/video/planTypes';

const sprites = { A: '/m/A.png', D: '/m/D.png', X: '/m/X.png' };
const rig: RigFiles = {
  width: 800,
  height: 1400,
  body: '/r/body.png',
  blink: '/r/blink.png',
  mouths: sprites,
  mouth: { x: 340, y: 392, width: 120, height: 80 },
  eyes: { x: 316, y: 318, width: 168, height: 50 },
};

describe('mouth track', () => {
  it('shows each cue from the first frame at or after it, merges repeats and lists the last image twice', () => {
    // 25 fps: the cues at 100, 250 and 500 ms show from frames 3 (120 ms), 7 (280 ms) and 13 (520 ms).
    const track = mouthTrack(
      [
        { startMs: 0, shape: 'X' },
        { startMs: 100, shape: 'D' },
        { startMs: 250, shape: 'D' },
        { startMs: 400, shape: 'A' },
        { startMs: 500, shape: 'X' },
      ] as never,
      700,
      sprites,
    );
    expect(track).toBe(
      [
        'ffconcat version 1.0',
        "file '/m/X.png'",
        'duration 0.120',
        "file '/m/D.png'",
        'duration 0.280',
        "file '/m/A.png'",
        'duration 0.120',
        "file '/m/X.png'",
        'duration 0.180',
        "file '/m/X.png'",
        '',
      ].join('\n'),
    );
  });

  it('quotes file names with apostrophes for the concat demuxer', () => {
    expect(mouthTrack([], 100, { X: "/it's/X.png" })).toContain("file '/it'\\''s/X.png'");
  });
});

describe('blinks', () => {
  it('are deterministic per seed, 3 to 5.5 s apart, and never in the last 300 ms', () => {
    const times = blinkTimes(20_000, 3);
    expect(times).toEqual(blinkTimes(20_000, 3));
    expect(times[0]).toBe(1200);
    for (let i = 1; i < times.length; i++) {
      expect(times[i] - times[i - 1]).toBeGreaterThanOrEqual(3000);
      expect(times[i] - times[i - 1]).toBeLessThan(5500);
    }
    expect(times.at(-1)!).toBeLessThan(19_700);
  });

  it('alternate the open and closed images for four frames (160 ms)', () => {
    expect(blinkTrack([1200], 2000, '/o.png', '/c.png')).toBe(
      [
        'ffconcat version 1.0',
        "file '/o.png'",
        'duration 1.200',
        "file '/c.png'",
        'duration 0.160',
        "file '/o.png'",
        'duration 0.640',
        "file '/o.png'",
        '',
      ].join('\n'),
    );
  });
});

describe('page arguments', () => {
  const plan: PagePlan = {
    index: 1,
    frame: { width: 1920, height: 1080 },
    fps: 25,
    durationMs: 3280,
    background: null,
    slide: null,
    character: { rig, box: { x: 90, y: 300, width: 400, height: 700 } },
    audio: [],
  };

  it('places the mouth at the rig anchor scaled to the character box', () => {
    expect(mouthBox(rig, plan.character.box)).toEqual({ x: 260, y: 496, width: 60, height: 40 });
  });

  it('decodes the still once, overlays the mouth and eyes, pads the audio and cuts at the page length', () => {
    const clip = (file: string, durationMs: number) => ({ file, durationMs, mouth: [] });
    const spoken = { ...plan, audio: [clip('a.wav', 1000), clip('b.wav', 2280)] };
    const args = pageArgs(spoken, {
      still: 's.png',
      mouthTrack: 'm.txt',
      blinkTrack: 'b.txt',
      audio: ['a.wav', 'b.wav'],
      output: 'o.mp4',
    });
    const graph = args[args.indexOf('-filter_complex') + 1];
    expect(graph).toBe(
      [
        '[0:v]format=yuv420p,loop=loop=-1:size=1:start=0,settb=1/25,setpts=N[bg]',
        '[1:v]fps=25,scale=60:40[m]',
        '[2:v]fps=25,scale=84:26[e]',
        '[bg][m]overlay=260:496:eof_action=repeat[v1]',
        '[v1][e]overlay=248:459:eof_action=repeat,format=yuv420p[v]',
        '[3:a]aresample=48000,apad=whole_len=48000,atrim=end_sample=48000[c0]',
        '[4:a]aresample=48000,apad=whole_len=109440,atrim=end_sample=109440[c1]',
        '[c0][c1]concat=n=2:v=0:a=1,apad[a]',
      ].join(';'),
    );
    expect(args.slice(args.indexOf('-t'), args.indexOf('-t') + 2)).toEqual(['-t', '3.280']);
    expect(args).not.toContain('-loop');
    expect(args.at(-1)).toBe('o.mp4');
  });

  it("cuts a page encoded whole into its segments' files at key frames forced on their first frames", () => {
    const clip = (file: string, durationMs: number) => ({ file, durationMs, mouth: [] });
    const silent = { ...plan, silent: true, audio: [clip('a.wav', 1000), clip('b.wav', 2280)] };
    const files = { still: 's.png', mouthTrack: 'm.txt', blinkTrack: 'b.txt', audio: [] };
    const args = pageArgs(silent, { ...files, output: 'p-cut-%d.mp4', cutFrames: [25, 50] });
    expect(args.slice(args.indexOf('-an') + 1)).toEqual([
      '-force_key_frames', 'expr:eq(n,25)+eq(n,50)', '-forced-idr', '1',
      '-avoid_negative_ts', 'disabled',
      '-f', 'segment', '-segment_format', 'mp4', '-segment_frames', '25,50',
      '-reset_timestamps', '1', 'p-cut-%d.mp4',
    ]); // prettier-ignore
    // Without cuts: one MP4, nothing forced.
    const whole = pageArgs(silent, { ...files, output: 'o.mp4' });
    expect(whole.slice(whole.indexOf('-an') + 1)).toEqual(['-f', 'mp4', 'o.mp4']);
  });

  it('joins pages by stream copy with the index at the front', () => {
    expect(concatArgs('l.txt', 'v.mp4')).toEqual([
      '-y',
      '-f',
      'concat',
      '-safe',
      '0',
      '-i',
      'l.txt',
      '-c',
      'copy',
      '-movflags',
      '+faststart',
      '-f',
      'mp4',
      'v.mp4',
    ]);
  });

  it('aligns page lengths to whole frames', () => {
    expect(frameAligned(3256)).toBe(3280);
    expect(frameAligned(4000)).toBe(4000);
  });
});
