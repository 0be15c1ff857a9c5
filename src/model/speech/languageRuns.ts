/**
 * Splitting 中英混合 narration into runs that one text-to-speech voice can speak.
 *
 * Characters fall into three classes:
 * - Chinese: Han ideographs (and CJK compatibility / extension blocks), kana, Hangul.
 * - Latin: letters of the Latin script (ASCII and accented).
 * - neutral: everything else (digits, whitespace, punctuation of either width, symbols, emoji).
 *
 * Neutral text never starts a run of its own. A neutral stretch between two runs of the same language
 * joins them ("第 3 页" stays one run). Between runs of different languages it is split at its whitespace:
 * what touches the previous run without a space (closing punctuation, "Studio。", "GPT-4") stays with it,
 * what touches the next run without a space goes with the next ("2024年" is read in Chinese); with no
 * whitespace at all, a trailing group of digits goes to a following Chinese run ("iPhone15年" reads
 * the number in Chinese) unless a connector ties it to the word ("GPT-4模型"); the rest stays with the
 * previous run. Neutral text at the start of
 * the text goes to the first run, at the end to the last run. Runs are trimmed of surrounding whitespace;
 * whitespace-only (or empty) results are dropped. Text without any letters gives one run in `fallback`
 * if it has digits ("2024") and no run at all if it is only punctuation or symbols.
 */

/** Language of a run: `zh` is spoken by the Mandarin voice, `en` by the English voice. */
export type RunLanguage = 'zh' | 'en';

/** One stretch of text for one voice; `start`/`end` are UTF-16 offsets into the original text. */
export interface LanguageRun {
  lang: RunLanguage;
  text: string;
  start: number;
  end: number;
}

type CharClass = RunLanguage | 'neutral';

const CHINESE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const LATIN = /\p{Script=Latin}/u;
const WHITESPACE = /\s/u;
const DIGIT_GROUP_AT_END = /[\d.,%]*\d[\d.,%]*$/u;

function classify(ch: string): CharClass {
  if (CHINESE.test(ch)) return 'zh';
  if (LATIN.test(ch)) return 'en';
  return 'neutral';
}

interface Span {
  cls: CharClass;
  start: number;
  end: number;
}

/** Maximal spans of one character class, by UTF-16 offsets (surrogate pairs kept together). */
function spansOf(text: string): Span[] {
  const spans: Span[] = [];
  let offset = 0;
  for (const ch of text) {
    const cls = classify(ch);
    const last = spans[spans.length - 1];
    if (last && last.cls === cls) last.end = offset + ch.length;
    else spans.push({ cls, start: offset, end: offset + ch.length });
    offset += ch.length;
  }
  return spans;
}

/**
 * Where to cut a neutral stretch [start, end) lying between a run in `prev` and a run in `next`:
 * returns the offset where the next run begins (everything before belongs to the previous run).
 */
function cutNeutral(text: string, start: number, end: number, next: RunLanguage): number {
  const neutral = text.slice(start, end);
  const firstSpace = neutral.search(WHITESPACE);
  if (firstSpace >= 0) {
    let lastSpace = neutral.length - 1;
    while (!WHITESPACE.test(neutral[lastSpace])) lastSpace--;
    return start + lastSpace + 1;
  }
  if (next === 'zh') {
    const digits = DIGIT_GROUP_AT_END.exec(neutral);
    // "GPT-4模型": a number joined to the word by a connector is part of the name.
    if (digits && !/[-_/]$/u.test(neutral.slice(0, digits.index))) return start + digits.index;
  }
  return end;
}

function pushTrimmed(runs: LanguageRun[], text: string, lang: RunLanguage, start: number, end: number): void {
  while (start < end && WHITESPACE.test(text[start])) start++;
  while (end > start && WHITESPACE.test(text[end - 1])) end--;
  if (start < end) runs.push({ lang, text: text.slice(start, end), start, end });
}

/** Splits mixed Chinese/English text into runs to be spoken by the matching language voice. */
export function splitLanguageRuns(text: string, fallback: RunLanguage = 'zh'): LanguageRun[] {
  const spans = spansOf(text);
  const strong = spans.filter((s) => s.cls !== 'neutral') as (Span & { cls: RunLanguage })[];
  if (strong.length === 0) {
    // Nothing but digits and punctuation: speak the digits in the fallback language; silence otherwise.
    const runs: LanguageRun[] = [];
    if (/\d/u.test(text)) pushTrimmed(runs, text, fallback, 0, text.length);
    return runs;
  }
  // Merge neighbouring strong spans of one language (with the neutral text between them).
  const groups: { lang: RunLanguage; start: number; end: number }[] = [];
  for (const span of strong) {
    const last = groups[groups.length - 1];
    if (last && last.lang === span.cls) last.end = span.end;
    else groups.push({ lang: span.cls, start: span.start, end: span.end });
  }
  // Distribute the neutral text between groups, and the leading/trailing neutral text to the ends.
  const bounds = groups.map((g) => ({ ...g }));
  bounds[0].start = 0;
  bounds[bounds.length - 1].end = text.length;
  for (let i = 0; i + 1 < groups.length; i++) {
    const cut = cutNeutral(text, groups[i].end, groups[i + 1].start, groups[i + 1].lang);
    bounds[i].end = cut;
    bounds[i + 1].start = cut;
  }
  const runs: LanguageRun[] = [];
  for (const b of bounds) pushTrimmed(runs, text, b.lang, b.start, b.end);
  return runs;
}
