/*
 * What a file is, told by its first bytes. One table for the browser (checks before an upload)
 * and the server (checks before anything reads the file), so both judge a renamed file alike.
 */

/** Picture formats we accept somewhere, by signature. */
export type PictureFormat = 'png' | 'jpeg' | 'gif' | 'webp';

/** Audio containers a material may be. */
export type AudioFormat = 'wav' | 'mp3' | 'aac' | 'm4a' | 'ogg' | 'flac';

/** How many leading bytes the checks below need (the PDF check looks further: PDF_HEAD_BYTES). */
export const SIGNATURE_BYTES = 16;

/** Readers look for "%PDF-" anywhere in the first 1 KiB (junk may come before it). */
export const PDF_HEAD_BYTES = 1024;

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

const bytesAt = (head: Uint8Array, at: number, expected: readonly number[]) =>
  head.length >= at + expected.length && expected.every((b, i) => head[at + i] === b);

const asciiAt = (head: Uint8Array, at: number, text: string) =>
  bytesAt(
    head,
    at,
    [...text].map((c) => c.charCodeAt(0)),
  );

/** The picture format the first bytes announce, or null. */
export function pictureFormatOf(head: Uint8Array): PictureFormat | null {
  if (bytesAt(head, 0, PNG)) return 'png';
  if (bytesAt(head, 0, JPEG)) return 'jpeg';
  if (asciiAt(head, 0, 'GIF87a') || asciiAt(head, 0, 'GIF89a')) return 'gif';
  if (asciiAt(head, 0, 'RIFF') && asciiAt(head, 8, 'WEBP')) return 'webp';
  return null;
}

/**
 * The audio container by its magic bytes (RIFF/WAVE, ID3 or an MPEG frame sync, ADTS, ftyp, OggS,
 * fLaC), or null: a renamed image or text file is refused before ffmpeg ever reads it.
 */
export function audioFormatOf(head: Uint8Array): AudioFormat | null {
  if (asciiAt(head, 0, 'RIFF') && asciiAt(head, 8, 'WAVE')) return 'wav';
  if (asciiAt(head, 0, 'ID3')) return 'mp3';
  if (asciiAt(head, 4, 'ftyp')) return 'm4a';
  if (asciiAt(head, 0, 'OggS')) return 'ogg';
  if (asciiAt(head, 0, 'fLaC')) return 'flac';
  if (head.length >= 2 && head[0] === 0xff) {
    // MPEG audio frame sync: 11 bits set; layer bits 00 mean ADTS AAC, anything else MP3.
    if ((head[1] & 0xf6) === 0xf0) return 'aac';
    if ((head[1] & 0xe0) === 0xe0 && (head[1] & 0x06) !== 0) return 'mp3';
  }
  return null;
}

/** True when "%PDF-" appears in the first 1 KiB, where readers (and the server) look for it. */
export function looksLikePdf(head: Uint8Array): boolean {
  const end = Math.min(head.length, PDF_HEAD_BYTES) - 5;
  for (let i = 0; i <= end; i++) if (asciiAt(head, i, '%PDF-')) return true;
  return false;
}
