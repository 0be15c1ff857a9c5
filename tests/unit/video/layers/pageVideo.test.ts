import { describe, expect, it } from 'vitest';
import {
  pageVideoChain,
  presenterOverVideo,
  videoAt,
  videoFileAt,
} from '../../../../src/server/video/layers/pageVideo';

const box = { x: 1000.4, y: 240.6, width: 801, height: 451 };

describe('page video layer', () => {
  it('letterboxes the video inside its box on even pixels, plays it once and holds the last frame', () => {
    expect(pageVideoChain('[4:v]', box, 25, 3000, '[pv]')).toBe(
      '[4:v]setpts=PTS-STARTPTS,fps=25,scale=800:450:force_original_aspect_ratio=decrease,setsar=1,' +
        'pad=800:450:(ow-iw)/2:(oh-ih)/2:color=black,format=yuv420p,tpad=stop_mode=clone:stop_duration=3.000[pv]',
    );
  });

  it('cuts a shot part its own stretch of page time, restarting at 0', () => {
    expect(
      pageVideoChain('[1:v]', box, 25, 3000, '[pv1]', { window: { startMs: 1640, durationMs: 1360 } }),
    ).toBe(
      '[1:v]setpts=PTS-STARTPTS,fps=25,scale=800:450:force_original_aspect_ratio=decrease,setsar=1,' +
        'pad=800:450:(ow-iw)/2:(oh-ih)/2:color=black,format=yuv420p,tpad=stop_mode=clone:stop_duration=3.000,' +
        'trim=start=1.640:duration=1.360,setpts=PTS-STARTPTS[pv1]',
    );
  });

  it('reads scaled frames as they are: only the page fps, the hold and the cut are left', () => {
    const window = { startMs: 1640, durationMs: 1360 };
    expect(pageVideoChain('[1:v]', box, 25, 3000, '[pv1]', { window, scaled: true })).toBe(
      '[1:v]setpts=PTS-STARTPTS,fps=25,tpad=stop_mode=clone:stop_duration=3.000,' +
        'trim=start=1.640:duration=1.360,setpts=PTS-STARTPTS[pv1]',
    );
  });

  it('reads the scaled frames made for the box size, else the upload', () => {
    const video = { file: 'up.mp4', durationMs: 3000, aspect: 16 / 9, hasAudio: true, box, sound: true };
    expect(videoFileAt(video, box)).toEqual({ file: 'up.mp4', scaled: false });
    const scaled = { ...video, scaled: { '800x450': 'p1-video-800x450.mp4' } };
    expect(videoFileAt(scaled, box)).toEqual({ file: 'p1-video-800x450.mp4', scaled: true });
    // A shot part shows it in another box: that size was not made, so the upload is read.
    expect(videoFileAt(scaled, { x: 0, y: 0, width: 1920, height: 1080 })).toEqual({
      file: 'up.mp4',
      scaled: false,
    });
  });

  it('is drawn at its box corner on whole pixels', () => {
    expect(videoAt(box)).toEqual({ x: 1000, y: 241 });
  });

  it('has the presenter drawn over it only where the presenter area meets the drawn video', () => {
    const frame = { width: 1920, height: 1080 };
    const page = (x: number, video = { box }) => ({
      frame,
      video,
      character: { box: { x, y: 300, width: 200, height: 500 } },
    });
    // The video fills x 1000..1800 (corner rounded to 1000, width to 800).
    expect(presenterOverVideo(page(790))).toBe(false);
    expect(presenterOverVideo(page(798))).toBe(false);
    expect(presenterOverVideo(page(801))).toBe(true);
    expect(presenterOverVideo(page(1799))).toBe(true);
    expect(presenterOverVideo(page(1800))).toBe(false);
    // Above or below the video: apart; no video: nothing to be over.
    expect(
      presenterOverVideo({ ...page(1200), character: { box: { x: 1200, y: 700, width: 200, height: 300 } } }),
    ).toBe(false);
    expect(
      presenterOverVideo({ frame, character: { box: { x: 1200, y: 300, width: 200, height: 500 } } }),
    ).toBe(false);
  });
});
