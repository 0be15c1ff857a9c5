import { MAX_NARRATION_CHARS } from './constants';

/*
 * 一键成片 (helper tool): a pasted script becomes the narration of one page each. Pages follow the
 * sentences so no sentence is cut in the middle of a thought, and several short sentences share a
 * page so the video does not flip pages every two seconds.
 *
 * Rules, in order:
 * 0. A paragraph ends a page: paragraphs are split at a blank line, and at a line break after a
 *    sentence's end (。！？!?… and closing quotes); a line break inside a sentence (a hard-wrapped
 *    script) only ends the sentence. Each paragraph is paged on its own by the rules below.
 * 1. Sentences end after 。！？!?… (a run such as ？！ or …… stays together, with any closing quote
 *    or bracket after it), at a line break, and after an English '.' followed by a space (so 3.14
 *    and example.com stay whole).
 * 2. A sentence longer than `maxChars` (the spec's 300) is split after ，,；;：:、 and the clauses are
 *    packed again; a clause still too long is cut into equal parts of at most `maxChars`, at a space
 *    when one is near.
 * 3. Consecutive sentences are packed greedily into one page while it stays within `targetChars`.
 *    120 characters is about 17 seconds of speech at 0.14 s per character: long enough to explain a
 *    point, short enough that the picture changes as the story moves on. A sentence longer than
 *    `targetChars` (but within `maxChars`) gets a page of its own. A paragraph's last page shorter
 *    than a third of `targetChars` (a fragment) joins the page before it when both fit in
 *    `maxChars`.
 * 4. Whitespace runs become one space, pages are trimmed, and pages without anything to speak
 *    (empty, or only punctuation) are dropped.
 * Characters are counted as code points, as the 300-character rule counts them.
 */

/** Options of {@link splitScript}. */
export interface SplitScriptOptions {
  /** Hard limit of a page (the spec's 300 characters). */
  maxChars?: number;
  /** Pages are filled with whole sentences up to this many characters. */
  targetChars?: number;
}

/** The comfortable page size of 一键成片 (see rule 3). */
export const SCRIPT_PAGE_TARGET = 120;

const SENTENCE = /[^。！？!?…\n]*(?:[。！？!?…]+[”’」』）)"'】]*|\n|$)/gu;
const ENGLISH_STOP = /(?<=[A-Za-z0-9)"'][.])\s+(?=\S)/u;
const CLAUSE = /[^，,；;：:、]*(?:[，,；;：:、]+|$)/gu;
const SPEAKABLE = /[\p{L}\p{N}]/u;

const length = (s: string) => Array.from(s).length;

/** Splits a pasted script into page narrations of at most 300 characters (rules above). */
export function splitScript(text: string, options: SplitScriptOptions = {}): string[] {
  const maxChars = options.maxChars ?? MAX_NARRATION_CHARS;
  const targetChars = Math.min(options.targetChars ?? SCRIPT_PAGE_TARGET, maxChars);
  return paragraphs(text)
    .flatMap((paragraph) => {
      const units = sentences(paragraph).flatMap((s) =>
        length(s) > maxChars ? splitLong(s, maxChars) : [s],
      );
      return mergeFragment(pack(units, targetChars), targetChars, maxChars);
    })
    .filter((page) => SPEAKABLE.test(page));
}

/** The paragraphs of a text (rule 0). */
function paragraphs(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n|(?<=[。！？!?…][”’」』）)"'】]*)[ \t]*\n/u)
    .filter((p) => p.trim() !== '');
}

/** A paragraph's short last page joined to the one before when both fit (rule 3). */
function mergeFragment(pages: string[], targetChars: number, maxChars: number): string[] {
  if (pages.length < 2) return pages;
  const last = pages[pages.length - 1];
  const before = pages[pages.length - 2];
  const merged = join(before, last);
  if (length(last) * 3 >= targetChars || length(merged) > maxChars) return pages;
  return [...pages.slice(0, -2), merged];
}

/** The sentences of a text, whitespace collapsed, empty ones dropped. */
function sentences(text: string): string[] {
  const out: string[] = [];
  for (const line of text.replace(/\r\n?/g, '\n').match(SENTENCE) ?? []) {
    for (const part of line.split(ENGLISH_STOP)) {
      const clean = part.replace(/\s+/gu, ' ').trim();
      if (clean) out.push(clean);
    }
  }
  return out;
}

/** A too-long sentence as clauses of at most `maxChars`, packed back up to `maxChars`. */
function splitLong(sentence: string, maxChars: number): string[] {
  const clauses = (sentence.match(CLAUSE) ?? []).filter((c) => c.trim() !== '');
  const pieces = clauses.flatMap((c) => (length(c) > maxChars ? hardCut(c, maxChars) : [c]));
  return pack(pieces, maxChars);
}

/** Equal parts of at most `maxChars`; a cut moves back to a space within 20 characters. */
function hardCut(text: string, maxChars: number): string[] {
  const chars = Array.from(text);
  const parts: string[] = [];
  let start = 0;
  while (chars.length - start > maxChars) {
    const remaining = chars.length - start;
    const size = Math.ceil(remaining / Math.ceil(remaining / maxChars));
    let end = start + size;
    for (let i = end; i > end - 20 && i > start; i--) {
      if (chars[i - 1] === ' ') {
        end = i;
        break;
      }
    }
    parts.push(chars.slice(start, end).join(''));
    start = end;
  }
  parts.push(chars.slice(start).join(''));
  return parts;
}

/** Greedy packing of consecutive pieces into pages of at most `limit` characters. */
function pack(pieces: string[], limit: number): string[] {
  const pages: string[] = [];
  let current = '';
  for (const raw of pieces) {
    const piece = raw.trim();
    if (!piece) continue;
    const joined = current ? join(current, piece) : piece;
    if (current && length(joined) > limit) {
      pages.push(current);
      current = piece;
    } else current = joined;
  }
  if (current) pages.push(current);
  return pages;
}

/** Latin text keeps a space between sentences; Chinese runs on without one. */
function join(a: string, b: string): string {
  return /[\x21-\x7e]$/.test(a) && /^[A-Za-z0-9"'(]/.test(b) ? `${a} ${b}` : a + b;
}
