import { open } from 'node:fs/promises';

/** Audio containers a material may be, as told by the first bytes of the file. */
export type AudioFormat = 'wav' | 'mp3' | 'aac' | 'm4a' | 'ogg' | 'flac';

const ascii = (head: Uint8Array, at: number, text: string) =>
  head.length >= at + text.length && [...text].every((c, i) => head[at + i] === c.charCodeAt(0));

/**
 * The audio container by its magic bytes (RIFF/WAVE, ID3 or an MPEG frame sync, ADTS, ftyp, OggS,
 * fLaC), or null: a renamed image or text file is refused before ffmpeg ever reads it.
 */
export function sniffAudio(head: Uint8Array): AudioFormat | null {
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WAVE')) return 'wav';
  if (ascii(head, 0, 'ID3')) return 'mp3';
  if (ascii(head, 4, 'ftyp')) return 'm4a';
  if (ascii(head, 0, 'OggS')) return 'ogg';
  if (ascii(head, 0, 'fLaC')) return 'flac';
  if (head.length >= 2 && head[0] === 0xff) {
    // MPEG audio frame sync: 11 bits set; layer bits 00 mean ADTS AAC, anything else MP3.
    if ((head[1] & 0xf6) === 0xf0) return 'aac';
    if ((head[1] & 0xe0) === 0xe0 && (head[1] & 0x06) !== 0) return 'mp3';
  }
  return null;
}

/** The first `bytes` bytes of a file. */
export async function readHead(file: string, bytes = 16): Promise<Uint8Array> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
