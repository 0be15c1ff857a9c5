import { describe, expect, it } from 'vitest';
import {
  composeProgress,
  downloadName,
  editorPath,
  editorPathFor,
  formatDateTime,
  formatDuration,
  formatResolution,
  formatSize,
  greetingKey,
} from '../../../../src/app/screens/projects/format';

describe('formatting of videos and projects', () => {
  it('prints durations as m:ss, and h:mm:ss from one hour on', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(8_400)).toBe('0:08');
    expect(formatDuration(61_499)).toBe('1:01');
    expect(formatDuration(3_723_000)).toBe('1:02:03');
    expect(formatDuration(Number.NaN)).toBe('0:00');
    expect(formatDuration(-5)).toBe('0:00');
  });

  it('prints sizes in B, KB, MB and GB', () => {
    expect(formatSize(512)).toBe('512 B');
    expect(formatSize(261_939)).toBe('255.8 KB');
    expect(formatSize(5 * 1024 * 1024)).toBe('5.0 MB');
    expect(formatSize(3 * 1024 ** 3)).toBe('3.0 GB');
    expect(formatSize(Number.NaN)).toBe('0 B');
  });

  it('prints times as local YYYY-MM-DD HH:mm and a dash for none', () => {
    expect(formatDateTime(new Date(2026, 10, 2, 9, 5, 59).getTime())).toBe('2026-11-02 09:05');
    expect(formatDateTime(0)).toBe('—');
    expect(formatDateTime(Number('x'))).toBe('—');
  });

  it('prints resolutions and a dash when unknown', () => {
    expect(formatResolution(1920, 1080)).toBe('1920×1080');
    expect(formatResolution(0, 1080)).toBe('—');
  });

  it('greets by the hour', () => {
    expect(greetingKey(4)).toBe('evening');
    expect(greetingKey(5)).toBe('morning');
    expect(greetingKey(11)).toBe('morning');
    expect(greetingKey(12)).toBe('afternoon');
    expect(greetingKey(17)).toBe('afternoon');
    expect(greetingKey(18)).toBe('evening');
  });

  it('names downloads after the project, without characters file systems refuse', () => {
    expect(downloadName('产品 发布/会', 12)).toBe('产品_发布_会-12.mp4');
    expect(downloadName('  ', null)).toBe('video.mp4');
  });
});

describe('synthesis progress', () => {
  const running = {
    status: 'rendering' as const,
    percent: 37.4,
    pagesDone: 2,
    pageCount: 8,
    etaSeconds: 41.6,
  };

  it('shows the page being rendered (1-based) out of the page count and whole seconds left', () => {
    expect(composeProgress(running)).toEqual({ percent: 37, page: { x: 3, y: 8 }, etaSeconds: 42 });
  });

  it('never goes past the last page or outside 0..100', () => {
    expect(composeProgress({ ...running, pagesDone: 8, percent: 140 })).toEqual({
      percent: 100,
      page: { x: 8, y: 8 },
      etaSeconds: 42,
    });
    expect(composeProgress({ ...running, percent: -3 }).percent).toBe(0);
  });

  it('has no page before the page count is known and no time left unless rendering', () => {
    expect(composeProgress({ ...running, pageCount: 0, pagesDone: 0 }).page).toBeNull();
    expect(composeProgress({ ...running, status: 'queued' })).toEqual({
      percent: 37,
      page: null,
      etaSeconds: null,
    });
    expect(composeProgress({ ...running, etaSeconds: null }).etaSeconds).toBeNull();
  });

  it('is 100% when done and empty without a status', () => {
    expect(composeProgress({ ...running, status: 'done', percent: 99 }).percent).toBe(100);
    expect(composeProgress(null)).toEqual({ percent: 0, page: null, etaSeconds: null });
  });

  it('never prints NaN', () => {
    const bad = {
      status: 'rendering' as const,
      percent: Number.NaN,
      pagesDone: Number.NaN,
      pageCount: 3,
      etaSeconds: Number.NaN,
    };
    const p = composeProgress(bad);
    expect(p.percent).toBe(0);
    expect(p.page).toEqual({ x: 1, y: 3 });
    expect(p.etaSeconds).toBe(0);
  });
});

describe('editor links', () => {
  it('sends /protext?videoid=N and /prowav?videoid=N to the editor, ignoring bad ids', () => {
    expect(editorPathFor('?videoid=12')).toBe('/video?videoid=12');
    expect(editorPathFor('?videoid=007')).toBe('/video?videoid=7');
    expect(editorPathFor('')).toBeNull();
    expect(editorPathFor('?videoid=')).toBeNull();
    expect(editorPathFor('?videoid=0')).toBeNull();
    expect(editorPathFor('?videoid=abc')).toBeNull();
    expect(editorPathFor('?videoid=-3')).toBeNull();
    expect(editorPath(5)).toBe('/video?videoid=5');
  });
});
