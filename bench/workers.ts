import { computePeaks } from '../src/workers/peaks';
import { encodeWav, RECORDING_SAMPLE_RATE } from '../src/workers/wav';

/*
 * The recorder's worker code (src/workers): WAV encoding of a 10-minute recording and waveform
 * peaks of an hour of audio. Measured in Node on the same V8 the browser worker runs; the code is
 * the very functions the Comlink workers call, so these are the seconds a user waits (off the main
 * thread) after pressing 停止 or opening a long file.
 */

/** A speech-like test signal: a 180 Hz tone under a syllable-rate envelope, in 1-second chunks. */
function recording(seconds: number, sampleRate: number): Float32Array[] {
  return Array.from({ length: seconds }, (_, s) => {
    const chunk = new Float32Array(sampleRate);
    for (let i = 0; i < sampleRate; i++) {
      const t = s + i / sampleRate;
      chunk[i] = 0.6 * Math.sin(2 * Math.PI * 180 * t) * Math.abs(Math.sin(2 * Math.PI * 2.5 * t));
    }
    return chunk;
  });
}

function best(runs: number, work: () => void): number {
  let fastest = Infinity;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    work();
    fastest = Math.min(fastest, performance.now() - started);
  }
  return fastest;
}

export function workerBench() {
  const sampleRate = RECORDING_SAMPLE_RATE;
  const tenMinutes = recording(600, sampleRate);
  let bytes = 0;
  const wavMs = best(3, () => {
    bytes = encodeWav(tenMinutes, sampleRate).length;
  });

  // One hour as one buffer (what the worker receives), peaks for a 1200-pixel-wide waveform.
  const hour = new Float32Array(3600 * sampleRate);
  const second = tenMinutes[0];
  for (let s = 0; s < 3600; s++) hour.set(second, s * sampleRate);
  const peaksMs = best(3, () => computePeaks(hour, 1200));

  return {
    wavEncode10MinutesMs: Math.round(wavMs),
    wavBytes: bytes,
    peaks1HourMs: Math.round(peaksMs),
    sampleRate,
    note: 'src/workers pure functions in Node (same code the Comlink workers run); best of 3',
  };
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(workerBench());
