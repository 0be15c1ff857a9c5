import { describe, expect, it } from 'vitest';
import { segmentAt, segmentOffsets } from '../../../src/model/project';

describe('the segment a whole-page narration is speaking', () => {
  const text = '大家好，\n\n请看  图表。谢谢';
  const segments = ['大家好，', '请看 图表。', '谢谢'];

  it('finds each segment in the spoken text (whitespace collapsed), in order', () => {
    expect(segmentOffsets(text, segments)).toEqual([0, 5, 11]);
    expect(segmentOffsets(text, ['谢谢', '大家好'])).toBeNull();
    expect(segmentOffsets(text, [])).toEqual([]);
  });

  it('follows the last word begun', () => {
    const words = [
      { text: '大家好', startMs: 0, charStart: 0 },
      { text: '请看', startMs: 900, charStart: 5 },
      { text: '图表', startMs: 1300, charStart: 8 },
      { text: '谢谢', startMs: 2000, charStart: 11 },
    ];
    const offsets = segmentOffsets(text, segments)!;
    expect([0, 899, 900, 1999, 2000, 9000].map((ms) => segmentAt(words, offsets, ms))).toEqual([
      0, 0, 1, 1, 2, 2,
    ]);
    // Timings written before charStart existed keep the first segment.
    expect(segmentAt([{ startMs: 0 }, { startMs: 500 }], offsets, 1000)).toBe(0);
  });
});
