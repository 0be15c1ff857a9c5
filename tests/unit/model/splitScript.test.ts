import { describe, expect, it } from 'vitest';
import {
  MAX_NARRATION_CHARS,
  narrationLength,
  SCRIPT_PAGE_TARGET,
  splitScript,
} from '../../../src/model/project';

const len = (s: string) => Array.from(s).length;

describe('splitScript', () => {
  it('packs short sentences into one page and keeps their punctuation', () => {
    expect(splitScript('大家好。今天讲三件事！你准备好了吗？')).toEqual([
      '大家好。今天讲三件事！你准备好了吗？',
    ]);
  });

  it('ends sentences at 。！？!?… and line breaks, and never exceeds the page target when packing', () => {
    const sentence = '这是一个二十个字左右的句子，用来测试分页。'; // 21 characters
    const pages = splitScript(Array.from({ length: 12 }, () => sentence).join(''));
    expect(pages.length).toBe(3);
    for (const p of pages) expect(len(p)).toBeLessThanOrEqual(SCRIPT_PAGE_TARGET);
    expect(pages.join('')).toBe(Array.from({ length: 12 }, () => sentence).join(''));
    expect(splitScript('第一行没有句号\n第二行也没有', { targetChars: 5 })).toEqual([
      '第一行没有句号',
      '第二行也没有',
    ]);
    expect(splitScript('等等……然后呢？！好', { targetChars: 3 })).toEqual(['等等……', '然后呢？！', '好']);
  });

  it('keeps a closing quote with its sentence', () => {
    expect(splitScript('他说：“走吧。”我们出发了。', { targetChars: 8 })).toEqual([
      '他说：“走吧。”',
      '我们出发了。',
    ]);
  });

  it('splits English at a stop followed by a space, not inside numbers or domains', () => {
    expect(splitScript('Pi is 3.14 here. Visit example.com now! Right?', { targetChars: 20 })).toEqual([
      'Pi is 3.14 here.',
      // 'Right?' alone would be a fragment: it joins the page before it.
      'Visit example.com now! Right?',
    ]);
    expect(splitScript('One. Two.')).toEqual(['One. Two.']);
  });

  it('splits a sentence over 300 characters at commas and semicolons', () => {
    const clause = '这是一个很长的从句'.repeat(5) + '，'; // 46 characters
    const long = clause.repeat(8).slice(0, -1) + '。'; // 368 characters, one sentence
    const pages = splitScript(long);
    expect(pages.length).toBeGreaterThan(1);
    for (const p of pages) {
      expect(len(p)).toBeLessThanOrEqual(MAX_NARRATION_CHARS);
      expect(p.endsWith('，') || p.endsWith('。')).toBe(true);
    }
    expect(pages.join('')).toBe(long);
  });

  it('hard-cuts a run without any punctuation into equal parts of at most 300', () => {
    const run = '字'.repeat(700);
    const pages = splitScript(run);
    expect(pages.map(len)).toEqual([234, 233, 233]);
    expect(pages.join('')).toBe(run);
  });

  it('cuts English runs at a space near the cut', () => {
    const words = Array.from({ length: 80 }, (_, i) => `word${i}`).join(' '); // > 300, no stops
    const pages = splitScript(words);
    for (const p of pages) {
      expect(len(p)).toBeLessThanOrEqual(MAX_NARRATION_CHARS);
      expect(p).toMatch(/^word\d+/);
      expect(p).toMatch(/word\d+$/);
    }
    expect(pages.join(' ')).toBe(words);
  });

  it('drops empty and punctuation-only pages and collapses whitespace', () => {
    expect(splitScript('')).toEqual([]);
    expect(splitScript('  \n\n \t ')).toEqual([]);
    expect(splitScript('。。。\n！！')).toEqual([]);
    expect(splitScript('  你好   世界。\r\n\r\n  再见。  ')).toEqual(['你好 世界。', '再见。']);
  });

  it('ends a page at a paragraph break; a line break inside a sentence only ends the sentence', () => {
    const first = '第一段讲产品的背景。'.repeat(3);
    const second = '第二段讲具体功能，';
    expect(splitScript(`${first}\n${second}\n继续讲同一句话。`)).toEqual([
      first,
      `${second}继续讲同一句话。`,
    ]);
    expect(splitScript(`${first}\n\n标题没有句号\n\n正文。`)).toEqual([first, '标题没有句号', '正文。']);
  });

  it('joins a paragraph’s short last fragment to the page before it when both fit in 300', () => {
    const sentence = '这是一个二十个字左右的句子，用来测试分页。'; // 21 characters
    // Six sentences (126 characters) pack as 105 + 21; the 21-character fragment joins the first page.
    const pages = splitScript(Array.from({ length: 6 }, () => sentence).join(''));
    expect(pages).toEqual([Array.from({ length: 6 }, () => sentence).join('')]);
    // A fragment of a third of the target or more keeps its own page.
    const long = '这一句比较长，超过了四十个字，所以它不算是零碎的结尾，会单独成为一页的讲解词内容。'; // 41
    expect(splitScript(sentence.repeat(5) + long)).toEqual([sentence.repeat(5), long]);
  });

  it('turns a 1,000-character script into pages that all pass the narration rule', () => {
    const sentences = [
      '数字人视频可以帮助老师快速制作课程。',
      '只需要粘贴讲稿，系统会自动分页！',
      '每一页都会配上讲解词和口型动画？',
    ];
    let script = '';
    for (let i = 0; len(script) < 1000; i++) script += sentences[i % 3] + (i % 7 === 6 ? '\n' : '');
    const pages = splitScript(script);
    expect(pages.length).toBeGreaterThanOrEqual(Math.ceil(1000 / SCRIPT_PAGE_TARGET));
    for (const p of pages) {
      expect(narrationLength(p)).toBeGreaterThanOrEqual(1);
      expect(narrationLength(p)).toBeLessThanOrEqual(MAX_NARRATION_CHARS);
    }
    expect(pages.join('')).toBe(script.replace(/\n/g, ''));
  });

  it('counts characters as code points (an emoji is one)', () => {
    const pages = splitScript('😀字'.repeat(150) + '😀');
    expect(pages.map(len)).toEqual([151, 150]);
  });
});
