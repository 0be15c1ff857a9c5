import { describe, expect, it } from 'vitest';
import { audioFormatOf, looksLikePdf, pictureFormatOf } from '../../../src/model/fileSignature';

const bytes = (...parts: (string | number[])[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('file signatures (one table for browser and server)', () => {
  it.each([
    ['png', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])],
    ['jpeg', bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF')],
    ['gif', bytes('GIF89a', [1, 0])],
    ['gif', bytes('GIF87a')],
    ['webp', bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 ')],
  ])('tells a %s picture by its first bytes', (format, head) => {
    expect(pictureFormatOf(head)).toBe(format);
  });

  it('calls nothing a picture that only looks like one', () => {
    expect(pictureFormatOf(bytes([0x89, 0x50, 0x4e, 0x47]))).toBeNull(); // cut-off PNG signature
    expect(pictureFormatOf(bytes('GIF8'))).toBeNull();
    expect(pictureFormatOf(bytes('RIFF', [0, 0, 0, 0], 'WAVE'))).toBeNull();
    expect(pictureFormatOf(bytes('<svg xmlns='))).toBeNull();
    expect(pictureFormatOf(new Uint8Array())).toBeNull();
  });

  it.each([
    ['wav', bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt ')],
    ['mp3', bytes('ID3', [4, 0])],
    ['mp3', bytes([0xff, 0xfb, 0x90, 0x64])],
    ['aac', bytes([0xff, 0xf1, 0x50, 0x80])],
    ['m4a', bytes([0, 0, 0, 0x20], 'ftypM4A ')],
    ['ogg', bytes('OggS', [0])],
    ['flac', bytes('fLaC')],
  ])('tells %s audio by its first bytes', (format, head) => {
    expect(audioFormatOf(head)).toBe(format);
  });

  it('refuses a renamed picture or text as audio', () => {
    expect(audioFormatOf(bytes([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
    expect(audioFormatOf(bytes('hello world'))).toBeNull();
    expect(audioFormatOf(bytes([0xff, 0x00]))).toBeNull();
  });

  it('finds %PDF- anywhere in the first 1 KiB, as readers do', () => {
    expect(looksLikePdf(bytes('%PDF-1.7\n'))).toBe(true);
    expect(looksLikePdf(bytes('x'.repeat(1019), '%PDF-'))).toBe(true);
    expect(looksLikePdf(bytes('x'.repeat(1020), '%PDF-'))).toBe(false);
    expect(looksLikePdf(bytes('%PDF'))).toBe(false);
  });
});
