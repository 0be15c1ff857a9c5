import { describe, expect, it } from 'vitest';
import { assDocument, assTime, cueAt, srtDocument, srtTime } from '../../../src/model/speech';
import { cueTime } from '../../../src/app/screens/subtitle/cueTime';

const cues = [
  { startMs: 40, endMs: 3920, text: '大家好，欢迎使用字幕工具' },
  { startMs: 4460, endMs: 7550, text: 'Subtitles {bold} \\N here' },
  { startMs: 7550, endMs: 7550, text: 'zero length is dropped' },
  { startMs: 3_723_004, endMs: 3_725_999, text: '第二行\n换行' },
];

describe('subtitle file writers', () => {
  it('formats SRT and ASS times', () => {
    expect(srtTime(0)).toBe('00:00:00,000');
    expect(srtTime(3_723_004)).toBe('01:02:03,004');
    expect(srtTime(-5)).toBe('00:00:00,000');
    expect(assTime(3_723_009)).toBe('1:02:03.00');
    expect(assTime(4460)).toBe('0:00:04.46');
  });

  it('writes a numbered SRT with CRLF, one line per cue, empty cues left out', () => {
    expect(srtDocument(cues)).toBe(
      '1\r\n00:00:00,040 --> 00:00:03,920\r\n大家好，欢迎使用字幕工具\r\n' +
        '\r\n2\r\n00:00:04,460 --> 00:00:07,550\r\nSubtitles {bold} \\N here\r\n' +
        '\r\n3\r\n01:02:03,004 --> 01:02:05,999\r\n第二行 换行\r\n',
    );
  });

  it('writes an ASS file with the bundled font and literal text', () => {
    const ass = assDocument(cues, {
      fontName: 'NotoSansHans-Medium',
      width: 1920,
      height: 1080,
      title: '讲解',
    });
    expect(ass).toContain('Title: 讲解\nScriptType: v4.00+\nPlayResX: 1920\nPlayResY: 1080\n');
    expect(ass).toContain(
      'Style: Default,NotoSansHans-Medium,54,&H00FFFFFF,&H00FFFFFF,&H00141414,&H78000000,0,0,0,0,100,100,0,0,1,3.8,2.2,2,96,96,65,1',
    );
    expect(ass).toContain('Dialogue: 0,0:00:00.04,0:00:03.92,Default,,0,0,0,,大家好，欢迎使用字幕工具\n');
    // Braces and backslashes would start override tags: they are shown as full-width look-alikes.
    expect(ass).toContain(',,Subtitles （bold） ＼N here\n');
    expect(ass).not.toContain('zero length');
    expect(ass.split('\n').filter((l) => l.startsWith('Dialogue:'))).toHaveLength(3);
    const portrait = assDocument(cues, { fontName: 'F', width: 1080, height: 1920 });
    expect(portrait).toMatch(/Style: Default,F,54,.*,2,54,54,173,1/);
  });

  it('finds the cue under the playhead', () => {
    const timed = cues.slice(0, 2);
    expect(cueAt(timed, 0)).toBe(-1);
    expect(cueAt(timed, 40)).toBe(0);
    expect(cueAt(timed, 3919)).toBe(0);
    expect(cueAt(timed, 4000)).toBe(-1);
    expect(cueAt(timed, 5000)).toBe(1);
    expect(cueAt(timed, 7550)).toBe(-1);
    expect(cueAt([], 10)).toBe(-1);
  });

  it('shows table times as M:SS.cc', () => {
    expect(cueTime(4460)).toBe('0:04.46');
    expect(cueTime(3_723_004)).toBe('1:02:03.00');
  });
});
