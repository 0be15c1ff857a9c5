/**
 * Subtitle cues of a page: the narration split into short lines at punctuation, each timed from the
 * words the TTS engine reported, or spread over the audio when there are no word timings.
 */
import { shownWords } from './readingMarkers';
import type { TimedWord } from './timedWord';

export type { TimedWord };

/** A narration clip as the subtitles see it: the text spoken, its audio length and word times. */
export interface SpokenClip {
  text: string;
  durationMs: number;
  words: TimedWord[];
}

/** A line of the narration: `start`/`end` index the normalised text, `line` is what is shown. */
export interface TextLine {
  line: string;
  start: number;
  end: number;
}

/** One subtitle cue on the page timeline. */
export interface Cue {
  text: string;
  startMs: number;
  endMs: number;
}

/** Line width limit in "Chinese characters": 18 of them, or 42 Latin characters. */
export const MAX_LINE_UNITS = 18;
const LATIN_UNIT = MAX_LINE_UNITS / 42;
/** Phrases shorter than this merge with the next phrase of the same sentence (no 0.3 s flashes). */
const SHORT_PHRASE_UNITS = 5;
/** A cue stays up this long after its last word, unless the next cue starts earlier. */
const LAG_MS = 300;
/** Gaps between cues shorter than this are bridged, so the line does not blink between phrases. */
const BRIDGE_MS = 600;
/**
 * The longest a cue stays up: 18 characters are read in well under this; a line held longer (a
 * speaker who stops mid-line) is taken down rather than left on screen through the silence.
 */
export const MAX_CUE_MS = 7000;

const SENTENCE_END = /[。！？!?…；;.]/u;
const PHRASE_END = /[。！？!?…；;.，,、：:]/u;
/** Punctuation dropped at the end of a shown line (Chinese subtitle convention); ？！ stay. */
const DROPPED_TAIL = /[，,、。.；;：:\s]+$/u;
const CJK = /[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f]/u;

/** The text as the TTS service spoke it (its offsets refer to this form). */
export function normaliseNarration(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Display width of a string in Chinese-character units. */
export function lineUnits(text: string): number {
  let units = 0;
  for (const ch of text) units += CJK.test(ch) ? 1 : LATIN_UNIT;
  return units;
}

/** Characters a Chinese line may end with / begin with when a long phrase must be cut. */
const BREAK_AFTER = /[的地得了着过是在]/u;
const BREAK_BEFORE = /[和与及或并而但]/u;

/**
 * Splits normalised narration into lines: phrases end at punctuation; a phrase wider than 18 units
 * is cut into balanced pieces (Latin words are never cut; Chinese preferably at a word start from
 * `wordStarts`, the TTS word offsets, or next to a particle); a very short phrase joins the next
 * one of the same sentence when the result still fits.
 */
export function splitLines(text: string, wordStarts: ReadonlySet<number> = new Set()): TextLine[] {
  const phrases: { start: number; end: number; sentenceEnd: boolean }[] = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (!PHRASE_END.test(text[i])) continue;
    let end = i + 1;
    while (end < text.length && (PHRASE_END.test(text[end]) || /[\s"'”’）)」』]/u.test(text[end]))) end++;
    // "3.5" and "e.g." are not phrase ends: a Latin full stop needs a space or the end after it.
    if (text[i] === '.' && end === i + 1 && end < text.length) continue;
    phrases.push({ start, end, sentenceEnd: SENTENCE_END.test(text.slice(i, end)) });
    start = end;
    i = end - 1;
  }
  if (start < text.length) phrases.push({ start, end: text.length, sentenceEnd: true });

  const merged: typeof phrases = [];
  for (const p of phrases) {
    const last = merged[merged.length - 1];
    if (
      last &&
      !last.sentenceEnd &&
      lineUnits(shown(text.slice(last.start, last.end))) < SHORT_PHRASE_UNITS &&
      lineUnits(shown(text.slice(last.start, p.end))) <= MAX_LINE_UNITS
    ) {
      last.end = p.end;
      last.sentenceEnd = p.sentenceEnd;
    } else merged.push({ ...p });
  }

  return merged
    .flatMap((p) => cutPhrase(text, p.start, p.end, wordStarts))
    .map(({ start: s, end: e }) => ({ line: shown(text.slice(s, e)), start: s, end: e }))
    .filter((l) => l.line !== '');
}

const shown = (s: string) => s.trim().replace(DROPPED_TAIL, '').trim();

/** Cuts text[start, end) into pieces of at most 18 units, as even as the atoms and words allow. */
function cutPhrase(
  text: string,
  start: number,
  end: number,
  wordStarts: ReadonlySet<number>,
): { start: number; end: number }[] {
  const total = lineUnits(shown(text.slice(start, end)));
  if (total <= MAX_LINE_UNITS) return [{ start, end }];
  // Atoms: one CJK character, or a Latin word with the spaces after it.
  const atoms: { start: number; end: number; units: number }[] = [];
  const re =
    /[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f]|[^\s\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f]+\s*|\s+/gu;
  const slice = text.slice(start, end);
  for (let m = re.exec(slice); m; m = re.exec(slice)) {
    // Spaces count: the 42-character limit is of the shown line, spaces included.
    atoms.push({ start: start + m.index, end: start + m.index + m[0].length, units: lineUnits(m[0]) });
  }
  const pieces = Math.ceil(total / MAX_LINE_UNITS);
  const target = total / pieces;
  // A good place to cut: between Latin words or scripts, at a TTS word start, next to a particle.
  const good = (i: number) => {
    const at = atoms[i].start;
    const before = text[at - 1] ?? '';
    return (
      atoms[i].units !== 1 ||
      atoms[i - 1]?.units !== 1 ||
      wordStarts.has(at) ||
      BREAK_AFTER.test(before) ||
      BREAK_BEFORE.test(text[at])
    );
  };
  const out: { start: number; end: number }[] = [];
  let piece = { start, end: start, units: 0 };
  // With word times known, a line never ends inside a word: a cut forced by the width goes back
  // to the last word start in the piece (`lastWord`, an atom index) when there is one.
  const strict = wordStarts.size > 0;
  let first = 0;
  let lastWord = -1;
  for (const [i, atom] of atoms.entries()) {
    const over = piece.units + atom.units > MAX_LINE_UNITS;
    if (over && strict && !good(i) && lastWord > first) {
      const carried = atoms.slice(lastWord, i).reduce((sum, a) => sum + a.units, 0);
      out.push({ start: piece.start, end: atoms[lastWord].start });
      piece = { start: atoms[lastWord].start, end: atoms[i - 1].end, units: carried };
      first = lastWord;
      lastWord = -1;
    }
    let pastTarget = piece.units >= target - 0.01 && out.length < pieces - 1;
    // Not in the middle of a word: wait up to three characters for a better cut that still fits.
    if (pastTarget && !good(i)) {
      let units = piece.units;
      for (let k = i; k < Math.min(atoms.length, strict ? atoms.length : i + 3); k++) {
        units += atoms[k].units;
        if (units > MAX_LINE_UNITS) break;
        if (k + 1 < atoms.length && good(k + 1)) {
          pastTarget = false;
          break;
        }
      }
    }
    if (piece.units > 0 && (piece.units + atom.units > MAX_LINE_UNITS || pastTarget)) {
      out.push({ start: piece.start, end: piece.end });
      piece = { start: atom.start, end: atom.start, units: 0 };
      first = i;
      lastWord = -1;
    }
    if (i > first && good(i)) lastWord = i;
    piece.end = atom.end;
    piece.units += atom.units;
  }
  if (piece.end > piece.start) out.push({ start: piece.start, end: end });
  return out;
}

/**
 * Times the lines of one clip from its words: a line starts when its first word starts and ends
 * when its last word ends. Words are located by their offsets, or by their text when the timings
 * file predates the offsets. Lines no word covers are interpolated between their neighbours.
 * Without any word (uploaded audio) the lines share the duration in proportion to their length.
 */
export function timeLines(lines: TextLine[], clip: SpokenClip, text: string): Cue[] {
  const located = locateWords(clip.words, text);
  const timed = lines.map((l) => {
    const inside = located.filter((w) => w.charStart < l.end && w.charEnd > l.start);
    return inside.length ? { startMs: inside[0].startMs, endMs: inside[inside.length - 1].endMs } : null;
  });
  if (timed.every((t) => t === null)) return proportional(lines, clip.durationMs);
  // Fill untimed lines between the known neighbours, by length.
  const cues: Cue[] = lines.map((l, i) => ({ text: l.line, startMs: 0, endMs: 0, ...timed[i] }));
  for (let i = 0; i < cues.length; i++) {
    if (timed[i]) continue;
    let j = i;
    while (j < cues.length && !timed[j]) j++;
    const from = i > 0 ? cues[i - 1].endMs : 0;
    const to = j < cues.length ? cues[j].startMs : clip.durationMs;
    const part = proportional(lines.slice(i, j), Math.max(0, to - from));
    part.forEach((c, k) => (cues[i + k] = { ...c, startMs: c.startMs + from, endMs: c.endMs + from }));
    i = j - 1;
  }
  return cues;
}

function locateWords(words: TimedWord[], text: string) {
  const out: { charStart: number; charEnd: number; startMs: number; endMs: number }[] = [];
  let cursor = 0;
  for (const w of words) {
    let s = w.charStart;
    let e = w.charEnd;
    const trusted =
      s !== undefined && e !== undefined && s >= cursor && e <= text.length && text.slice(s, e) === w.text;
    if (!trusted) {
      const found = w.text ? text.indexOf(w.text, cursor) : -1;
      if (found < 0) continue;
      s = found;
      e = found + w.text.length;
    }
    out.push({ charStart: s!, charEnd: e!, startMs: w.startMs, endMs: w.endMs });
    cursor = e!;
  }
  return out;
}

/** Lines laid end to end over `durationMs`, each lasting in proportion to its width. */
function proportional(lines: TextLine[], durationMs: number): Cue[] {
  const total = lines.reduce((s, l) => s + Math.max(1, lineUnits(l.line)), 0);
  let t = 0;
  return lines.map((l) => {
    const ms = (durationMs * Math.max(1, lineUnits(l.line))) / total;
    const cue = { text: l.line, startMs: Math.round(t), endMs: Math.round(t + ms) };
    t += ms;
    return cue;
  });
}

/**
 * The cues of a page whose clips play one after another: each clip split and timed, shifted by the
 * clips before it; a cue lingers a little after its last word and bridges short pauses, never
 * overlapping the next cue nor passing the end of its clip.
 */
export function pageCues(clips: SpokenClip[]): Cue[] {
  const cues: Cue[] = [];
  let offset = 0;
  for (const spoken of clips) {
    // Reading markers (行[háng]) are for the voice: the subtitle shows the character alone.
    const { text, words } = shownWords(normaliseNarration(spoken.text), spoken.words);
    const clip = { ...spoken, text, words };
    const starts = new Set(locateWords(words, text).map((w) => w.charStart));
    const clipCues = timeLines(splitLines(text, starts), clip, text);
    clipCues.forEach((c, i) => {
      const next = clipCues[i + 1]?.startMs ?? clip.durationMs;
      const held = next - c.endMs < BRIDGE_MS ? next : Math.min(next, c.endMs + LAG_MS);
      const end = Math.min(held, c.startMs + MAX_CUE_MS);
      if (end > c.startMs) cues.push({ text: c.text, startMs: c.startMs + offset, endMs: end + offset });
    });
    offset += clip.durationMs;
  }
  return cues;
}
