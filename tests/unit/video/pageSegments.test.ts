import { describe, expect, it } from 'vitest';
import type { MouthCue } from '../../../src/model/speech';
import { pageCacheKey } from '../../../src/server/video/pageCache';
import {
  encodedCounts,
  pageRuns,
  pageSegments,
  pagesDone,
  SHOWN_BEFORE_MS,
  splitsIntoSegments,
} from '../../../src/server/video/pageSegments';
import type { PageAudio, PagePlan, PlannedSticker } from '../../../src/server/video/planTypes';
import { pageMotion } from '../../../src/server/video/speaking';
import { plan as base, video } from './layers/fixtures';

/*
 * A page's segments rendered apart (issue 15): each segment's plan shows what the page shows in
 * that stretch, on its own clock, and its cache key does not move when another segment's length
 * does; so editing one segment's narration encodes that segment again and nothing else.
 */

const mouth: MouthCue[] = [
  { startMs: 0, shape: 'X' },
  { startMs: 200, shape: 'D' },
  { startMs: 900, shape: 'X' },
  { startMs: 1300, shape: 'C' },
  { startMs: 2300, shape: 'X' },
];
const clip = (file: string, durationMs: number, words: PageAudio['words'] = []): PageAudio => ({
  file,
  durationMs,
  mouth,
  words,
  text: file,
});
const sticker = (startMs: number, gif = false, name = 's'): PlannedSticker => ({
  file: `/s/${name}.png`,
  gif,
  box: { x: 1200, y: 100, width: 200, height: 100 },
  startMs,
  baked: false,
});

/** A silent page (background music) of three clips in whole frames: 0-2800, 2800-5600, 5600-9000. */
const page = (first = 2800): PagePlan => ({
  ...base,
  index: 4,
  silent: true,
  durationMs: first + 2800 + 3400,
  audio: [
    clip('a.wav', first, [{ text: '请看', startMs: 300, endMs: 600 }]),
    clip('b.wav', 2800),
    clip('c.wav', 3400),
  ],
  stickers: [sticker(0, false, 'a'), sticker(first, false, 'b'), sticker(first + 2800, false, 'c')],
});

describe('a page rendered as its segments', () => {
  it('splits a silent page of several clips, on each clip start, the last running to the page end', () => {
    const parts = pageSegments({ ...page(), durationMs: 9000 });
    expect(parts.map((p) => [p.segment, p.durationMs, p.audio.map((a) => a.file)])).toEqual([
      [0, 2800, ['a.wav']],
      [1, 2800, ['b.wav']],
      [2, 3400, ['c.wav']],
    ]);
    expect(parts.reduce((sum, p) => sum + p.durationMs, 0)).toBe(9000);
  });

  it('shows each sticker from where its segment starts, on the segment clock; none before it appears', () => {
    const [a, b, c] = pageSegments(page());
    expect(a.stickers?.map((s) => s.startMs)).toEqual([0]);
    expect(b.stickers?.map((s) => s.startMs)).toEqual([SHOWN_BEFORE_MS, 0]);
    expect(c.stickers?.map((s) => s.startMs)).toEqual([SHOWN_BEFORE_MS, SHOWN_BEFORE_MS, 0]);
  });

  it("moves in each segment as the whole page's motion does there", () => {
    const whole = pageMotion(page());
    for (const part of pageSegments(page())) {
      const at = [0, 2800, 5600][part.segment!];
      const own = pageMotion(part);
      const inside = <T>(list: T[], ms: (x: T) => number) =>
        list.filter((x) => ms(x) >= at && ms(x) < at + part.durationMs);
      expect(own.blinks).toEqual(inside(whole.blinks, (b) => b).map((b) => b - at));
      expect(own.nods).toEqual(inside(whole.nods, (n) => n.atMs).map((n) => ({ ...n, atMs: n.atMs - at })));
      expect(own.gestures).toEqual(
        inside(whole.gestures, (g) => g.startMs).map((g) => ({ ...g, startMs: g.startMs - at })),
      );
      expect([own.headX, own.headY, own.tilt]).toEqual([whole.headX, whole.headY, whole.tilt]);
    }
    // 请看 in the first segment; the second and third point at their stickers on their first frame.
    expect(whole.gestures.map((g) => [g.pose, g.startMs])).toEqual([
      ['point', 120],
      ['point', 2800],
      ['point', 5600],
    ]);
  });

  it("keys the later segments alike when an earlier one's length changes, and the edited one anew", () => {
    const key = (p: PagePlan) => pageCacheKey(p, null);
    const [before, after] = [pageSegments(page(2800)), pageSegments(page(3600))];
    expect(key(after[0])).not.toBe(key(before[0]));
    expect(key(after[1])).toBe(key(before[1]));
    expect(key(after[2])).toBe(key(before[2]));
  });

  it('keeps in one piece what runs on the page clock or has sound of its own', () => {
    expect(splitsIntoSegments(page())).toBe(true);
    expect(pageSegments({ ...page(), silent: false })).toHaveLength(1);
    expect(pageSegments({ ...page(), audio: [clip('a.wav', 9000)] })).toHaveLength(1);
    expect(pageSegments({ ...page(), audio: [clip('a.wav', 9000), clip('b.wav', 0)] })).toHaveLength(1);
    expect(pageSegments({ ...page(), video })).toHaveLength(1);
    expect(pageSegments({ ...page(), stickers: [sticker(0, true)] })).toHaveLength(1);
    const part = { isScale: 2, startMs: 0, durationMs: 9000, slide: null, character: null };
    expect(pageSegments({ ...page(), parts: [part] })).toHaveLength(1);
    const own = { kind: 3 as const, picture: '/o.png' };
    expect(pageSegments({ ...page(), character: { ...page().character, own } })).toHaveLength(1);
  });

  it('counts a page as rendered when any of its segments was, and done when all are', () => {
    const units = [...pageSegments(page()), { ...base, index: 5 }];
    expect(encodedCounts(units, [false, true, false, false])).toEqual({
      pagesRendered: 1,
      pagesCached: 1,
      segmentsRendered: 1,
      segmentsCached: 3,
    });
    expect(pagesDone(units, new Set([0, 1, 3]))).toBe(1);
    expect(pagesDone(units, new Set([0, 1, 2, 3]))).toBe(2);
  });

  it('encodes a page whose segments are all missing in one run cut at their first frames, else each apart', () => {
    const split = page();
    const alone = { ...base, index: 5 };
    const pages = [pageSegments(split), [alone]];
    const plans = [split, alone];
    // Clips of 2800 and 2800 ms at 25 fps: the second segment starts on frame 70, the third on 140.
    expect(pageRuns(pages, plans, [0, 1, 2, 3])).toEqual([
      { plan: split, units: [0, 1, 2], cutFrames: [70, 140] },
      { plan: alone, units: [3], cutFrames: [] },
    ]);
    // One segment edited: it alone, on its own plan.
    expect(pageRuns(pages, plans, [1])).toEqual([{ plan: pages[0][1], units: [1], cutFrames: [] }]);
    expect(pageRuns(pages, plans, [0, 2])).toEqual([
      { plan: pages[0][0], units: [0], cutFrames: [] },
      { plan: pages[0][2], units: [2], cutFrames: [] },
    ]);
    expect(pageRuns(pages, plans, [])).toEqual([]);
  });
});
