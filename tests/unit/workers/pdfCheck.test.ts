import { looksLikePdf } from '../../../src/model/fileSignature';
import { describe, expect, it } from 'vitest';
import { PDF_ERROR_MESSAGES } from '../../../src/server/adapters/media/pdf.errors';
import {
  MAX_THUMBS,
  PDF_PROBLEM_MESSAGES,
  problemOfPdfjsError,
  thumbPages,
  thumbSize,
} from '../../../src/workers/pdfCheck';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('pdfCheck', () => {
  it('refuses with exactly the messages the server uses', () => {
    // The browser checks what the file alone decides; page limits and timeouts are the server's.
    for (const [problem, message] of Object.entries(PDF_PROBLEM_MESSAGES)) {
      expect(PDF_ERROR_MESSAGES[problem as keyof typeof PDF_ERROR_MESSAGES]).toBe(message);
    }
    expect(Object.keys(PDF_PROBLEM_MESSAGES)).toEqual(['not_pdf', 'corrupt', 'encrypted', 'empty']);
  });

  it('finds the %PDF- header within the first 1 KiB only', () => {
    expect(looksLikePdf(bytes('%PDF-1.7\n'))).toBe(true);
    expect(looksLikePdf(bytes(`${'x'.repeat(500)}%PDF-1.4`))).toBe(true);
    expect(looksLikePdf(bytes(`${'x'.repeat(1020)}%PDF-1.4`))).toBe(false);
    expect(looksLikePdf(bytes('%PDF'))).toBe(false);
    expect(looksLikePdf(Uint8Array.from([0x89, 0x50, 0x4e, 0x47]))).toBe(false);
    expect(looksLikePdf(new Uint8Array())).toBe(false);
  });

  it('maps pdf.js errors by name, and leaves unknown ones to the server', () => {
    expect(problemOfPdfjsError({ name: 'PasswordException', message: 'No password given' })).toBe(
      'encrypted',
    );
    expect(problemOfPdfjsError({ name: 'InvalidPDFException', message: 'Invalid PDF structure.' })).toBe(
      'corrupt',
    );
    expect(problemOfPdfjsError({ name: 'FormatError' })).toBe('corrupt');
    expect(problemOfPdfjsError(new TypeError('OffscreenCanvas is not defined'))).toBeNull();
    expect(problemOfPdfjsError('boom')).toBeNull();
    expect(problemOfPdfjsError(null)).toBeNull();
  });

  it('sizes thumbnails by width, keeping the page aspect', () => {
    // A 16:9 slide (960x540 pt) drawn 192 px wide.
    expect(thumbSize(960, 540, 192)).toEqual({ scale: 0.2, width: 192, height: 108 });
    // A portrait A4 page.
    const a4 = thumbSize(595.28, 841.89, 192);
    expect(a4.width).toBe(192);
    expect(a4.height).toBe(272);
    expect(thumbSize(0, 0, 192).height).toBeGreaterThanOrEqual(1);
  });

  it('thumbnails the first pages only', () => {
    expect(thumbPages(3)).toEqual([1, 2, 3]);
    expect(thumbPages(0)).toEqual([]);
    expect(thumbPages(500)).toHaveLength(MAX_THUMBS);
    expect(thumbPages(500).at(-1)).toBe(MAX_THUMBS);
  });
});
