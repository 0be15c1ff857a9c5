/**
 * The public voices (音色) built on the bundled eSpeak NG engine. Each pairs a Mandarin voice with an
 * English voice of the same sex, so 中英混合 narration keeps one speaker. eSpeak variants chosen by
 * measured median F0 (fundamental frequency) on a test sentence, a proxy for perceived sex:
 *   f3: cmn 181 Hz, en-us 221 Hz    f4: cmn 160 Hz, en-us 182 Hz    (female range)
 *   m3: cmn  93 Hz, en-us 113 Hz    m1: cmn  85 Hz, en-us 100 Hz    (male range)
 */
import type { TtsVoice } from './tts.engine';
import type { MixedVoices } from './tts.mixed';
import './tts.espeak';

/** A public voice: stable key, display names, sex and the voices per language. */
export interface PublicVoice {
  key: string;
  nameZh: string;
  nameEn: string;
  sex: 'female' | 'male';
  /** The language the voice is listed under; mixed text is still spoken in both. */
  primaryLang: 'zh' | 'en';
  voices: MixedVoices;
  /**
   * Set for engines that speak mixed Chinese/English text in one go (a neural or cloud server):
   * the whole narration goes to this voice, not split into language runs.
   */
  whole?: TtsVoice;
  /**
   * Seconds the voice takes per character of Chinese narration, measured by synthesising
   * (tests/server/voiceRates.test.ts keeps it within 10% of the engine); absent when unknown.
   */
  secondsPerChar?: number;
}

/** The built-in eSpeak voices' measured pace on Chinese narration (0.254-0.258 s per character). */
export const ESPEAK_SECONDS_PER_CHAR = 0.255;

const espeak = (lang: 'zh' | 'en', variant: string): MixedVoices['zh'] => ({
  engine: 'espeak',
  lang,
  variant,
  rate: 1,
  pitch: 50,
});

/** The four built-in voices. */
export const PUBLIC_VOICES: readonly PublicVoice[] = [
  {
    key: 'espeak-zh-female',
    nameZh: '中文女声 · 晓雯',
    nameEn: 'Chinese female (Xiaowen)',
    sex: 'female',
    primaryLang: 'zh',
    voices: { zh: espeak('zh', 'f3'), en: espeak('en', 'f3') },
    secondsPerChar: ESPEAK_SECONDS_PER_CHAR,
  },
  {
    key: 'espeak-zh-male',
    nameZh: '中文男声 · 云峰',
    nameEn: 'Chinese male (Yunfeng)',
    sex: 'male',
    primaryLang: 'zh',
    voices: { zh: espeak('zh', 'm3'), en: espeak('en', 'm3') },
    secondsPerChar: ESPEAK_SECONDS_PER_CHAR,
  },
  {
    key: 'espeak-en-female',
    nameZh: '英文女声 · Emma',
    nameEn: 'English female (Emma)',
    sex: 'female',
    primaryLang: 'en',
    voices: { zh: espeak('zh', 'f4'), en: espeak('en', 'f4') },
    secondsPerChar: ESPEAK_SECONDS_PER_CHAR,
  },
  {
    key: 'espeak-en-male',
    nameZh: '英文男声 · James',
    nameEn: 'English male (James)',
    sex: 'male',
    primaryLang: 'en',
    voices: { zh: espeak('zh', 'm1'), en: espeak('en', 'm1') },
    secondsPerChar: ESPEAK_SECONDS_PER_CHAR,
  },
];

/** The public voice with that key, or undefined. */
export function findPublicVoice(key: string): PublicVoice | undefined {
  return PUBLIC_VOICES.find((v) => v.key === key);
}
