import { describe, expect, it } from 'vitest';
import { splitLanguageRuns } from '../../../src/model/speech';

const texts = (text: string) => splitLanguageRuns(text).map((r) => [r.lang, r.text]);

describe('splitLanguageRuns', () => {
  it('splits Chinese and English runs, dropping the space between them', () => {
    expect(splitLanguageRuns('大家好，欢迎使用 Presenter Studio。')).toEqual([
      { lang: 'zh', text: '大家好，欢迎使用', start: 0, end: 8 },
      { lang: 'en', text: 'Presenter Studio。', start: 9, end: 26 },
    ]);
  });

  it('keeps digits and punctuation inside a run of one language', () => {
    expect(texts('第三页 2024年 共100个，好吗？')).toEqual([['zh', '第三页 2024年 共100个，好吗？']]);
    expect(texts('Hello, world. It is 9:30!')).toEqual([['en', 'Hello, world. It is 9:30!']]);
  });

  it('gives a number to the side it touches without a space', () => {
    expect(texts('Windows 11 系统')).toEqual([
      ['en', 'Windows 11'],
      ['zh', '系统'],
    ]);
    expect(texts('版本 2.0 Beta 版')).toEqual([
      ['zh', '版本 2.0'],
      ['en', 'Beta'],
      ['zh', '版'],
    ]);
    expect(texts('iPhone15年')).toEqual([
      ['en', 'iPhone'],
      ['zh', '15年'],
    ]);
    expect(texts('GPT-4模型')).toEqual([
      ['en', 'GPT-4'],
      ['zh', '模型'],
    ]);
  });

  it('attaches punctuation to the run it closes and leading neutral text to the first run', () => {
    expect(texts('  3D打印，PPT、Word 和 Excel！ ')).toEqual([
      ['en', '3D'],
      ['zh', '打印，'],
      ['en', 'PPT、Word'],
      ['zh', '和'],
      ['en', 'Excel！'],
    ]);
  });

  it('reports UTF-16 offsets into the original text, surrogate pairs included', () => {
    const text = '你好😀world';
    const runs = splitLanguageRuns(text);
    expect(runs).toEqual([
      { lang: 'zh', text: '你好😀', start: 0, end: 4 },
      { lang: 'en', text: 'world', start: 4, end: 9 },
    ]);
    for (const r of runs) expect(text.slice(r.start, r.end)).toBe(r.text);
  });

  it('drops empty and whitespace-only input, speaks bare numbers in the fallback language', () => {
    expect(splitLanguageRuns('')).toEqual([]);
    expect(splitLanguageRuns(' \n\t ')).toEqual([]);
    expect(splitLanguageRuns('……!!')).toEqual([]);
    expect(texts(' 2024 ')).toEqual([['zh', '2024']]);
    expect(splitLanguageRuns('2024', 'en').map((r) => r.lang)).toEqual(['en']);
  });

  it('treats accented Latin letters as Latin', () => {
    expect(texts('Café Müller 咖啡馆')).toEqual([
      ['en', 'Café Müller'],
      ['zh', '咖啡馆'],
    ]);
  });
});
