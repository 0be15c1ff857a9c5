import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Texture } from '../../../src/model/project';
import { stickerStartMs } from '../../../src/model/motion';
import { pageArgs } from '../../../src/server/video/ffmpegArgs';
import { pageCacheKey } from '../../../src/server/video/pageCache';
import type { PageAudio, PagePlan } from '../../../src/server/video/planTypes';
import { planStickers, stickerChains, stickerInputs } from '../../../src/server/video/stickers';
import type { PlannedSticker } from '../../../src/server/video/planTypes';

const clip = (durationMs: number): PageAudio => ({ file: 'a.wav', durationMs, mouth: [] });
const audio = [clip(1010), clip(2030), clip(987)];
const texture = (position: number, box = { x: 100, y: 100, width: 200, height: 120 }): Texture => ({
  textureId: 's001',
  path: '/library/stickers/s001.png',
  ...box,
  position,
  id: `t${position}`,
});

describe('sticker timing', () => {
  it('starts at the page start for position 0 or 1', () => {
    expect(stickerStartMs(0, audio, 4040, 25)).toBe(0);
    expect(stickerStartMs(1, audio, 4040, 25)).toBe(0);
  });

  it('starts at its segment audio start: every clip before it lasts whole frames', () => {
    // 1010 ms -> 26 frames (1040 ms); 1040 + 2040 (2030 ms -> 51 frames) = 3080 ms.
    expect(stickerStartMs(2, audio, 4120, 25)).toBe(1040);
    expect(stickerStartMs(3, audio, 4120, 25)).toBe(3080);
  });

  it('after the last segment starts when the narration ends, but at least 1.5 s before the page does', () => {
    // Narration 4080 ms in whole frames; a longer page video holds the page to 8 s: the narration's end.
    expect(stickerStartMs(4, audio, 8000, 25)).toBe(4080);
    // The page ends with the narration: 1.5 s before its end (2540 ms, frame 63.5: frame 64).
    expect(stickerStartMs(4, audio, 4040, 25)).toBe(2560);
    expect(stickerStartMs(9, audio, 4000, 25)).toBe(2520);
    // A page shorter than 1.5 s shows it from the start.
    expect(stickerStartMs(2, [clip(1000)], 1000, 25)).toBe(0);
  });
});

describe('planned stickers', () => {
  const png = { file: '/s/s001.png', gif: false };
  const gif = { file: '/s/g001.gif', gif: true };
  const timing = { audio, durationMs: 4040, fps: 25 };

  it('bakes a whole-page PNG into the still; timed ones, GIFs and those over the face are overlays', () => {
    const mouth = { x: 500, y: 500, width: 60, height: 40 };
    const planned = planStickers(
      [texture(1), texture(2), texture(0), texture(0, { x: 480, y: 480, width: 50, height: 50 })],
      (t) => (t.id === 't2' ? png : t.id === 't0' && t.x === 100 ? gif : png),
      timing,
      [mouth],
      true,
    );
    expect(planned.map((s) => [s.startMs, s.gif, s.baked])).toEqual([
      [0, false, true],
      [1040, false, false],
      [0, true, false],
      [0, false, false],
    ]);
  });

  it('bakes nothing on a page whose still lies under a video', () => {
    expect(planStickers([texture(1)], () => png, timing, [], false)[0].baked).toBe(false);
  });

  it('rounds boxes to whole pixels', () => {
    const [s] = planStickers(
      [texture(1, { x: 10.4, y: 20.6, width: 99.5, height: 0.2 })],
      () => png,
      timing,
      [],
      true,
    );
    expect(s.box).toEqual({ x: 10, y: 21, width: 100, height: 1 });
  });
});

describe('sticker overlay chains', () => {
  const stickers: PlannedSticker[] = [
    { file: '/s/a.png', gif: false, box: { x: 1, y: 2, width: 3, height: 4 }, startMs: 0, baked: true },
    {
      file: '/s/b.png',
      gif: false,
      box: { x: 10, y: 20, width: 200, height: 100 },
      startMs: 3040,
      baked: false,
    },
    {
      file: '/s/c.gif',
      gif: true,
      box: { x: 30, y: 40, width: 160, height: 160 },
      startMs: 1000,
      baked: false,
    },
  ];

  it('adds inputs only for overlays; a GIF without a loop track loops as the file says', () => {
    expect(stickerInputs(stickers)).toEqual(['-i', '/s/b.png', '-ignore_loop', '0', '-i', '/s/c.gif']);
  });

  it('switches a PNG on at its time and shifts a GIF to start there', () => {
    expect(stickerChains(stickers, 7, '[in]', '[out]')).toEqual([
      '[7:v]scale=200:100[st0]',
      "[in][st0]overlay=10:20:eof_action=repeat:enable='gte(t,3.040)'[sv0]",
      '[8:v]scale=160:160,setpts=PTS-STARTPTS+1.000/TB[st1]',
      '[sv0][st1]overlay=30:40:eof_action=repeat[out]',
    ]);
  });

  it('reads a GIF’s loop track, already at its box’s size, looping until the page ends', () => {
    const looped = [{ ...stickers[2], loop: { file: '/w/p1-gif2.yuva', fps: '1000/80' } }];
    expect(stickerInputs(looped).join(' ')).toBe(
      '-f rawvideo -pix_fmt yuva420p -s 160x160 -framerate 1000/80 -stream_loop -1 -i /w/p1-gif2.yuva',
    );
    expect(stickerChains(looped, 5, '[in]', '[out]')).toEqual([
      '[5:v]settb=1/1000,setpts=PTS-STARTPTS+1.000/TB[st0]',
      '[in][st0]overlay=30:40:eof_action=repeat[out]',
    ]);
  });

  it('is null when every sticker is in the still', () => {
    expect(stickerChains(stickers.slice(0, 1), 3, '[a]', '[b]')).toBeNull();
  });
});

describe('stickers in the page graph and the cache key', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'sticker-key-'));
  const file = (name: string) => {
    const f = path.join(dir, name);
    writeFileSync(f, name);
    return f;
  };
  const rig = {
    width: 800,
    height: 1400,
    body: file('body.png'),
    blink: file('blink.png'),
    mouths: { X: file('X.png') },
    mouth: { x: 340, y: 392, width: 120, height: 80 },
    eyes: { x: 316, y: 318, width: 168, height: 50 },
  };
  const base: PagePlan = {
    index: 1,
    frame: { width: 1920, height: 1080 },
    fps: 25,
    durationMs: 2000,
    background: null,
    slide: null,
    character: { rig, box: { x: 90, y: 300, width: 400, height: 700 } },
    audio: [{ file: file('a.wav'), durationMs: 2000, mouth: [] }],
  };
  const sticker: PlannedSticker = {
    file: file('g.gif'),
    gif: true,
    box: { x: 1000, y: 100, width: 200, height: 200 },
    startMs: 1000,
    baked: false,
  };
  const files = { still: 's.png', mouthTrack: 'm', blinkTrack: 'b', audio: ['a.wav'], output: 'o.mp4' };

  it('draws overlays after the sprites and before subtitles, from inputs after the audio', () => {
    const args = pageArgs(
      { ...base, stickers: [sticker] },
      { ...files, subtitles: { assFile: '/w/p.ass', fontsDir: '/f' } },
    );
    const graph = args[args.indexOf('-filter_complex') + 1].split(';');
    expect(args.slice(args.indexOf('a.wav') + 1, args.indexOf('a.wav') + 5)).toEqual([
      '-ignore_loop',
      '0',
      '-i',
      sticker.file,
    ]);
    expect(graph).toContain('[4:v]scale=200:200,setpts=PTS-STARTPTS+1.000/TB[st0]');
    const last = graph.findIndex((c) => c.startsWith('[vz]'));
    expect(graph[last]).toMatch(/^\[vz\]format=yuv420p,subtitles=.*\[v\]$/);
    expect(graph.findIndex((c) => c.startsWith('[vs][st0]overlay'))).toBeLessThan(last);
  });

  it('leaves the graph of a page without stickers as it was', () => {
    const graph = pageArgs(base, files).join(' ');
    expect(graph).toContain('eof_action=repeat,format=yuv420p[v]');
    expect(graph).not.toContain('[vs]');
  });

  it('changes the cache key when a sticker moves, changes time or its file changes', () => {
    const key = pageCacheKey({ ...base, stickers: [sticker] }, null);
    expect(pageCacheKey({ ...base, stickers: [structuredClone(sticker)] }, null)).toBe(key);
    expect(pageCacheKey(base, null)).not.toBe(key);
    const moved = { ...sticker, box: { ...sticker.box, x: 1002 } };
    expect(pageCacheKey({ ...base, stickers: [moved] }, null)).not.toBe(key);
    expect(pageCacheKey({ ...base, stickers: [{ ...sticker, startMs: 1040 }] }, null)).not.toBe(key);
    writeFileSync(sticker.file, 'another gif, another size');
    expect(pageCacheKey({ ...base, stickers: [sticker] }, null)).not.toBe(key);
  });
});
