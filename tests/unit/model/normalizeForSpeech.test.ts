import { describe, expect, it } from 'vitest';
import {
  normalizeForSpeech,
  originalRange,
  originalWords,
  spellAbbreviation,
  type WordTiming,
} from '../../../src/model/speech';

const spoken = (text: string) => normalizeForSpeech(text).text;

describe('normalizeForSpeech: each rule', () => {
  it.each([
    // numbers
    ['共100个', '共一百个'],
    ['约1,234,567人', '约一百二十三万四千五百六十七人'],
    ['大约1.5亿人', '大约一点五亿人'],
    ['圆周率3.14', '圆周率三点一四'],
    ['温差-5', '温差负五'],
    ['２０２６年', '二零二六年'],
    ['2个人，第2个，12个', '两个人，第二个，十二个'],
    ['2年级', '二年级'],
    // years, decades, dates and times
    ['2026年增长了35%', '二零二六年增长了百分之三十五'],
    ['2020-2026年', '二零二零到二零二六年'],
    ['90年代的80后', '九零年代的八零后'],
    ['2026-11-25', '二零二六年十一月二十五日'],
    ['2026/11/25', '二零二六年十一月二十五日'],
    ['2026.11.25', '二零二六年十一月二十五日'],
    ['2026-11', '二零二六年十一月'],
    ['11月25日', '十一月二十五日'],
    ['10:30开会', '十点三十分开会'],
    ['9:05', '九点零五分'],
    ['2:30', '两点三十分'],
    ['12:00', '十二点'],
    ['10:00:30', '十点零分三十秒'],
    ['１０：３０', '十点三十分'],
    ['10:30-11:00', '十点三十分到十一点'],
    // percentages and money
    ['12.5%', '百分之十二点五'],
    ['３５％', '百分之三十五'],
    ['下降-3%', '下降负百分之三'],
    ['5‰', '千分之五'],
    ['10%-20%', '百分之十到百分之二十'],
    ['¥100', '一百元'],
    ['￥1,299', '一千二百九十九元'],
    ['¥1.5万', '一点五万元'],
    ['100元', '一百元'],
    ['$20', '二十美元'],
    ['20美元', '二十美元'],
    ['HK$100', '一百港元'],
    ['€5', '五欧元'],
    // units
    ['5km', '五公里'],
    ['3kg', '三千克'],
    ['2kg', '两千克'],
    ['10m', '十米'],
    ['20 cm', '二十厘米'],
    ['3.5mm', '三点五毫米'],
    ['120km/h', '一百二十公里每小时'],
    ['100㎡', '一百平方米'],
    ['25℃', '二十五摄氏度'],
    ['-5°C', '零下五摄氏度'],
    ['500ms', '五百毫秒'],
    ['16GB内存', '十六GB内存'],
    ['5G网络和3D打印', '五G网络和三D打印'],
    // phone numbers
    ['13812345678', '幺三八 幺二三四 五六七八'],
    ['138-1234-5678', '幺三八 幺二三四 五六七八'],
    ['010-12345678', '零幺零 幺二三四五六七八'],
    ['400-123-4567', '四零零 幺二三 四五六七'],
    // sizes, resolutions, ranges, ordinals
    ['1920x1080', '一九二零乘一零八零'],
    ['1920×1080', '一九二零乘一零八零'],
    ['3×4米', '三乘四米'],
    ['1080p', '一零八零P'],
    ['3-5天', '三到五天'],
    ['3~5天', '三到五天'],
    ['第3页', '第三页'],
    // abbreviations
    ['用PPT和APP', '用P.P.T和A.P.P'],
    ['AI、PDF、CEO、API、GPU、CPU、USB', 'A.I、P.D.F、C.E.O、A.P.I、G.P.U、C.P.U、U.S.B'],
    ['打开app', '打开A.P.P'],
    // 多音字 markers
    ['银行[háng]', '银杭'],
    ['行[hang2]业', '杭业'],
    ['长【zhǎng】大', '掌大'],
    ['了[le]', '了'],
  ])('%s → %s', (text, expected) => {
    expect(spoken(text)).toBe(expected);
  });
});

describe('normalizeForSpeech: text that must not change', () => {
  it.each([
    '大家好，欢迎使用数字人视频工作台。',
    '二零二六年增长了百分之三十五。',
    '第三页，共一百个',
    '（注意）：【重点】“引号”《书名》……——',
    'iPhone 15 Pro 和 Windows 11',
    'iPhone',
    'MP4 格式，GPT-4模型，COVID-19，B2B',
    'v2.0 与 v2.0.1',
    '192.168.1.1',
    '访问 https://example.com/a?b=1&c=2 或 www.example.cn',
    '写信到 team2026@example.com',
    '官网 example.com',
    'NASA 的 SIM 卡',
    '参考文献[plan]和计划[new]',
    '10am 3rd 2x',
    'Presenter Studio',
    '',
  ])('%s', (text) => {
    expect(normalizeForSpeech(text)).toEqual({ text, spans: [] });
  });

  it('is deterministic and idempotent on its own output', () => {
    const text = '2026年11月25日10:30，PPT里35%的数据来自13812345678。';
    const once = normalizeForSpeech(text);
    expect(normalizeForSpeech(text)).toEqual(once);
    expect(spoken(once.text)).toBe(once.text);
  });
});

describe('spellAbbreviation', () => {
  it('dots the letters of capitals and known abbreviations, leaves words alone', () => {
    expect(['PPT', 'AIGC', 'ppt', 'NASA', 'iPhone', 'Studio', 'ABCDEF'].map(spellAbbreviation)).toEqual([
      'P.P.T',
      'A.I.G.C',
      'P.P.T',
      'NASA',
      'iPhone',
      'Studio',
      'ABCDEF',
    ]);
  });
});

describe('mapping spoken positions back to the original text', () => {
  const text = '2026年增长了35%。';
  const speech = normalizeForSpeech(text);

  it('lists every replaced stretch', () => {
    expect(speech.text).toBe('二零二六年增长了百分之三十五。');
    expect(speech.spans).toEqual([
      { from: 0, to: 4, spoken: '二零二六' },
      { from: 8, to: 11, spoken: '百分之三十五' },
    ]);
  });

  it('maps ranges in and around replaced stretches', () => {
    expect(originalRange(speech, 0, 4)).toEqual({ start: 0, end: 4 });
    expect(originalRange(speech, 1, 2)).toEqual({ start: 0, end: 4 });
    expect(originalRange(speech, 4, 5)).toEqual({ start: 4, end: 5 }); // 年
    expect(originalRange(speech, 5, 7)).toEqual({ start: 5, end: 7 }); // 增长
    expect(originalRange(speech, 8, 14)).toEqual({ start: 8, end: 11 }); // 百分之三十五
    expect(originalRange(speech, 14, 15)).toEqual({ start: 11, end: 12 }); // 。
  });

  it('merges the words of one stretch into one word of the original text', () => {
    const word = (t: string, at: number, ms: number): WordTiming => ({
      text: t,
      startMs: ms,
      endMs: ms + 100,
      charStart: at,
      charEnd: at + t.length,
    });
    const words = ['二', '零', '二', '六', '年', '增长', '了', '百', '分', '之', '三', '十五'];
    let at = 0;
    const timed = words.map((t, i) => {
      const w = word(t, at, i * 100);
      at += t.length;
      return w;
    });
    expect(originalWords(timed, speech, text)).toEqual([
      { text: '2026', startMs: 0, endMs: 400, charStart: 0, charEnd: 4 },
      { text: '年', startMs: 400, endMs: 500, charStart: 4, charEnd: 5 },
      { text: '增长', startMs: 500, endMs: 600, charStart: 5, charEnd: 7 },
      { text: '了', startMs: 600, endMs: 700, charStart: 7, charEnd: 8 },
      { text: '35%', startMs: 700, endMs: 1200, charStart: 8, charEnd: 11 },
    ]);
  });

  it('maps a reading marker back to the character and its marker', () => {
    const marked = '银行[háng]业';
    const s = normalizeForSpeech(marked);
    expect(s.text).toBe('银杭业');
    expect(originalRange(s, 1, 2)).toEqual({ start: 1, end: 8 });
    expect(originalRange(s, 2, 3)).toEqual({ start: 8, end: 9 });
  });
});
