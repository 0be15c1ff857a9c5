import { describe, expect, it } from 'vitest';
import { GESTURE_MS, gestureAt, gestureEvents } from '../../../src/model/motion';
import type { TimedWord } from '../../../src/model/speech';

/** One word per character, 200 ms each from `fromMs`. */
const spoken = (text: string, fromMs = 0): TimedWord[] =>
  [...text].map((ch, i) => ({ text: ch, startMs: fromMs + i * 200, endMs: fromMs + i * 200 + 180 }));

describe('gestures from the narration and the stickers', () => {
  it('points when the narration sends the eye to the slide, leading the word by 200 ms', () => {
    // 请看 at character 3 (600 ms): pointing from 400 ms.
    const words = spoken('大家好请看这一页的内容我们慢慢讲完');
    expect(gestureEvents({ words, stickersMs: [], durationMs: 8000 })).toEqual([
      { startMs: 400, pose: 'point' },
    ]);
  });

  it('finds a phrase spoken as one word or across words', () => {
    const oneWord: TimedWord[] = [
      { text: '大家', startMs: 0, endMs: 300 },
      { text: '如图', startMs: 1000, endMs: 1400 },
    ];
    expect(gestureEvents({ words: oneWord, stickersMs: [], durationMs: 5000 })).toEqual([
      { startMs: 800, pose: 'point' },
    ]);
  });

  it('offers an open palm on stressing words, and points when a sticker appears', () => {
    const words = spoken('这个问题非常关键', 1000); // 非常 at 1800 ms, 关键 at 2200 ms (too close)
    expect(gestureEvents({ words, stickersMs: [5000], durationMs: 9000 })).toEqual([
      { startMs: 1600, pose: 'palm' },
      { startMs: 4800, pose: 'point' },
    ]);
  });

  it('lets pointing win over a palm that would overlap it, and keeps gestures apart', () => {
    // 最 at 200 ms (palm from 0) and 这里 at 800 ms (point from 600): they overlap, pointing wins.
    const words = spoken('我最想说这里的数据');
    const g = gestureEvents({ words, stickersMs: [], durationMs: 8000 });
    expect(g).toEqual([{ startMs: 600, pose: 'point' }]);
    const many = gestureEvents({
      words: [],
      stickersMs: [0, 1000, 2000, 3000, 4000, 5000],
      durationMs: 9000,
    });
    for (let i = 1; i < many.length; i++)
      expect(many[i].startMs - many[i - 1].startMs).toBeGreaterThanOrEqual(2400);
  });

  it('drops a gesture that would run past the page and keeps ordinary text at rest', () => {
    expect(gestureEvents({ words: spoken('我们看看这里'), stickersMs: [], durationMs: 1500 })).toEqual([]);
    expect(
      gestureEvents({ words: spoken('大家好，今天讲三个功能。'), stickersMs: [], durationMs: 9000 }),
    ).toEqual([]);
  });

  it('holds one pose per frame for GESTURE_MS, on frame boundaries', () => {
    const g = [{ startMs: 400, pose: 'point' as const }];
    expect(gestureAt(g, 399)).toBe('rest');
    expect(gestureAt(g, 400)).toBe('point');
    expect(gestureAt(g, 400 + GESTURE_MS - 1)).toBe('point');
    expect(gestureAt(g, 400 + GESTURE_MS)).toBe('rest');
    expect(gestureAt(g, 439.9)).toBe(gestureAt(g, 400));
  });
});
