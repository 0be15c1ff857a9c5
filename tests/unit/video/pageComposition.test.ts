import { describe, expect, it } from 'vitest';
import { pageArgs } from '../../../src/server/video/ffmpegArgs';
import type { PlannedSticker } from '../../../src/server/video/planTypes';
import { loop, plan, video } from './layers/fixtures';

const sticker: PlannedSticker = {
  file: '/s/b.png',
  gif: false,
  box: { x: 10, y: 20, width: 200, height: 100 },
  startMs: 1040,
  baked: false,
};

describe('the page graph composed from its layers', () => {
  it('numbers inputs across layers: picture, narration, stickers, then the own presenter drawn over the page', () => {
    const own = { kind: 2 as const, video: '/o.mp4', keying: null };
    const args = pageArgs(
      {
        ...plan,
        video,
        stickers: [sticker],
        character: { ...plan.character, own },
        audio: [{ file: 'a.wav', durationMs: 3000, mouth: [] }],
      },
      { still: 's.png', front: 'f.png', mouthTrack: 'm', blinkTrack: 'b', audio: ['a.wav'], output: 'o.mp4' },
    );
    const inputs = args.slice(1, args.indexOf('-filter_complex')).filter((_, i, all) => all[i - 1] === '-i');
    expect(inputs).toEqual(['s.png', 'f.png', 'm', 'b', '/v.mp4', 'a.wav', '/s/b.png', '/o.mp4']);
    expect(args[args.indexOf('-filter_complex') + 1].split(';')).toEqual([
      `${loop(0)}[bg]`,
      '[1:v]format=yuva420p,loop=loop=-1:size=1:start=0,settb=1/25,setpts=N[fg]',
      '[4:v]setpts=PTS-STARTPTS,fps=25,scale=800:450:force_original_aspect_ratio=decrease,setsar=1,' +
        'pad=800:450:(ow-iw)/2:(oh-ih)/2:color=black,format=yuv420p,tpad=stop_mode=clone:stop_duration=3.000[pv]',
      '[2:v]fps=25,scale=60:40[m]',
      '[3:v]fps=25,scale=84:26[e]',
      '[bg][pv]overlay=1000:241:eof_action=repeat[v0]',
      '[v0][fg]overlay=90:300:eof_action=repeat[v1]',
      '[v1][m]overlay=260:496:eof_action=repeat[v2]',
      '[v2][e]overlay=248:459:eof_action=repeat[ownbase]',
      '[7:v]setpts=PTS-STARTPTS,fps=25,scale=400:700,split=2[own_loop][own_first]',
      '[own_loop]trim=duration=3.000[own_talk]',
      '[own_first]trim=end_frame=1,loop=loop=-1:size=1:start=0,settb=1/25,setpts=N,trim=duration=3.000[own_still]',
      "[ownbase][own_talk]overlay=x=90:y=300:eof_action=pass:enable='0'[own_spoken]",
      "[own_spoken][own_still]overlay=x=90:y=300:eof_action=pass:enable='eq(0,0)'[owned]",
      '[owned]null[vs]',
      '[6:v]scale=200:100[st0]',
      "[vs][st0]overlay=10:20:eof_action=repeat:enable='gte(t,1.040)'[vz]",
      '[vz]format=yuv420p[v]',
      '[5:a]aresample=48000,apad=whole_len=144000,atrim=end_sample=144000,apad,aformat=sample_fmts=fltp:channel_layouts=stereo[n]',
      '[4:a]aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo,volume=0.35,apad[va]',
      '[n][va]amerge=inputs=2,pan=stereo|c0=c0+c2|c1=c1+c3[a]',
    ]);
  });

  it('with shot parts takes the video sound from one more input after the narration, before the stickers', () => {
    const part = { isScale: 2, startMs: 0, durationMs: 3000, slide: null, character: null };
    const args = pageArgs(
      { ...plan, video, parts: [part], stickers: [sticker] },
      {
        still: 's',
        mouthTrack: 'm',
        blinkTrack: 'b',
        audio: ['a.wav'],
        output: 'o',
        parts: [{ still: 's0', mouthTrack: 'm0', blinkTrack: 'b0' }],
      },
    );
    const inputs = args.slice(1, args.indexOf('-filter_complex')).filter((_, i, all) => all[i - 1] === '-i');
    expect(inputs).toEqual(['s0', 'a.wav', '/v.mp4', '/s/b.png']);
    const graph = args[args.indexOf('-filter_complex') + 1].split(';');
    expect(graph).toContain('[3:v]scale=200:100[st0]');
    expect(graph).toContain(
      '[2:a]aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo,volume=0.35,apad[va]',
    );
  });
});
