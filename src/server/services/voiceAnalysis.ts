/**
 * Measures a voice sample: the pitch of its voiced frames (median and spread, by normalised
 * autocorrelation) and its speaking rate (syllable nuclei counted as peaks of the smoothed
 * loudness). Pure functions over PCM16 samples, used to derive a private voice's synthesiser
 * parameters and to check that synthesised speech follows them.
 */

/** What a sample says about its speaker. */
export interface VoiceMeasures {
  /** Median fundamental frequency of the voiced frames, Hz (0 when nothing voiced was found). */
  f0MedianHz: number;
  /** 10th and 90th percentile of the frame pitches, Hz: how far the speaker's intonation moves. */
  f0LowHz: number;
  f0HighHz: number;
  /** Syllables per second of speaking time (pauses longer than 300 ms are left out). */
  syllablesPerSecond: number;
  /** Share of the analysed frames that were voiced (0..1). */
  voicedShare: number;
}

/** Pitch search band: covers low male (70 Hz) to high female and child voices (450 Hz). */
const MIN_F0 = 70;
const MAX_F0 = 450;
const FRAME_S = 0.04;
const HOP_S = 0.01;
/** A frame is voiced when its normalised autocorrelation peak clears this. */
const VOICING_THRESHOLD = 0.6;

function percentile(sorted: readonly number[], p: number): number {
  if (!sorted.length) return 0;
  const at = Math.min(sorted.length - 1, Math.max(0, Math.round((sorted.length - 1) * p)));
  return sorted[at];
}

/** Per-frame RMS levels (0..1) of `frameS` windows every `hopS`. */
function frameLevels(samples: Int16Array, sampleRate: number, frameS: number, hopS: number): number[] {
  const frame = Math.round(sampleRate * frameS);
  const hop = Math.round(sampleRate * hopS);
  const levels: number[] = [];
  for (let start = 0; start + frame <= samples.length; start += hop) {
    let sum = 0;
    for (let i = start; i < start + frame; i++) sum += samples[i] * samples[i];
    levels.push(Math.sqrt(sum / frame) / 32768);
  }
  return levels;
}

/** Box-filtered integer decimation to about `targetRate` (speech has little energy above 4 kHz). */
function decimate(samples: Int16Array, sampleRate: number, targetRate: number) {
  const factor = Math.max(1, Math.floor(sampleRate / targetRate));
  if (factor === 1) return { samples, sampleRate };
  const out = new Int16Array(Math.floor(samples.length / factor));
  for (let i = 0; i < out.length; i++) {
    let sum = 0;
    for (let k = 0; k < factor; k++) sum += samples[i * factor + k];
    out[i] = Math.round(sum / factor);
  }
  return { samples: out, sampleRate: sampleRate / factor };
}

/**
 * Pitch of each voiced frame (Hz). Loud enough frames only (speech, not room noise); the lag with
 * the highest normalised autocorrelation wins, and the smallest lag within 90% of it is taken so
 * a period's multiples (sub-harmonics) do not halve the pitch.
 */
export function framePitches(input: Int16Array, inputRate: number): { pitches: number[]; frames: number } {
  // Pitch lives below 450 Hz: 8 kHz is plenty and makes the lag search 9x cheaper than at 24 kHz.
  const { samples, sampleRate } = decimate(input, inputRate, 8000);
  const frame = Math.round(sampleRate * FRAME_S);
  const hop = Math.round(sampleRate * HOP_S);
  const minLag = Math.floor(sampleRate / MAX_F0);
  const maxLag = Math.ceil(sampleRate / MIN_F0);
  const levels = frameLevels(samples, sampleRate, FRAME_S, HOP_S);
  const loudest = levels.reduce((m, v) => Math.max(m, v), 0);
  const gate = Math.max(0.01, loudest * 0.1);
  const pitches: number[] = [];
  const x = new Float64Array(frame + maxLag);
  let frames = 0;
  for (let f = 0, start = 0; start + frame + maxLag <= samples.length; f++, start += hop) {
    if (levels[f] < gate) continue;
    frames++;
    let mean = 0;
    for (let i = 0; i < x.length; i++) mean += samples[start + i];
    mean /= x.length;
    for (let i = 0; i < x.length; i++) x[i] = samples[start + i] - mean;
    let e0 = 0;
    for (let i = 0; i < frame; i++) e0 += x[i] * x[i];
    const scores = new Float64Array(maxLag + 1);
    let best = 0;
    for (let lag = minLag; lag <= maxLag; lag++) {
      let c = 0;
      let e1 = 0;
      for (let i = 0; i < frame; i++) {
        c += x[i] * x[i + lag];
        e1 += x[i + lag] * x[i + lag];
      }
      const score = e0 > 0 && e1 > 0 ? c / Math.sqrt(e0 * e1) : 0;
      scores[lag] = score;
      if (score > best) best = score;
    }
    if (best < VOICING_THRESHOLD) continue;
    let lag = minLag;
    while (lag < maxLag && !(scores[lag] >= best * 0.9 && scores[lag] >= scores[lag + 1])) lag++;
    // Parabolic interpolation around the peak for sub-sample precision.
    const a = scores[lag - 1] ?? scores[lag];
    const b = scores[lag];
    const c = scores[lag + 1] ?? scores[lag];
    const shift = a - 2 * b + c !== 0 ? (0.5 * (a - c)) / (a - 2 * b + c) : 0;
    pitches.push(sampleRate / (lag + Math.max(-0.5, Math.min(0.5, shift))));
  }
  return { pitches, frames };
}

/**
 * Syllables per second: peaks of the loudness envelope (smoothed over ~50 ms) that rise at least
 * 3 dB above the dip before them and stand at least 100 ms apart. Speaking time is the time the
 * envelope stays above the speech gate, so long pauses do not slow the measured rate down.
 */
export function syllableRate(samples: Int16Array, sampleRate: number): number {
  const hopS = 0.01;
  const raw = frameLevels(samples, sampleRate, 0.03, hopS);
  if (raw.length < 3) return 0;
  const smooth = raw.map((_, i) => {
    let sum = 0;
    let n = 0;
    for (let j = Math.max(0, i - 2); j <= Math.min(raw.length - 1, i + 2); j++, n++) sum += raw[j];
    return sum / n;
  });
  const loudest = smooth.reduce((m, v) => Math.max(m, v), 0);
  if (loudest <= 0) return 0;
  const gate = loudest * 0.12;
  let peaks = 0;
  let dip = Infinity;
  let lastPeak = -Infinity;
  for (let i = 1; i < smooth.length - 1; i++) {
    dip = Math.min(dip, smooth[i]);
    const isPeak = smooth[i] >= smooth[i - 1] && smooth[i] > smooth[i + 1] && smooth[i] > gate;
    if (isPeak && smooth[i] >= dip * 1.41 && i - lastPeak >= 10) {
      peaks++;
      lastPeak = i;
      dip = smooth[i];
    }
  }
  // Speaking time: frames above the gate, plus gaps shorter than 300 ms between them.
  let speakingFrames = 0;
  let gap = 0;
  let started = false;
  for (const level of smooth) {
    if (level > gate) {
      if (started && gap <= 30) speakingFrames += gap;
      speakingFrames++;
      gap = 0;
      started = true;
    } else gap++;
  }
  return speakingFrames > 0 ? peaks / (speakingFrames * hopS) : 0;
}

/** Measures pitch and speaking rate of a mono PCM16 sample. */
export function analyseVoice(samples: Int16Array, sampleRate: number): VoiceMeasures {
  const { pitches, frames } = framePitches(samples, sampleRate);
  const sorted = [...pitches].sort((a, b) => a - b);
  return {
    f0MedianHz: round1(percentile(sorted, 0.5)),
    f0LowHz: round1(percentile(sorted, 0.1)),
    f0HighHz: round1(percentile(sorted, 0.9)),
    syllablesPerSecond: Math.round(syllableRate(samples, sampleRate) * 100) / 100,
    voicedShare: frames ? Math.round((pitches.length / frames) * 100) / 100 : 0,
  };
}

function round1(v: number): number {
  return Math.round(v * 10) / 10;
}

/** Speech moves its pitch: a sample whose 10th-90th percentile pitch spans less is a tone. */
const MIN_SPREAD_SEMITONES = 0.5;
/** Speech has syllables; a steady sound has none or one long one. */
const MIN_SYLLABLES_PER_SECOND = 1;
/** Adult and most child voices centre below this; a 400 Hz beep does not pass for a voice. */
const MAX_SPEAKER_F0 = 350;

/**
 * Why a sample is not someone speaking, or null when it is: too little voiced sound
 * ('no_voice'), or a sound with a voice's pitch but not a voice's motion ('not_speech': a flat
 * pitch, no syllables, or a pitch far above any speaker's, such as a test beep).
 */
export function speechProblem(m: VoiceMeasures, minVoicedShare: number): 'no_voice' | 'not_speech' | null {
  if (!(m.f0MedianHz > 0) || m.voicedShare < minVoicedShare) return 'no_voice';
  const spread = m.f0LowHz > 0 ? 12 * Math.log2(m.f0HighHz / m.f0LowHz) : 0;
  if (
    spread < MIN_SPREAD_SEMITONES ||
    m.syllablesPerSecond < MIN_SYLLABLES_PER_SECOND ||
    m.f0MedianHz > MAX_SPEAKER_F0
  )
    return 'not_speech';
  return null;
}
