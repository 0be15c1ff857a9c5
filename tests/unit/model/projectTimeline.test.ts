import { describe, expect, it } from 'vitest';
import {
  attachVideo,
  muteVideo,
  setPageAudio,
  setSegmentAudio,
  type ProjectDocument,
} from '../../../src/model/project';
import {
  clipAt,
  formatClock,
  frameAlignedMs,
  isScaleAt,
  pageClips,
  pageIndexAt,
  projectTimeline,
  stickersShownAt,
  timelineAudioPaths,
  type MediaLengths,
} from '../../../src/model/project/projectTimeline';
import { must, readyDocument } from './fixtures';

/** Lengths from a table; unknown files answer undefined, as before their timings arrive. */
const lengths = (audio: Record<string, number>, video: Record<string, number> = {}): MediaLengths => ({
  audioMs: (p) => audio[p],
  videoMs: (p) => video[p],
});

/** Page `at` with segments (shot tags) and stickers at given positions, as the editor saves them. */
function withSegments(
  doc: ProjectDocument,
  at: number,
  segments: { text: string; isScale: number }[],
  stickers: number[],
): ProjectDocument {
  const pages = doc.ppt.pages.map((p, i) =>
    i !== at
      ? p
      : {
          ...p,
          text: segments.map((s) => s.text).join(''),
          childList: segments.map((s, k) => ({
            ttsText: s.text,
            tts: '',
            mouthVideo: '',
            isScale: s.isScale as 1 | 2 | 3 | 4,
            index: k + 1,
          })),
          textureList: stickers.map((position, k) => ({
            textureId: `s00${k}`,
            path: `/files/t/${k}.png`,
            x: 10,
            y: 10,
            width: 100,
            height: 100,
            position,
            id: `i${k}`,
          })),
        },
  );
  return { ...doc, ppt: { ...doc.ppt, pages } };
}

describe('projectTimeline', () => {
  it('lays narrated pages end to end, each as long as its audio in whole 25 fps frames', () => {
    let doc = readyDocument();
    doc = must(setPageAudio(doc, 0, { path: '/files/a.wav', soundTime: 2.4 }));
    doc = must(setPageAudio(doc, 1, { path: '/files/b.wav', soundTime: 1.01 }));
    const t = projectTimeline(doc, lengths({ '/files/a.wav': 2400, '/files/b.wav': 1010 }));
    // 1010 ms is 25.25 frames: the page lasts 26 frames, 1040 ms.
    expect(t.pages.map((p) => [p.startMs, p.endMs])).toEqual([
      [0, 2400],
      [2400, 2400 + 1040],
    ]);
    expect(t.totalMs).toBe(3440);
    expect(t.pages[0].clips).toEqual([
      { path: '/files/a.wav', startMs: 0, endMs: 2400, isScale: 1, segment: -1 },
    ]);
    expect(t.pages.every((p) => !p.silent)).toBe(true);
    expect(timelineAudioPaths(doc)).toEqual(['/files/a.wav', '/files/b.wav']);
  });

  it('plays segments with audio one after another, with their shot tags, like the render', () => {
    let doc = withSegments(
      readyDocument(),
      0,
      [
        { text: '开场白。', isScale: 1 },
        { text: '请看课件。', isScale: 2 },
        { text: '人物近景。', isScale: 4 },
      ],
      [1, 2, 3, 4],
    );
    doc = must(setPageAudio(doc, 0, { path: '/files/whole.wav', soundTime: 9 }));
    doc = must(setSegmentAudio(doc, 0, 0, { path: '/files/s0.wav' }));
    doc = must(setSegmentAudio(doc, 0, 1, { path: '/files/s1.wav' }));
    doc = must(setSegmentAudio(doc, 0, 2, { path: '/files/s2.wav' }));
    const t = projectTimeline(
      doc,
      lengths({ '/files/s0.wav': 1000, '/files/s1.wav': 1990, '/files/s2.wav': 1500 }),
    );
    const p = t.pages[0];
    expect(pageClips(doc.ppt.pages[0]).map((c) => c.path)).toEqual([
      '/files/s0.wav',
      '/files/s1.wav',
      '/files/s2.wav',
    ]);
    // Each clip lasts whole frames (its sound padded), as the render plays it: 1990 -> 2000 ms.
    expect(p.clips.map((c) => [c.startMs, c.endMs, c.isScale, c.segment])).toEqual([
      [0, 1000, 1, 0],
      [1000, 3000, 2, 1],
      [3000, 4520, 4, 2],
    ]);
    expect(p.endMs).toBe(4520);
    // Framing follows the segment; a clip's silence up to its last whole frame is part of it.
    expect(isScaleAt(p, 500)).toBe(1);
    expect(isScaleAt(p, 1000)).toBe(2);
    expect(isScaleAt(p, 4510)).toBe(4);
    expect(clipAt(p, 4510)?.path).toBe('/files/s2.wav');
    // Stickers appear at the start of their segment; past the last one: when the narration ends,
    // but 1.5 s before the page's end at the latest (4520 - 1500 = 3020 ms, frame 75.5: frame 76,
    // 3040 ms), on the nearest frame as the render puts them.
    expect(p.stickers.map((s) => s.startMs)).toEqual([0, 1000, 3000, 3040]);
    expect(stickersShownAt(p, 999)).toEqual([0]);
    expect(stickersShownAt(p, 3000)).toEqual([0, 1, 2]);
    expect(stickersShownAt(p, 3040)).toEqual([0, 1, 2, 3]);
    expect(stickersShownAt(p, 4510)).toEqual([0, 1, 2, 3]);
    // Page 2 starts where page 1 ends.
    expect(t.pages[1].startMs).toBe(4520);
  });

  it('makes a page as long as its video when the video is longer, muted when isSound is 2', () => {
    let doc = readyDocument();
    doc = must(setPageAudio(doc, 0, { path: '/files/a.wav', soundTime: 2 }));
    doc = must(attachVideo(doc, 0, { path: '/files/v.mp4', resId: 'r1' }));
    doc = must(muteVideo(doc, 0));
    const known = projectTimeline(doc, lengths({ '/files/a.wav': 2000 }, { '/files/v.mp4': 6000 }));
    expect(known.pages[0].endMs).toBe(6000);
    expect(known.pages[0].video).toEqual({ path: '/files/v.mp4', muted: true });
    expect(isScaleAt(known.pages[0], 5000)).toBe(1);
    // Until the video's length is known the narration decides.
    expect(projectTimeline(doc, lengths({ '/files/a.wav': 2000 })).pages[0].endMs).toBe(2000);
  });

  it('times a page without audio by the 0.14 s/char estimate and marks it silent', () => {
    let doc = readyDocument();
    doc = must(setPageAudio(doc, 1, { path: '/files/b.wav', soundTime: 1 }));
    // A private voice still working leaves a task id, which is not audio either.
    doc = must(setPageAudio(doc, 0, { path: 'task-123', soundTime: 0 }));
    const t = projectTimeline(doc, lengths({ '/files/b.wav': 1000 }));
    expect(t.pages[0].silent).toBe(true);
    expect(t.pages[0].clips.every((c) => c.path === '')).toBe(true);
    // 第一页的讲解: 6 characters x 0.14 s.
    expect(t.pages[0].endMs).toBe(frameAlignedMs(840));
    expect(t.pages[1].silent).toBe(false);
    expect(timelineAudioPaths(doc)).toEqual(['/files/b.wav']);
  });

  it('keeps a segment without audio on a page whose other segments have it: estimated, quiet, partial', () => {
    // The text after the shot tag was edited after a synthesis: its audio is gone, the first kept.
    let doc = withSegments(
      readyDocument(),
      0,
      [
        { text: '第二页先看人物。', isScale: 1 },
        { text: '然后全屏看这张幻灯片的内容。', isScale: 2 },
      ],
      [1, 2],
    );
    doc = must(setSegmentAudio(doc, 0, 0, { path: '/files/s0.wav' }));
    doc = must(setPageAudio(doc, 1, { path: '/files/b.wav', soundTime: 1 }));
    const t = projectTimeline(doc, lengths({ '/files/s0.wav': 2100, '/files/b.wav': 1000 }));
    const p = t.pages[0];
    // 然后全屏看这张幻灯片的内容。 is 14 characters (the stop counts, as in the spec's counter):
    // 14 x 0.14 s = 1960 ms, whole frames already, after the 2120 ms of the first clip.
    expect(p.clips.map((c) => [c.path, c.startMs, c.endMs, c.isScale, c.segment])).toEqual([
      ['/files/s0.wav', 0, 2120, 1, 0],
      ['', 2120, 4080, 2, 1],
    ]);
    expect(p.partial).toBe(true);
    expect(p.silent).toBe(false);
    // The PPT全屏 stretch is on the clock, framed as tagged, with its sticker from its start.
    expect(isScaleAt(p, 2500)).toBe(2);
    expect(p.stickers.map((s) => s.startMs)).toEqual([0, 2120]);
    expect(t.pages[1]).toMatchObject({ partial: false, silent: false, startMs: p.endMs });
  });

  it('finds the page at a time and formats clock labels', () => {
    let doc = readyDocument();
    doc = must(setPageAudio(doc, 0, { path: '/files/a.wav', soundTime: 2 }));
    doc = must(setPageAudio(doc, 1, { path: '/files/b.wav', soundTime: 3 }));
    const t = projectTimeline(doc, lengths({ '/files/a.wav': 2000, '/files/b.wav': 3000 }));
    expect(pageIndexAt(t, 0)).toBe(0);
    expect(pageIndexAt(t, 1999)).toBe(0);
    expect(pageIndexAt(t, 2000)).toBe(1);
    expect(pageIndexAt(t, 99_999)).toBe(1);
    expect(pageIndexAt({ pages: [], totalMs: 0 }, 0)).toBe(-1);
    expect(formatClock(0)).toBe('00:00');
    expect(formatClock(65_999)).toBe('01:05');
    expect(formatClock(-5)).toBe('00:00');
    expect(frameAlignedMs(1000)).toBe(1000);
    expect(frameAlignedMs(1001)).toBe(1040);
  });
});
