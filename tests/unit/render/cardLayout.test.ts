import { describe, expect, it } from 'vitest';
import { defaultSlideFrame } from '../../../src/model/project';
import {
  layoutCard,
  roughEm,
  wrapLines,
  type CardLayout,
  type EmWidth,
} from '../../../src/render/cardLayout';

const HINT = '无PPT · 仅编辑时显示，不出现在视频中';
/** The tester's page 1: 91 characters, which the card shows as its first 90 and an ellipsis. */
const PAGE_ONE = '大家好，欢迎来到今天的课程。'.repeat(7).slice(0, 91);
const EXCERPT = `${PAGE_ONE.slice(0, 90)}…`;

const card = (o: 1 | 2) => {
  const f = defaultSlideFrame(o);
  return { x: f.pptX, y: f.pptY, width: f.pptWidth, height: f.pptHeight };
};
const width = (s: string, size: number, em: EmWidth) => Array.from(s).reduce((w, ch) => w + em(ch), 0) * size;
const bottom = (t: CardLayout['text']) => t.y + t.lines.length * t.lineHeight;

/** Everything drawn stays in the card: lines within the width, narration above the hint, hint above the foot. */
function expectInside(
  box: { x: number; y: number; width: number; height: number },
  l: CardLayout,
  em: EmWidth,
) {
  const right = box.x + box.width - (l.text.x - box.x);
  for (const line of l.text.lines)
    expect(l.text.x + width(line, l.text.fontSize, em)).toBeLessThanOrEqual(right + 1e-6);
  for (const line of l.hint.lines)
    expect(l.hint.x + width(line, l.hint.fontSize, em)).toBeLessThanOrEqual(right + 1e-6);
  expect(bottom(l.text)).toBeLessThanOrEqual(l.hint.y);
  expect(bottom(l.hint)).toBeLessThanOrEqual(box.y + box.height);
  expect(l.text.y).toBeGreaterThanOrEqual(box.y);
}

describe('layoutCard: the narration of a page without a PDF never runs into the card’s hint', () => {
  it('the tester’s 91-character page fits the default card above the hint, landscape and portrait', () => {
    for (const o of [1, 2] as const) {
      const box = card(o);
      const l = layoutCard(box, EXCERPT, HINT);
      expectInside(box, l, roughEm);
      expect(l.text.lines.length).toBeGreaterThan(1);
      expect(l.hint.lines).toEqual([HINT]);
    }
  });

  it('at every card size, and with a font wider than the estimate', () => {
    const wide: EmWidth = (ch) => roughEm(ch) * 1.15;
    for (const k of [0.3, 0.5, 0.75, 1, 1.5, 2, 3.2]) {
      for (const [w, h] of [
        [294, 168],
        [168, 294],
        [960, 120],
      ]) {
        const box = { x: 10, y: 20, width: w * k, height: h * k };
        for (const em of [roughEm, wide]) expectInside(box, layoutCard(box, EXCERPT, HINT, em), em);
      }
    }
  });

  it('short narration looks as before: the card’s own size (h/9, 7 to 22), one pad in from the corner', () => {
    const box = card(1);
    const l = layoutCard(box, '第一页的讲解', HINT);
    const size = 168 / 9;
    expect(l.text).toEqual({
      x: box.x + size * 0.8,
      y: box.y + size * 0.8,
      fontSize: size,
      lineHeight: size * 1.5,
      lines: ['第一页的讲解'],
    });
    expect(l.hint.fontSize).toBeCloseTo(size * 0.75);
    expect(layoutCard({ ...box, height: 540 }, '短', HINT).text.fontSize).toBe(22);
  });

  it('long narration first takes a smaller font, then ends in an ellipsis at the floor (70%)', () => {
    const box = card(1);
    const size = 168 / 9;
    const l = layoutCard(box, EXCERPT, HINT);
    expect(l.text.fontSize).toBeLessThan(size);
    expect(l.text.fontSize).toBeGreaterThanOrEqual(size * 0.7);
    expect(l.text.lines.join('')).toBe(EXCERPT);
    const long = layoutCard(box, PAGE_ONE.repeat(3), HINT);
    expect(long.text.fontSize).toBeCloseTo(size * 0.7);
    expect(long.text.lines.at(-1)?.endsWith('…')).toBe(true);
    expectInside(box, long, roughEm);
  });

  it('an empty card (空白页) and a tiny card still keep the hint inside', () => {
    expect(layoutCard(card(1), '空白页', HINT).text.lines).toEqual(['空白页']);
    const tiny = { x: 0, y: 0, width: 40, height: 40 };
    const l = layoutCard(tiny, EXCERPT, HINT);
    expect(bottom(l.hint)).toBeLessThanOrEqual(40 + 1e-6);
    expect(bottom(l.text)).toBeLessThanOrEqual(l.hint.y);
  });
});

describe('wrapLines', () => {
  it('breaks CJK anywhere, keeps Latin words whole, honours line breaks and reports what is left over', () => {
    const em: EmWidth = () => 1;
    expect(wrapLines('一二三四五六七', 3, 1, em, 9)).toEqual({
      lines: ['一二三', '四五六', '七'],
      more: false,
    });
    expect(wrapLines('ab cd efg', 5, 1, em, 9)).toEqual({ lines: ['ab cd', 'efg'], more: false });
    expect(wrapLines('abcdefgh', 3, 1, em, 9).lines).toEqual(['abc', 'def', 'gh']);
    expect(wrapLines('一\n二', 5, 1, em, 9).lines).toEqual(['一', '二']);
    expect(wrapLines('一二三四五六七', 3, 1, em, 2)).toEqual({ lines: ['一二三', '四五六'], more: true });
  });
});
