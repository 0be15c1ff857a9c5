export { splitLanguageRuns, type LanguageRun, type RunLanguage } from './languageRuns';
export {
  MOUTH_SHAPES,
  MOUTH_SHAPE_DESCRIPTIONS,
  nasalCodaShape,
  phonemeKind,
  shapesForPhoneme,
  type MouthShape,
  type PhonemeKind,
} from './mouthShapes';
export {
  DEFAULT_MIN_HOLD_MS,
  DEFAULT_MIN_REST_MS,
  mouthTimeline,
  shapeAt,
  timelineFromSpans,
  timelineSpans,
  type MouthCue,
  type ShapeSpan,
  type MouthTimelineOptions,
} from './mouthTimeline';
export type { PhonemeTiming, WordTiming } from './timings';
export { mouthTimelineFromLevels, type LevelTimelineOptions } from './levelTimeline';
export { MOUTH_OPENING, mouthClass, type MouthClass } from './mouthOpening';
export { TTS_LEAD_MS, TTS_MIN_HOLD_MS, ttsMouthTimeline, type TtsMouthOptions } from './ttsMouthTimeline';
export {
  assDocument,
  assTime,
  cueAt,
  srtDocument,
  srtTime,
  type AssLook,
  type TimedCue,
} from './subtitleFiles';
export {
  MAX_LINE_UNITS,
  lineUnits,
  normaliseNarration,
  pageCues,
  splitLines,
  timeLines,
  type Cue,
  type SpokenClip,
  type TextLine,
  type TimedWord,
} from './subtitleCues';
export { subtitleStyle, type SubtitleStyle } from './subtitleStyle';
export { BLINK_MS, blinkTimes, eyesClosedAt } from './blinks';
export {
  normalizeForSpeech,
  originalRange,
  originalWords,
  type SpeechText,
  type SpokenSpan,
} from './normalizeForSpeech';
export { readDigits, readInteger, readNumber } from './chineseNumerals';
export { pinyinKey, shownWords, spokenReading, withoutReadings } from './readingMarkers';
export { POLYPHONES, readingsOf } from './polyphones';
export { spellAbbreviation } from './speechRules';
