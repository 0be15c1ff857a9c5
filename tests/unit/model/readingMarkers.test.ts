import { describe, expect, it } from 'vitest';
import {
  normalizeForSpeech,
  pageCues,
  pinyinKey,
  POLYPHONES,
  readingsOf,
  shownWords,
  spokenReading,
  withoutReadings,
} from '../../../src/model/speech';

describe('pinyin of a reading marker', () => {
  it.each([
    ['háng', 'hang2'],
    ['hang2', 'hang2'],
    ['zhǎng', 'zhang3'],
    ['lǜ', 'lv4'],
    ['lv4', 'lv4'],
    ['lu:4', 'lv4'],
    ['le', 'le5'],
    ['le5', 'le5'],
    ['de0', 'de5'],
    ['nǚ', 'nv3'],
    ['er2', 'er2'],
  ])('%s is the reading %s', (pinyin, key) => {
    expect(pinyinKey(pinyin)).toBe(key);
  });

  it.each(['1', 'plan', 'data', 'new', 'OK', 'Hang2', 'a', 'hang7', 'hán2', 'háng ', ''])(
    '"%s" is not a pinyin syllable',
    (text) => {
      expect(pinyinKey(text)).toBeNull();
    },
  );

  it('speaks a homophone, or the character itself when none is known', () => {
    expect(spokenReading('行', 'háng')).toBe('杭');
    expect(spokenReading('行', 'xíng')).toBe('型');
    expect(spokenReading('重', 'chóng')).toBe('虫');
    expect(spokenReading('得', 'děi')).toBe('得');
    expect(spokenReading('行', 'plan')).toBeNull();
  });
});

describe('多音字 markers: spoken one way, shown another', () => {
  const narration = '银行[háng]的利率还[huán]不错，长【zhǎng】大了。';

  it('the TTS reads the homophones and never the pinyin', () => {
    expect(normalizeForSpeech(narration).text).toBe('银杭的利率环不错，掌大了。');
  });

  it('the subtitle shows the characters alone, with offsets moved onto them', () => {
    const { shown, toShown } = withoutReadings(narration);
    expect(shown).toBe('银行的利率还不错，长大了。');
    expect([0, 1, 2, 8, 9, 13, 14, 20].map(toShown)).toEqual([0, 1, 2, 2, 3, 6, 6, 8]);
    expect(withoutReadings('参考[1]和[plan]').shown).toBe('参考[1]和[plan]');
  });

  it('keeps words of the spoken text on the shown text', () => {
    const words = [
      { text: '银行[háng]', startMs: 0, endMs: 400, charStart: 0, charEnd: 8 },
      { text: '的', startMs: 400, endMs: 500, charStart: 8, charEnd: 9 },
      { text: '利率', startMs: 500, endMs: 900 },
    ];
    expect(shownWords('银行[háng]的利率', words)).toEqual({
      text: '银行的利率',
      words: [
        { text: '银行', startMs: 0, endMs: 400, charStart: 0, charEnd: 2 },
        { text: '的', startMs: 400, endMs: 500, charStart: 2, charEnd: 3 },
        { text: '利率', startMs: 500, endMs: 900 },
      ],
    });
  });

  it('pageCues shows the narration without markers, timed from the spoken words', () => {
    const text = '行[háng]业领先。2026年增长了35%。';
    const cues = pageCues([
      {
        text,
        durationMs: 4000,
        words: [
          { text: '行[háng]', startMs: 0, endMs: 300, charStart: 0, charEnd: 7 },
          { text: '业', startMs: 300, endMs: 500, charStart: 7, charEnd: 8 },
          { text: '2026', startMs: 1500, endMs: 2200, charStart: 11, charEnd: 15 },
          { text: '35%', startMs: 2800, endMs: 3600, charStart: 19, charEnd: 22 },
        ],
      },
    ]);
    expect(cues.map((c) => [c.text, c.startMs])).toEqual([
      ['行业领先', 0],
      ['2026年增长了35%', 1500],
    ]);
  });
});

describe('the 读音 tab’s table of common 多音字', () => {
  it('lists only valid pinyin, at least two distinct readings a character', () => {
    for (const [char, readings] of Object.entries(POLYPHONES)) {
      expect([...char]).toHaveLength(1);
      const keys = readings.map((r) => pinyinKey(r));
      expect(keys, char).not.toContain(null);
      expect(new Set(keys).size, char).toBe(readings.length);
      expect(readings.length, char).toBeGreaterThanOrEqual(2);
    }
    expect(readingsOf('行')).toEqual(['xíng', 'háng']);
    expect(readingsOf('桌')).toEqual([]);
  });
});
