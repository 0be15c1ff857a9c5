import { describe, expect, it } from 'vitest';
import {
  checkPageText,
  checkPreview,
  clampNarration,
  estimateSeconds,
  MAX_NARRATION_CHARS,
  narrationLength,
  newDocument,
  newPage,
  pageSeconds,
  SECONDS_PER_CHAR,
  totalMinutes,
  estimatedMinutes,
  spokenMinutes,
  TEXT_MODE,
  VOICE_MODE,
  withTimes,
  withPages,
} from '../../../src/model/project';

describe('narration constants (spec 9)', () => {
  it('limit 300 characters, 0.14 s per character', () => {
    expect(MAX_NARRATION_CHARS).toBe(300);
    expect(SECONDS_PER_CHAR).toBe(0.14);
  });
});

describe('narrationLength', () => {
  it('counts code points and ignores line breaks', () => {
    expect(narrationLength('你好')).toBe(2);
    expect(narrationLength('a\n\nb')).toBe(2);
    expect(narrationLength('👍ok')).toBe(3);
  });
});

describe('estimateSeconds: 0.14 s per character', () => {
  it('100 characters take 14 s, 3 take 0.42 s (no float noise)', () => {
    expect(estimateSeconds('字'.repeat(100))).toBe(14);
    expect(estimateSeconds('abc')).toBe(0.42);
    expect(estimateSeconds('')).toBe(0);
  });
});

describe('checkPageText (spec 5 "Other text rules")', () => {
  it('over 300: 输入的单页文字大于300', () => {
    const r = checkPageText('字'.repeat(301));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toBe('输入的单页文字大于300');
  });
  it('under 1: 输入的单页文字小于1', () => {
    const r = checkPageText('');
    if (r.ok) throw new Error('expected refusal');
    expect(r.error).toBe('输入的单页文字小于1');
  });
  it('1 and 300 are accepted', () => {
    expect(checkPageText('字').ok).toBe(true);
    expect(checkPageText('字'.repeat(300)).ok).toBe(true);
  });
});

describe('clampNarration: input is cut at 300', () => {
  it('keeps the first 300 characters', () => {
    expect(clampNarration('字'.repeat(350))).toBe('字'.repeat(300));
    expect(clampNarration('短')).toBe('短');
  });
  it('does not count line breaks and never splits a surrogate pair', () => {
    const text = 'a\n\n' + '👍'.repeat(299) + 'zz';
    const out = clampNarration(text);
    expect(narrationLength(out)).toBe(300);
    expect(out.endsWith('👍')).toBe(true);
  });
});

describe('page and total times', () => {
  it('a page lasts its audio once known, else its text estimate', () => {
    expect(pageSeconds(newPage({ text: '字'.repeat(10) }))).toBe(1.4);
    expect(pageSeconds(newPage({ text: '字'.repeat(10), soundTime: 3.25 }))).toBe(3.25);
    expect(pageSeconds(newPage({ istts: 1, text: '' }))).toBe(0);
    // A PDF page's placeholder is not narration (synthesis refuses it): no time in the estimates.
    expect(pageSeconds(newPage({ text: '请输入本页内容并保存' }))).toBe(0);
  });

  it('total in minutes with 2 decimals', () => {
    const pages = [newPage({ soundTime: 30 }), newPage({ soundTime: 33 })];
    expect(totalMinutes(withPages(newDocument(), pages))).toBe('1.05');
    expect(totalMinutes(newDocument())).toBe('0.00');
  });

  it('the top bar estimates at 0.14 s per character and shows the real total once every page is spoken', () => {
    // 300 characters (42 s estimated) spoken in 75 s, and a voice page of 18 s.
    const text = newPage({ text: '字'.repeat(300), istts: TEXT_MODE });
    const voice = newPage({ istts: VOICE_MODE, soundTime: 18 });
    const before = withPages(newDocument(), [text, voice]);
    expect(estimatedMinutes(before)).toBe('1.00');
    expect(spokenMinutes(before)).toBeNull();
    const spoken = withPages(newDocument(), [{ ...text, soundTime: 75 }, voice]);
    expect(estimatedMinutes(spoken)).toBe('1.00');
    expect(spokenMinutes(spoken)).toBe('1.55');
  });

  it('the PDF placeholder adds nothing to the estimate, as it adds nothing to a page (QA: 0.07 分钟)', () => {
    const placeholder = newPage({ text: '请输入本页内容并保存', istts: TEXT_MODE });
    expect(estimatedMinutes(withPages(newDocument(), [placeholder, placeholder]))).toBe('0.00');
    expect(pageSeconds(placeholder)).toBe(0);
  });

  it('withTimes writes per-page formattedTime, the total in minutes and seconds', () => {
    const d = withTimes(
      withPages(newDocument(), [newPage({ text: '字'.repeat(300) }), newPage({ soundTime: 18 })]),
    );
    expect(d.ppt.pages.map((p) => p.formattedTime)).toEqual(['42', '18']);
    expect(d.ppt.totalFormattedTime).toBe('1.00');
    expect(d.totalTime).toBe(60);
  });
});

describe('checkPreview: 试听 with empty text shows 无文字', () => {
  it('refuses an empty text page, accepts text and voice pages', () => {
    expect(checkPreview(newPage({ text: '  ' }))).toMatchObject({ ok: false, error: '无文字' });
    expect(checkPreview(newPage({ text: '你好' })).ok).toBe(true);
    expect(checkPreview(newPage({ istts: 1 })).ok).toBe(true);
  });
});
