/** Sample rate of recorded narration (spec section 9: 16-bit, 48 kHz, mono). */
export const RECORDING_SAMPLE_RATE = 48_000;

const HEADER_BYTES = 44;

/** Number of samples in a list of PCM chunks. */
export function sampleCount(chunks: readonly Float32Array[]): number {
  let n = 0;
  for (const c of chunks) n += c.length;
  return n;
}

/** Joins PCM chunks into one buffer (the recorder collects many small ones). */
export function concatPcm(chunks: readonly Float32Array[]): Float32Array {
  const out = new Float32Array(sampleCount(chunks));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/**
 * One float sample (-1..1) as a signed 16-bit integer, the way ffmpeg converts flt to s16:
 * scaled by 32768, rounded to nearest with ties to even (lrintf), clipped to -32768..32767.
 */
export function toInt16(sample: number): number {
  const v = sample * 32768;
  if (Number.isNaN(v)) return 0;
  let r = Math.round(v);
  if (r - v === 0.5 && r & 1) r -= 1;
  return r > 32767 ? 32767 : r < -32768 ? -32768 : r || 0;
}

/** Encodes mono Float32 PCM as a 16-bit little-endian PCM WAV file (RIFF, 44-byte header). */
export function encodeWav(
  pcm: Float32Array | readonly Float32Array[],
  sampleRate: number = RECORDING_SAMPLE_RATE,
): Uint8Array {
  const chunks = pcm instanceof Float32Array ? [pcm] : pcm;
  const samples = sampleCount(chunks);
  const dataBytes = samples * 2;
  const bytes = new Uint8Array(HEADER_BYTES + dataBytes);
  const view = new DataView(bytes.buffer);
  const ascii = (at: number, text: string) => {
    for (let i = 0; i < text.length; i++) bytes[at + i] = text.charCodeAt(i);
  };
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + dataBytes, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true); // fmt chunk size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true); // byte rate
  view.setUint16(32, 2, true); // block align
  view.setUint16(34, 16, true); // bits per sample
  ascii(36, 'data');
  view.setUint32(40, dataBytes, true);
  let at = HEADER_BYTES;
  for (const c of chunks) {
    for (let i = 0; i < c.length; i++, at += 2) view.setInt16(at, toInt16(c[i]), true);
  }
  return bytes;
}

/** Length in seconds of a WAV produced by encodeWav. */
export function wavDuration(bytes: Uint8Array): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return view.getUint32(40, true) / view.getUint32(28, true);
}
