import type { ProjectDocument } from './documentSchema';
import type { Page } from './pageSchema';
import { err, ok, type Result } from './result';
import { messages } from './messages';
import { MAX_NARRATION_CHARS, MIN_NARRATION_CHARS, SECONDS_PER_CHAR, TEXT_MODE } from './constants';

/*
 * Narration length and time rules (spec 5 "Other text rules", 9). Characters are counted as code
 * points, so an emoji is one character, and line breaks are not counted: Enter inserts two of them
 * and they are pauses, not speech, so they should not eat into the author's 300.
 */

/** The number of characters that count towards the 300 limit. */
export function narrationLength(text: string): number {
  return Array.from(text.replace(/[\r\n]/g, '')).length;
}

/**
 * Estimated speaking time in seconds, to 2 decimals: at the spec's 0.14 s per character, or at a
 * voice's measured pace when one is given (the helper tools, which the spec does not cover).
 */
export function estimateSeconds(text: string, secondsPerChar = SECONDS_PER_CHAR): number {
  return round2(narrationLength(text) * secondsPerChar);
}

/** The spec's check of a page text: 1 to 300 characters, with its exact messages. */
export function checkPageText(text: string): Result<string> {
  const n = narrationLength(text);
  if (n > MAX_NARRATION_CHARS) return err(messages.textTooLong);
  if (n < MIN_NARRATION_CHARS) return err(messages.textTooShort);
  return ok(text);
}

/** The 试听 check of a text page: 无文字 when there is nothing to speak (spec 5). */
export function checkPreview(page: Page): Result<Page> {
  return page.istts === TEXT_MODE && narrationLength(page.text.trim()) === 0
    ? err(messages.noText)
    : ok(page);
}

/** Plain text cut after 300 counted characters (line breaks kept, not counted). */
export function clampNarration(text: string, max = MAX_NARRATION_CHARS): string {
  let out = '';
  let counted = 0;
  for (const ch of text) {
    const isBreak = ch === '\n' || ch === '\r';
    if (!isBreak && counted >= max) break;
    if (!isBreak) counted++;
    out += ch;
  }
  return out;
}

/** A page's length in seconds: its audio once known, else the text estimate (text mode only). */
export function pageSeconds(page: Page): number {
  if (page.soundTime > 0) return round2(page.soundTime);
  // The PDF placeholder is not narration: synthesis refuses it, so it adds no time either.
  return page.istts === TEXT_MODE && !isPlaceholderText(page.text) ? estimateSeconds(page.text) : 0;
}

/** True when the page still holds the PDF placeholder, i.e. the author has not written it yet. */
export function isPlaceholderText(text: string): boolean {
  return text.trim() === messages.pdfPlaceholder;
}

/** Seconds as the page's formattedTime text: up to 2 decimals, no trailing zeros ('4.2', '0'). */
export function formatSeconds(seconds: number): string {
  return String(round2(seconds));
}

/** Total project length in minutes with 2 decimals, as the top bar shows it ('1.05'). */
export function totalMinutes(doc: ProjectDocument): string {
  const seconds = doc.ppt.pages.reduce((sum, p) => sum + pageSeconds(p), 0);
  return (Math.round((seconds / 60) * 100 + 1e-9) / 100).toFixed(2);
}

const minutesOf = (seconds: number) => (Math.round((seconds / 60) * 100 + 1e-9) / 100).toFixed(2);

/**
 * The top bar's 预计时长: the spec's estimate, 0.14 s per character of a text page's narration
 * (a voice page counts its audio, it has no text), whether or not the page is spoken yet. The PDF
 * placeholder is no narration and counts nothing, as in pageSeconds.
 */
export function estimatedMinutes(doc: ProjectDocument): string {
  const seconds = (p: Page) =>
    p.istts !== TEXT_MODE ? p.soundTime : isPlaceholderText(p.text) ? 0 : estimateSeconds(p.text);
  return minutesOf(doc.ppt.pages.reduce((sum, p) => sum + seconds(p), 0));
}

/** The real length once every page has its audio (shown beside the estimate), else null. */
export function spokenMinutes(doc: ProjectDocument): string | null {
  const pages = doc.ppt.pages;
  if (!pages.length || pages.some((p) => !(p.soundTime > 0))) return null;
  return minutesOf(pages.reduce((sum, p) => sum + p.soundTime, 0));
}

/** The document with every page's formattedTime, ppt.totalFormattedTime and totalTime refreshed. */
export function withTimes(doc: ProjectDocument): ProjectDocument {
  const pages = doc.ppt.pages.map((p) => ({ ...p, formattedTime: formatSeconds(pageSeconds(p)) }));
  const totalTime = round2(pages.reduce((sum, p) => sum + pageSeconds(p), 0));
  const next = { ...doc, totalTime, ppt: { ...doc.ppt, pages } };
  return { ...next, ppt: { ...next.ppt, totalFormattedTime: totalMinutes(next) } };
}

// Rounding through an epsilon keeps 0.14 * 3 at 0.42 instead of 0.42000000000000004.
function round2(n: number): number {
  return Math.round(n * 100 + (n >= 0 ? 1e-9 : -1e-9)) / 100;
}
