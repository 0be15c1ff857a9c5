/** Synthetic speech-like signals of known pitch and syllable rate, for the voice analysis tests. */

/**
 * A voiced "speaker": a harmonic tone at `f0Hz` (8 harmonics falling off like a glottal source)
 * whose pitch glides ±`glide` (fraction) per syllable, chopped into syllables of `syllableMs` with
 * `gapMs` of silence between them and a 600 ms pause every `perPhrase` syllables.
 */
export function voicedSignal(opts: {
  f0Hz: number;
  seconds: number;
  sampleRate?: number;
  syllableMs?: number;
  gapMs?: number;
  glide?: number;
  perPhrase?: number;
}): { samples: Int16Array; sampleRate: number; syllablesPerSecond: number } {
  const sampleRate = opts.sampleRate ?? 24_000;
  const syllable = Math.round(((opts.syllableMs ?? 180) * sampleRate) / 1000);
  const gap = Math.round(((opts.gapMs ?? 70) * sampleRate) / 1000);
  const pause = Math.round(0.6 * sampleRate);
  const perPhrase = opts.perPhrase ?? 8;
  const glide = opts.glide ?? 0.1;
  const samples = new Int16Array(Math.round(opts.seconds * sampleRate));
  let at = 0;
  let phase = 0;
  let count = 0;
  while (at + syllable < samples.length) {
    // Syllables alternate rising and falling pitch, like tones in speech.
    const direction = count % 2 === 0 ? 1 : -1;
    for (let i = 0; i < syllable; i++) {
      const progress = i / syllable;
      const f = opts.f0Hz * (1 + direction * glide * (progress - 0.5));
      phase += (2 * Math.PI * f) / sampleRate;
      let v = 0;
      for (let h = 1; h <= 8; h++) v += Math.sin(h * phase) / h;
      const envelope = Math.sin(Math.PI * progress) ** 0.6;
      samples[at + i] = Math.round(v * envelope * 9000);
    }
    at += syllable + gap;
    count++;
    if (count % perPhrase === 0) at += pause;
  }
  // Syllables per second of speaking time (the pauses are left out, as the analysis does).
  const speakingSeconds = (count * (syllable + gap)) / sampleRate;
  return { samples, sampleRate, syllablesPerSecond: count / speakingSeconds };
}

/** White noise (no pitch): a sample without a voice in it. */
export function noiseSignal(seconds: number, sampleRate = 24_000): Int16Array {
  const samples = new Int16Array(Math.round(seconds * sampleRate));
  let seed = 12345;
  for (let i = 0; i < samples.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    samples[i] = ((seed / 0x7fffffff) * 2 - 1) * 8000;
  }
  return samples;
}

/**
 * A test beep (what a browser's fake microphone records): a sine at `frequencyHz`, continuous, or
 * `onMs` on in every `everyMs` when given.
 */
export function beepSignal(
  frequencyHz: number,
  seconds: number,
  pulse?: { onMs: number; everyMs: number },
  sampleRate = 24_000,
): Int16Array {
  const samples = new Int16Array(Math.round(seconds * sampleRate));
  for (let i = 0; i < samples.length; i++) {
    const ms = (i / sampleRate) * 1000;
    const on = !pulse || ms % pulse.everyMs < pulse.onMs;
    samples[i] = on ? Math.round(Math.sin((2 * Math.PI * frequencyHz * i) / sampleRate) * 9000) : 0;
  }
  return samples;
}
