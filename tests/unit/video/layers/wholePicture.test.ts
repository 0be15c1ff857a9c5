import { describe, expect, it } from 'vitest';
import { headLayout } from '../../../../src/model/motion';
import { motionExpressions } from '../../../../src/server/video/layers/motionExpr';
import { wholePicture } from '../../../../src/server/video/layers/wholePicture';
import { pageMotion } from '../../../../src/server/video/speaking';
import { loop, plan, video } from './fixtures';

const files = { still: 's.png', mouthTrack: 'm', blinkTrack: 'b', audio: [], output: 'o' };
const track = (file: string) => ['-f', 'concat', '-safe', '0', '-i', file];

describe('the picture of a page in one framing', () => {
  it('is the page still with the mouth and the eyes over it', () => {
    expect(wholePicture(plan, files)).toEqual({
      inputs: ['-i', 's.png', ...track('m'), ...track('b')],
      chains: [
        `${loop(0)}[bg]`,
        '[1:v]fps=25,scale=60:40[m]',
        '[2:v]fps=25,scale=84:26[e]',
        '[bg][m]overlay=260:496:eof_action=repeat[v1]',
      ],
      head: '[v1][e]overlay=248:459:eof_action=repeat',
      sound: null,
    });
  });

  it('with a video: background, video at its box, presenter body, sprites; the sound from the video input', () => {
    expect(wholePicture({ ...plan, video }, { ...files, front: 'f.png' })).toEqual({
      inputs: ['-i', 's.png', '-i', 'f.png', ...track('m'), ...track('b'), '-threads', '1', '-i', '/v.mp4'],
      chains: [
        `${loop(0)}[bg]`,
        '[1:v]format=yuva420p,loop=loop=-1:size=1:start=0,settb=1/25,setpts=N[fg]',
        '[4:v]setpts=PTS-STARTPTS,fps=25,scale=800:450:force_original_aspect_ratio=decrease,setsar=1,' +
          'pad=800:450:(ow-iw)/2:(oh-ih)/2:color=black,format=yuv420p,tpad=stop_mode=clone:stop_duration=3.000[pv]',
        '[2:v]fps=25,scale=60:40[m]',
        '[3:v]fps=25,scale=84:26[e]',
        '[bg][pv]overlay=1000:241:eof_action=repeat[v0]',
        '[v0][fg]overlay=90:300:eof_action=repeat[v1]',
        '[v1][m]overlay=260:496:eof_action=repeat[v2]',
      ],
      head: '[v2][e]overlay=248:459:eof_action=repeat',
      sound: { input: 4 },
    });
    expect(
      wholePicture({ ...plan, video: { ...video, sound: false } }, { ...files, front: 'f' }).sound,
    ).toBeNull();
  });

  it('with a video that does not reach the presenter: no front, the body is in the background still', () => {
    expect(wholePicture({ ...plan, video }, files)).toEqual({
      inputs: ['-i', 's.png', ...track('m'), ...track('b'), '-threads', '1', '-i', '/v.mp4'],
      chains: [
        `${loop(0)}[bg]`,
        '[3:v]setpts=PTS-STARTPTS,fps=25,scale=800:450:force_original_aspect_ratio=decrease,setsar=1,' +
          'pad=800:450:(ow-iw)/2:(oh-ih)/2:color=black,format=yuv420p,tpad=stop_mode=clone:stop_duration=3.000[pv]',
        '[1:v]fps=25,scale=60:40[m]',
        '[2:v]fps=25,scale=84:26[e]',
        '[bg][pv]overlay=1000:241:eof_action=repeat[v1]',
        '[v1][m]overlay=260:496:eof_action=repeat[v2]',
      ],
      head: '[v2][e]overlay=248:459:eof_action=repeat',
      sound: { input: 3 },
    });
  });
});

describe('the picture of a page with a layered presenter and a head track', () => {
  const layered = {
    ...plan,
    character: {
      ...plan.character,
      rig: {
        ...plan.character.rig,
        head: {
          file: '/r/head.png',
          box: { x: 236, y: 122, width: 328, height: 542 },
          pivot: { x: 400, y: 480 },
        },
      },
    },
  };
  const { rig, box } = layered.character;
  const expr = motionExpressions(
    pageMotion(layered),
    headLayout({ ...rig, head: rig.head.box, pivot: rig.head.pivot }, box),
    0,
  );
  const placed = (below: string, out: string) =>
    `${below}[hr]overlay=x='${expr.x}':y='${expr.y}':eval=frame:eof_action=repeat${out}`;

  it('reads only the head track (no mouth, blink or head still) and places its sprite per frame, unturned', () => {
    expect(wholePicture(layered, { ...files, headTrack: 'h' })).toEqual({
      inputs: ['-i', 's.png', ...track('h')],
      chains: [`${loop(0)}[bg]`, '[1:v]format=yuva420p,fps=25[hr]', placed('[bg]', '[v1]')],
      head: '[v1]null',
      sound: null,
    });
  });

  it('with a video: the video input follows the head track', () => {
    const picture = wholePicture({ ...layered, video }, { ...files, headTrack: 'h', front: 'f.png' });
    expect(picture.inputs).toEqual([
      '-i',
      's.png',
      '-i',
      'f.png',
      ...track('h'),
      '-threads',
      '1',
      '-i',
      '/v.mp4',
    ]);
    expect(picture.chains).toContain('[2:v]format=yuva420p,fps=25[hr]');
    expect(picture.chains.at(-1)).toBe(placed('[v1]', '[v2]'));
    expect(picture.sound).toEqual({ input: 3 });
  });

  it('draws the arms track over the still before the head while the page shows a gesture', () => {
    const arms = { track: 'a.ffconcat', at: { x: 120, y: 640 } };
    expect(wholePicture(layered, { ...files, headTrack: 'h', arms })).toEqual({
      inputs: ['-i', 's.png', ...track('h'), ...track('a.ffconcat')],
      chains: [
        `${loop(0)}[bg]`,
        '[2:v]format=yuva420p,fps=25[ar]',
        '[bg][ar]overlay=120:640:eof_action=repeat[ba]',
        '[1:v]format=yuva420p,fps=25[hr]',
        placed('[ba]', '[v1]'),
      ],
      head: '[v1]null',
      sound: null,
    });
  });

  it('with a video: the arms over the presenter body, their track the last input', () => {
    const arms = { track: 'a.ffconcat', at: { x: 120, y: 640 } };
    const picture = wholePicture({ ...layered, video }, { ...files, headTrack: 'h', front: 'f.png', arms });
    expect(picture.inputs).toEqual([
      '-i', 's.png', '-i', 'f.png', ...track('h'), '-threads', '1', '-i', '/v.mp4', ...track('a.ffconcat'),
    ]); // prettier-ignore
    expect(picture.chains.slice(-4, -1)).toEqual([
      '[v0][fg]overlay=90:300:eof_action=repeat[v1]',
      '[4:v]format=yuva420p,fps=25[ar]',
      '[v1][ar]overlay=120:640:eof_action=repeat[va]',
    ]);
    expect(picture.head).toBe('[v2]null');
    expect(picture.chains.at(-1)).toBe(placed('[va]', '[v2]'));
    expect(picture.sound).toEqual({ input: 3 });
  });

  it('without a head track turns the head in ffmpeg, as before', () => {
    const chains = wholePicture(layered, files).chains.join(';');
    expect(chains).toContain(`rotate=a='${expr.angle}'`);
  });
});
