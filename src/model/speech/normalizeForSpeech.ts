/**
 * Chinese text normalisation before text-to-speech: narration as typed ("2026年增长了35%") becomes
 * what a narrator says ("二零二六年增长了百分之三十五"). The subtitles keep the typed text, so the
 * result also lists every replaced stretch, to map spoken positions (word timings) back.
 */
import { SPEECH_RULES } from './speechRules';
import type { WordTiming } from './timings';

/** One replaced stretch: original text [from, to) is spoken as `spoken`. */
export interface SpokenSpan {
  from: number;
  to: number;
  spoken: string;
}

/** Narration as spoken: the text for the TTS engine and the replaced stretches, in order. */
export interface SpeechText {
  text: string;
  spans: SpokenSpan[];
}

// Fullwidth digits, ％ and ： read like their ASCII forms; one-for-one, so offsets stay valid.
const toHalfWidth = (text: string): string =>
  text.replace(/[０-９％：]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));

/** Turns narration into the text a TTS voice should read (pure and deterministic). */
export function normalizeForSpeech(original: string): SpeechText {
  const source = toHalfWidth(original);
  const spans: SpokenSpan[] = [];
  let i = 0;
  scan: while (i < source.length) {
    for (const rule of SPEECH_RULES) {
      rule.pattern.lastIndex = i;
      const m = rule.pattern.exec(source);
      if (!m || m[0] === '') continue;
      const spoken = rule.speak(m);
      if (spoken === null) continue;
      const to = i + m[0].length;
      if (spoken !== original.slice(i, to)) spans.push({ from: i, to, spoken });
      i = to;
      continue scan;
    }
    i += (source.codePointAt(i) ?? 0) > 0xffff ? 2 : 1;
  }
  let text = '';
  let last = 0;
  for (const s of spans) {
    text += original.slice(last, s.from) + s.spoken;
    last = s.to;
  }
  return { text: text + original.slice(last), spans };
}

/**
 * Maps [start, end) of the spoken text back to the original text. A range touching a replaced
 * stretch grows to the whole stretch: "二零" inside "二零二六" is the original "2026".
 */
export function originalRange(
  speech: SpeechText,
  start: number,
  end: number,
): { start: number; end: number } {
  const map = (at: number, side: 'start' | 'end'): number => {
    let shift = 0; // original offset minus spoken offset, before the current span
    for (const s of speech.spans) {
      const spokenFrom = s.from - shift;
      const spokenTo = spokenFrom + s.spoken.length;
      if (at <= spokenFrom) break;
      if (at < spokenTo) return side === 'start' ? s.from : s.to;
      shift = s.to - spokenTo;
    }
    return at + shift;
  };
  return { start: map(start, 'start'), end: Math.max(map(start, 'start'), map(end, 'end')) };
}

/**
 * Word timings of the spoken text as timings of the original text: offsets and text refer to what
 * the author typed. Words that fall in one replaced stretch ("二", "零", "二", "六" of "2026") merge
 * into one word spanning their times, so words never overlap.
 */
export function originalWords(
  words: readonly WordTiming[],
  speech: SpeechText,
  original: string,
): WordTiming[] {
  const out: WordTiming[] = [];
  for (const w of words) {
    const { start, end } = originalRange(speech, w.charStart, w.charEnd);
    const last = out[out.length - 1];
    if (last && start < last.charEnd) {
      last.charEnd = Math.max(last.charEnd, end);
      last.endMs = Math.max(last.endMs, w.endMs);
      last.text = original.slice(last.charStart, last.charEnd);
      continue;
    }
    out.push({
      text: original.slice(start, end),
      startMs: w.startMs,
      endMs: w.endMs,
      charStart: start,
      charEnd: end,
    });
  }
  return out;
}
