import { describe, expect, it } from 'vitest';
import { pageArgs } from '../../../src/server/video/ffmpegArgs';
import type { PagePlan, RigFiles } from '../../../src/server/video/planTypes';
import {
  lineUnits,
  MAX_CUE_MS,
  MAX_LINE_UNITS,
  pageCues,
  splitLines,
} from '../../../src/model/speech/subtitleCues';
import {
  assDocument,
  assTime,
  escapeFilterValue,
  subtitlesFilter,
  subtitleStyle,
} from '../../../src/server/video/subtitles';

const lines = (text: string) => splitLines(text).map((l) => l.line);

describe('subtitle lines', () => {
  it('breaks at punctuation, drops closing commas and full stops, keeps ！ and ？', () => {
    expect(splitLines('大家好，欢迎来到产品发布会。今天我们介绍三个新功能，谢谢大家！')).toEqual([
      // "大家好" alone would flash for half a second: it joins the rest of its sentence.
      { line: '大家好，欢迎来到产品发布会', start: 0, end: 14 },
      { line: '今天我们介绍三个新功能', start: 14, end: 26 },
      { line: '谢谢大家！', start: 26, end: 31 },
    ]);
  });

  it('never merges across a sentence end', () => {
    expect(lines('好的。我们开始吧？')).toEqual(['好的', '我们开始吧？']);
  });

  it('cuts a phrase over 18 Chinese characters into balanced pieces', () => {
    expect(lines('这是一个非常非常长的句子没有任何标点符号一直持续到超过十八个字的限制为止')).toEqual([
      '这是一个非常非常长的句子没有任何标点',
      '符号一直持续到超过十八个字的限制为止',
    ]);
    expect(lines('一二三四五六七八九十一二三四五六七八九十')).toEqual([
      '一二三四五六七八九十',
      '一二三四五六七八九十',
    ]);
  });

  it('prefers to cut a long Chinese phrase at a word start or next to a particle', () => {
    const text = '一二三四五六七八九十甲乙丙丁戊己庚辛壬癸';
    expect(lines(text)).toEqual(['一二三四五六七八九十', '甲乙丙丁戊己庚辛壬癸']);
    // TTS word offsets: a word starts at 丙 (12), two characters after the even cut.
    expect(splitLines(text, new Set([0, 12])).map((l) => l.line)).toEqual([
      '一二三四五六七八九十甲乙',
      '丙丁戊己庚辛壬癸',
    ]);
    expect(lines('第一个是数字人视频工作台的自动字幕功能')).toEqual([
      '第一个是数字人视频工作台的',
      '自动字幕功能',
    ]);
  });

  it('keeps Latin lines within 42 characters, cut between words, decimals intact', () => {
    const text =
      'Welcome to the product launch. Today we introduce three new features, version 3.5 included, and a very long English sentence that certainly exceeds the limit.';
    const shown = lines(text);
    expect(shown).toEqual([
      'Welcome to the product launch',
      'Today we introduce three new features',
      'version 3.5 included',
      'and a very long English sentence',
      'that certainly exceeds the limit',
    ]);
    for (const l of shown) expect(l.length).toBeLessThanOrEqual(42);
  });

  it('measures mixed text: a Chinese character is one unit, 42 Latin characters are 18', () => {
    expect(lineUnits('数字人')).toBe(3);
    expect(lineUnits('a'.repeat(42))).toBeCloseTo(18);
    expect(lines('首先，我们来看 AI 数字人的功能。')).toEqual(['首先，我们来看 AI 数字人的功能']);
  });
});

describe('subtitle timing', () => {
  it('starts a cue at its first word and ends it at its last, lingering 300 ms or bridging short gaps', () => {
    const cues = pageCues([
      {
        text: '你好，世界。再见！',
        durationMs: 3000,
        words: [
          { text: '你好', startMs: 100, endMs: 600, charStart: 0, charEnd: 2 },
          { text: '世界', startMs: 700, endMs: 1200, charStart: 3, charEnd: 5 },
          // Timings written before offsets were stored: found by their text.
          { text: '再见', startMs: 2000, endMs: 2500 },
        ],
      },
    ]);
    expect(cues).toEqual([
      { text: '你好，世界', startMs: 100, endMs: 1500 },
      { text: '再见！', startMs: 2000, endMs: 3000 },
    ]);
  });

  it('spreads lines over the audio by length when there are no word timings (uploaded audio)', () => {
    const cues = pageCues([
      { text: '第一页的旁白。', durationMs: 1000, words: [] },
      { text: '上传的音频，没有字时间。', durationMs: 2000, words: [] },
    ]);
    expect(cues).toEqual([
      { text: '第一页的旁白', startMs: 0, endMs: 1000 },
      { text: '上传的音频', startMs: 1000, endMs: 2000 },
      { text: '没有字时间', startMs: 2000, endMs: 3000 },
    ]);
  });

  it('interpolates a line no word covers between its timed neighbours', () => {
    const cues = pageCues([
      {
        text: '开始。中间没有时间。结束。',
        durationMs: 5000,
        words: [
          { text: '开始', startMs: 0, endMs: 500, charStart: 0, charEnd: 2 },
          { text: '结束', startMs: 4000, endMs: 4500, charStart: 10, charEnd: 12 },
        ],
      },
    ]);
    expect(cues.map((c) => [c.text, c.startMs])).toEqual([
      ['开始', 0],
      ['中间没有时间', 500],
      ['结束', 4000],
    ]);
  });
});

describe('ASS script', () => {
  it('styles for the frame: 5% of the height, capped so 18 characters fit the safe width', () => {
    expect(subtitleStyle({ width: 1920, height: 1080 }, 'F')).toEqual({
      fontName: 'F',
      fontSize: 54,
      outline: 3.8,
      shadow: 2.2,
      marginX: 96,
      marginBottom: 65,
    });
    const portrait = subtitleStyle({ width: 928, height: 1648 }, 'F');
    expect(portrait).toMatchObject({ fontSize: 46, marginX: 46, marginBottom: 148 });
    expect(18 * portrait.fontSize).toBeLessThanOrEqual(928 - 2 * portrait.marginX);
  });

  it('writes times in centiseconds, rounded down', () => {
    expect(assTime(0)).toBe('0:00:00.00');
    expect(assTime(1239)).toBe('0:00:01.23');
    expect(assTime(3_725_999)).toBe('1:02:05.99');
  });

  it('is the literal script, with override characters in the text made harmless', () => {
    const frame = { width: 1920, height: 1080 };
    const script = assDocument(
      [{ text: '你好{世界}\\N', startMs: 1234, endMs: 3000 }],
      frame,
      subtitleStyle(frame, 'NotoSansHans-Medium'),
    );
    expect(script).toBe(
      [
        '[Script Info]',
        'ScriptType: v4.00+',
        'PlayResX: 1920',
        'PlayResY: 1080',
        'WrapStyle: 0',
        'ScaledBorderAndShadow: yes',
        '',
        '[V4+ Styles]',
        'Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding',
        'Style: Default,NotoSansHans-Medium,54,&H00FFFFFF,&H00FFFFFF,&H00141414,&H78000000,0,0,0,0,100,100,0,0,1,3.8,2.2,2,96,96,65,1',
        '',
        '[Events]',
        'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
        'Dialogue: 0,0:00:01.23,0:00:03.00,Default,,0,0,0,,{\\blur1}你好（世界）＼N',
        '',
      ].join('\n'),
    );
  });
});

describe('subtitles filter', () => {
  it('escapes a path for the option parser, then for the graph parser', () => {
    expect(escapeFilterValue('/data/plain/page-1.ass')).toBe('/data/plain/page-1.ass');
    expect(escapeFilterValue("/d/it's: [x], y;z\\w")).toBe("/d/it\\\\\\'s\\\\: \\[x\\]\\, y\\;z\\\\\\\\w");
    expect(subtitlesFilter('/w/p1.ass', '/fonts')).toBe('subtitles=filename=/w/p1.ass:fontsdir=/fonts');
  });

  const rig: RigFiles = {
    width: 800,
    height: 1400,
    body: '/r/body.png',
    blink: '/r/blink.png',
    mouths: { X: '/m/X.png' },
    mouth: { x: 340, y: 392, width: 120, height: 80 },
    eyes: { x: 316, y: 318, width: 168, height: 50 },
  };
  const plan: PagePlan = {
    index: 1,
    frame: { width: 1920, height: 1080 },
    fps: 25,
    durationMs: 2000,
    background: null,
    slide: null,
    character: { rig, box: { x: 90, y: 300, width: 400, height: 700 } },
    audio: [],
  };
  const files = {
    still: 's.png',
    mouthTrack: 'm.txt',
    blinkTrack: 'b.txt',
    audio: ['a.wav'],
    output: 'o.mp4',
  };
  const graphOf = (args: string[]) => args[args.indexOf('-filter_complex') + 1];

  it('burns subtitles in last, over the presenter, only when asked', () => {
    const on = graphOf(pageArgs(plan, { ...files, subtitles: { assFile: '/w/p1.ass', fontsDir: '/fonts' } }));
    expect(on.split(';')[4]).toBe(
      '[v1][e]overlay=248:459:eof_action=repeat,format=yuv420p,subtitles=filename=/w/p1.ass:fontsdir=/fonts[v]',
    );
    for (const off of [pageArgs(plan, files), pageArgs(plan, { ...files, subtitles: null })]) {
      expect(graphOf(off)).not.toMatch(/subtitles=|ass=/);
    }
  });
});

describe('issue 16: cues respect words and readable lengths', () => {
  it('never ends a line inside a word when word times are known', () => {
    // 26 characters, no punctuation: the width forces a cut near the middle, which falls inside
    // the ten-character name (the old rule cut 数字人视频 | 工作台软件); the line must end around it.
    const words = ['我们', '今天', '介绍', '一款', '数字人视频工作台软件', '字幕', '分行', '规则', '正确'];
    const text = words.join('');
    const starts = new Set<number>();
    let at = 0;
    for (const w of words) {
      starts.add(at);
      at += w.length;
    }
    const lines = splitLines(text, starts);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) {
      expect(starts.has(line.start) || line.start === 0).toBe(true);
      expect(lineUnits(line.line)).toBeLessThanOrEqual(MAX_LINE_UNITS);
    }
    expect(lines.map((l) => l.line).join('')).toBe(text);
  });

  it('takes a line down after 7 s even when its words stretch over longer', () => {
    const text = '大家好。';
    const cues = pageCues([
      {
        text,
        durationMs: 20_000,
        words: [
          { text: '大家', startMs: 0, endMs: 500, charStart: 0, charEnd: 2 },
          { text: '好', startMs: 18_000, endMs: 18_500, charStart: 2, charEnd: 3 },
        ],
      },
    ]);
    expect(cues).toHaveLength(1);
    expect(cues[0].endMs - cues[0].startMs).toBeLessThanOrEqual(MAX_CUE_MS);
  });
});
