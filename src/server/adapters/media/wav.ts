/**
 * PCM16 mono WAV files: the one narration audio format of the project.
 *
 * Every narration file (text-to-speech output, uploaded or recorded audio after normalising) is
 * 24 kHz mono signed 16-bit PCM. 24 kHz keeps the whole speech band, is what most neural TTS engines
 * produce natively (so adding one later needs no resampling), and one format lets the renderer
 * concatenate pages without per-file conversion. eSpeak NG's native 22,050 Hz is resampled here.
 */

/** Sample rate of every narration WAV file. */
export const NARRATION_SAMPLE_RATE = 24_000;

const HEADER_BYTES = 44;

/** Raw samples of a mono PCM16 signal. */
export interface Pcm16 {
  samples: Int16Array;
  sampleRate: number;
}

/** Encodes mono PCM16 samples as a canonical 44-byte-header WAV file. */
export function encodeWav(samples: Int16Array, sampleRate: number): Buffer {
  const dataBytes = samples.length * 2;
  const out = Buffer.alloc(HEADER_BYTES + dataBytes);
  out.write('RIFF', 0, 'ascii');
  out.writeUInt32LE(36 + dataBytes, 4);
  out.write('WAVE', 8, 'ascii');
  out.write('fmt ', 12, 'ascii');
  out.writeUInt32LE(16, 16); // fmt chunk size
  out.writeUInt16LE(1, 20); // PCM
  out.writeUInt16LE(1, 22); // mono
  out.writeUInt32LE(sampleRate, 24);
  out.writeUInt32LE(sampleRate * 2, 28); // byte rate
  out.writeUInt16LE(2, 32); // block align
  out.writeUInt16LE(16, 34); // bits per sample
  out.write('data', 36, 'ascii');
  out.writeUInt32LE(dataBytes, 40);
  for (let i = 0; i < samples.length; i++) out.writeInt16LE(samples[i], HEADER_BYTES + i * 2);
  return out;
}

/** Decodes a mono PCM16 WAV file (any chunk layout); throws on anything else. */
export function decodeWav(file: Buffer): Pcm16 {
  if (
    file.length < 12 ||
    file.toString('ascii', 0, 4) !== 'RIFF' ||
    file.toString('ascii', 8, 12) !== 'WAVE'
  ) {
    throw new Error('not a WAV file');
  }
  let sampleRate = 0;
  let offset = 12;
  while (offset + 8 <= file.length) {
    const id = file.toString('ascii', offset, offset + 4);
    const size = file.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') {
      const format = file.readUInt16LE(body);
      const channels = file.readUInt16LE(body + 2);
      const bits = file.readUInt16LE(body + 14);
      if (format !== 1 || channels !== 1 || bits !== 16) {
        throw new Error(`unsupported WAV: format ${format}, ${channels} channels, ${bits} bits`);
      }
      sampleRate = file.readUInt32LE(body + 4);
    } else if (id === 'data') {
      if (!sampleRate) throw new Error('WAV data before fmt chunk');
      const end = Math.min(file.length, body + size);
      const samples = new Int16Array(Math.floor((end - body) / 2));
      for (let i = 0; i < samples.length; i++) samples[i] = file.readInt16LE(body + i * 2);
      return { samples, sampleRate };
    }
    offset = body + size + (size % 2);
  }
  throw new Error('WAV file has no data chunk');
}

/** Duration of `sampleCount` samples in milliseconds (rounded to whole ms). */
export function samplesToMs(sampleCount: number, sampleRate: number): number {
  return Math.round((sampleCount * 1000) / sampleRate);
}

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

const HALF_TAPS = 16;

/**
 * Band-limited resampling (Blackman-windowed sinc, 32 taps) between integer rates.
 * Filter coefficients are tabulated per output phase, so 22,050 -> 24,000 Hz costs ~1 ms per second of audio.
 */
export function resamplePcm16(input: Int16Array, fromRate: number, toRate: number): Int16Array {
  if (fromRate === toRate) return input.slice();
  const g = gcd(fromRate, toRate);
  const up = toRate / g;
  const down = fromRate / g;
  const outLength = Math.floor((input.length * toRate) / fromRate);
  const out = new Int16Array(outLength);
  // Cut-off just below the lower Nyquist frequency, in input-sample units.
  const cutoff = 0.95 * Math.min(1, toRate / fromRate);
  const taps = HALF_TAPS * 2;
  const phases = up <= 4096 ? up : 0;
  const table = phases ? new Float64Array(phases * taps) : null;

  const coefficients = (frac: number, target: Float64Array, at: number): void => {
    let sum = 0;
    for (let k = 0; k < taps; k++) {
      const x = k - HALF_TAPS + 1 - frac; // distance from the output instant, in input samples
      const w =
        0.42 + 0.5 * Math.cos((Math.PI * x) / HALF_TAPS) + 0.08 * Math.cos((2 * Math.PI * x) / HALF_TAPS);
      const arg = Math.PI * cutoff * x;
      const c = (x === 0 ? 1 : Math.sin(arg) / arg) * Math.max(0, w);
      target[at + k] = c;
      sum += c;
    }
    for (let k = 0; k < taps; k++) target[at + k] /= sum; // unity gain at DC
  };
  if (table)
    for (let p = 0; p < phases; p++)
      coefficients((p * down) / up - Math.floor((p * down) / up), table, p * taps);

  const scratch = new Float64Array(taps);
  for (let n = 0; n < outLength; n++) {
    const pos = (n * down) / up;
    const base = Math.floor(pos);
    let coef: Float64Array;
    let at = 0;
    if (table) {
      coef = table;
      at = (n % phases) * taps;
    } else {
      coefficients(pos - base, scratch, 0);
      coef = scratch;
    }
    let acc = 0;
    for (let k = 0; k < taps; k++) {
      const idx = base - HALF_TAPS + 1 + k;
      if (idx >= 0 && idx < input.length) acc += input[idx] * coef[at + k];
    }
    out[n] = Math.max(-32768, Math.min(32767, Math.round(acc)));
  }
  return out;
}

/** Concatenates PCM16 chunks. */
export function concatPcm16(chunks: readonly Int16Array[]): Int16Array {
  const out = new Int16Array(chunks.reduce((n, c) => n + c.length, 0));
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.length;
  }
  return out;
}

/** RMS level (0..1 of full scale) of consecutive frames of `frameMs`, for loudness-driven lip-sync. */
export function pcmLevels(samples: Int16Array, sampleRate: number, frameMs = 10): number[] {
  const frame = Math.max(1, Math.round((sampleRate * frameMs) / 1000));
  const levels: number[] = [];
  for (let start = 0; start < samples.length; start += frame) {
    const end = Math.min(samples.length, start + frame);
    let sum = 0;
    for (let i = start; i < end; i++) sum += samples[i] * samples[i];
    levels.push(Math.sqrt(sum / (end - start)) / 32768);
  }
  return levels;
}
