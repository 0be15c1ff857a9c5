import { describe, expect, it } from 'vitest';
import { clipped, fileStem, shownFileName } from '../../../src/server/services/fileNames';

describe('uploaded file names as a page shows them', () => {
  it('keeps the last part of a path from any system, trimmed', () => {
    expect(shownFileName('讲解.mp3')).toBe('讲解.mp3');
    expect(shownFileName('C:\\Users\\李\\第一页 讲解.MP3 ')).toBe('第一页 讲解.MP3');
    expect(shownFileName('/home/li/录音 09:05.wav')).toBe('录音 09:05.wav');
  });

  it('drops the extension for a name, and clips whole characters', () => {
    expect(fileStem('C:\\图\\红色箭头.png')).toBe('红色箭头');
    expect(fileStem('.png')).toBe('');
    expect(clipped('😀表情贴图', 2)).toBe('😀表');
  });
});
