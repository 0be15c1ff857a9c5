/**
 * Reading markers (多音字): the author fixes how one character is read by writing its pinyin in
 * brackets right after it, 行[háng] or 行[hang2] (【háng】 too, as a Chinese keyboard types [ ).
 * Speech swaps the character for a homophone; subtitles show the character alone.
 *
 * Why this form cannot catch ordinary text: it needs a Han character directly before the bracket
 * and nothing inside but one valid lower-case pinyin syllable (tone mark or tone digit; neutral tone
 * may be unmarked). Chinese prose puts words, not pinyin, in 【】; citations like [1] hold digits;
 * an English word in brackets ([plan], [new], [OK]) is not a pinyin syllable.
 */
import { HOMOPHONES } from './homophones';
import type { TimedWord } from './timedWord';

/** A marker: group 1 the character, group 2 or 3 the pinyin (ASCII or fullwidth brackets). */
export const READING_MARKER_SOURCE = String.raw`(\p{Script=Han})(?:\[([^\[\]\s]{1,8})\]|【([^【】\s]{1,8})】)`;

const TONE_MARKS: Readonly<Record<string, [string, number]>> = {
  ā: ['a', 1], á: ['a', 2], ǎ: ['a', 3], à: ['a', 4], ē: ['e', 1], é: ['e', 2], ě: ['e', 3], è: ['e', 4],
  ī: ['i', 1], í: ['i', 2], ǐ: ['i', 3], ì: ['i', 4], ō: ['o', 1], ó: ['o', 2], ǒ: ['o', 3], ò: ['o', 4],
  ū: ['u', 1], ú: ['u', 2], ǔ: ['u', 3], ù: ['u', 4], ǖ: ['v', 1], ǘ: ['v', 2], ǚ: ['v', 3], ǜ: ['v', 4],
  ü: ['v', 0],
}; // prettier-ignore

/** Initial (optional) + final of a Mandarin syllable, ü written v; loose, but no English word fits. */
const SYLLABLE = /^(?:zh|ch|sh|[bpmfdtnlgkhjqxrzcsyw])?(?:[aeiouv]{1,3}(?:ng|n|r)?|ng|n|m)$/;

/**
 * The reading key of a pinyin syllable ("háng" or "hang2" → "hang2", "le" or "le5" → "le5",
 * "lǜ"/"lv4"/"lu:4" → "lv4"), or null when the text is not one pinyin syllable.
 */
export function pinyinKey(pinyin: string): string | null {
  let base = '';
  let tone = 0;
  const text = pinyin.normalize('NFC').replace(/u:/g, 'ü');
  for (const [i, ch] of [...text].entries()) {
    const mark = TONE_MARKS[ch];
    if (mark) {
      if (tone && mark[1]) return null;
      base += mark[0];
      tone = mark[1] || tone;
    } else if (/[a-z]/.test(ch)) base += ch;
    else if (/[0-5]/.test(ch) && i === [...text].length - 1 && !tone) tone = Number(ch) || 5;
    else return null;
  }
  if (!SYLLABLE.test(base)) return null;
  // An unmarked single letter ([a], [e]) is more likely a label than a neutral-tone syllable.
  if (!tone && base.length < 2) return null;
  return `${base}${tone || 5}`;
}

/** What eSpeak should read for a marked character: a homophone, or the character when none is known. */
export function spokenReading(char: string, pinyin: string): string | null {
  const key = pinyinKey(pinyin);
  if (!key) return null;
  return HOMOPHONES[key] ?? char;
}

/** The text as shown (markers reduced to their character), with a map from text to shown offsets. */
export function withoutReadings(text: string): { shown: string; toShown: (offset: number) => number } {
  const marker = new RegExp(READING_MARKER_SOURCE, 'gu');
  const cuts: { at: number; length: number }[] = [];
  let shown = '';
  let last = 0;
  for (const m of text.matchAll(marker)) {
    if (!pinyinKey(m[2] ?? m[3])) continue;
    const at = m.index + m[1].length;
    shown += text.slice(last, at);
    cuts.push({ at, length: m[0].length - m[1].length });
    last = at + m[0].length - m[1].length;
  }
  shown += text.slice(last);
  const toShown = (offset: number): number => {
    let removed = 0;
    for (const cut of cuts) {
      if (offset <= cut.at) break;
      removed += Math.min(cut.length, offset - cut.at);
    }
    return offset - removed;
  };
  return { shown, toShown };
}

/**
 * A clip's text and words as the subtitles show them: reading markers dropped, word offsets (which
 * index the text with its markers, as spoken) moved onto the shown text.
 */
export function shownWords(text: string, words: readonly TimedWord[]): { text: string; words: TimedWord[] } {
  const { shown, toShown } = withoutReadings(text);
  if (shown === text) return { text, words: [...words] };
  return {
    text: shown,
    words: words.map((w) => {
      if (w.charStart === undefined || w.charEnd === undefined)
        return { ...w, text: withoutReadings(w.text).shown };
      const charStart = toShown(w.charStart);
      const charEnd = toShown(w.charEnd);
      return { ...w, charStart, charEnd, text: shown.slice(charStart, charEnd) };
    }),
  };
}
