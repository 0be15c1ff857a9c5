/**
 * Training of a private voice on the built-in engine: measure the sample (pitch, pitch spread,
 * speaking rate), then fit eSpeak NG's settings by listening to what they produce. The pitch is
 * corrected until the synthesised median pitch lands within ~2% of the sample's, so the private
 * voice audibly follows its speaker instead of trusting a fixed formula.
 */
import { timbreMessages, type DerivedVoiceParams } from '../../api/timbre.contract';
import { derivedVariant, derivedVoices, pitchToward, rangeFor, rateFor } from '../adapters/media/tts.derived';
import { synthesizeMixed } from '../adapters/media/tts.mixed';
import type { Pcm16 } from '../adapters/media/wav';
import { JobFailure } from './jobRunner';
import { analyseVoice, speechProblem, type VoiceMeasures } from './voiceAnalysis';

/** The sentence the fit listens to: long enough for a stable pitch and rate, Chinese like the UI. */
const CALIBRATION_TEXT = '大家好，欢迎使用数字人视频工作台。今天我们来介绍一下产品的主要功能和使用方法。';
/** Only the first two minutes are measured: enough for a stable median, bounded cost for long samples. */
const ANALYSED_SECONDS = 120;
/** Below this share of voiced frames the sample is music, noise or silence, not a speaker. */
const MIN_VOICED_SHARE = 0.15;
/** Stop fitting once the synthesised pitch is this close (in octaves, 0.03 = 2%). */
const PITCH_TOLERANCE_OCTAVES = 0.03;
const MAX_PITCH_STEPS = 3;

export interface TrainedVoice {
  measures: VoiceMeasures;
  params: DerivedVoiceParams;
}

/** What the synthesiser produces with `params`, measured the same way as the sample. */
async function listen(params: DerivedVoiceParams): Promise<VoiceMeasures> {
  const spoken = await synthesizeMixed(CALIBRATION_TEXT, derivedVoices(params));
  return analyseVoice(spoken.samples, spoken.sampleRate);
}

const spread = (m: VoiceMeasures) => (m.f0LowHz > 0 ? Math.log(m.f0HighHz / m.f0LowHz) : 0);

/**
 * Derives the voice of a sample (24 kHz mono PCM). `progress` gets 0..1; a sample without a
 * measurable voice fails with the reason shown to the user.
 */
export async function trainVoice(
  sample: Pcm16,
  sex: number,
  progress: (fraction: number) => Promise<void>,
): Promise<TrainedVoice> {
  const analysed = sample.samples.subarray(
    0,
    Math.min(sample.samples.length, sample.sampleRate * ANALYSED_SECONDS),
  );
  const measures = analyseVoice(analysed, sample.sampleRate);
  const problem = speechProblem(measures, MIN_VOICED_SHARE);
  if (problem === 'no_voice') throw new JobFailure(timbreMessages.noVoiceFound);
  if (problem === 'not_speech') throw new JobFailure(timbreMessages.notSpeech);
  await progress(0.25);

  const params: DerivedVoiceParams = { variant: derivedVariant(sex), pitch: 50, range: 50, rate: 1 };
  let heard = await listen(params);
  params.range = rangeFor(spread(measures), spread(heard));
  params.rate = rateFor(measures.syllablesPerSecond, heard.syllablesPerSecond);
  await progress(0.4);
  for (let step = 0; step < MAX_PITCH_STEPS; step++) {
    params.pitch = pitchToward(params.pitch, heard.f0MedianHz, measures.f0MedianHz);
    heard = await listen(params);
    await progress(0.4 + (0.55 * (step + 1)) / MAX_PITCH_STEPS);
    if (
      heard.f0MedianHz > 0 &&
      Math.abs(Math.log2(heard.f0MedianHz / measures.f0MedianHz)) < PITCH_TOLERANCE_OCTAVES
    )
      break;
  }
  return { measures, params };
}
