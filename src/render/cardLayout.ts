import type { Box } from '../model/project';

/*
 * The text of a card (a page without a PDF picture, shown while editing): the narration's start at
 * the top, the hint that the video leaves the card out at the foot. The lines are broken here, not
 * by Pixi, so the rule is pure: long narration first takes a smaller font (down to a floor), then
 * ends in an ellipsis on the last line that fits above the hint; it never runs into the hint.
 */

/** Width of one character in ems (1 = the font size), as the drawing font measures it. */
export type EmWidth = (ch: string) => number;

/** One block of text, ready to draw: its lines joined with '\n' need no wrapping. */
export interface CardText {
  x: number;
  y: number;
  fontSize: number;
  lineHeight: number;
  lines: string[];
}

/** Where a card's narration and hint go inside its box. */
export interface CardLayout {
  text: CardText;
  hint: CardText;
}

const ELLIPSIS = '…';
/** Line height of the narration and of the hint, in font sizes. */
const TEXT_LEADING = 1.5;
const HINT_LEADING = 1.25;
/** The narration may shrink to this share of the card's own size (never under MIN_FONT). */
const FLOOR_SHARE = 0.7;
const MIN_FONT = 7;
const MAX_FONT = 22;
/** The hint never takes more lines than this. */
const HINT_LINES = 2;

/**
 * A rough width for a character, for when nothing can measure text: CJK and full-width forms are
 * one em, other characters a little over half.
 */
export const roughEm: EmWidth = (ch) =>
  /[\u2e80-\ua4cf\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/u.test(ch) ? 1 : 0.55;

/**
 * The card's text in `box` (preview units). The font is the card's size of today (about nine lines
 * to the card's height, 7 to 22 units); text too long for it is set smaller, down to 70% of that
 * (not under 7), and what still does not fit is cut at the last line that fits, with an ellipsis.
 */
export function layoutCard(box: Box, text: string, hint: string, em: EmWidth = roughEm): CardLayout {
  const size = Math.max(MIN_FONT, Math.min(MAX_FONT, box.height / 9));
  const pad = size * 0.8;
  const width = Math.max(10, box.width - 2 * pad);
  const inner = box.height - 2 * pad;

  const hintSize = Math.max(MIN_FONT, size * 0.75);
  const hintLineHeight = hintSize * HINT_LEADING;
  const hintRoom = Math.max(1, Math.min(HINT_LINES, Math.floor(inner / hintLineHeight)));
  const hintLines = fitLines(hint, width, hintSize, hintRoom, em);
  const hintY = box.y + box.height - pad - hintLines.length * hintLineHeight;

  // The narration ends half a line above the hint.
  const room = hintY - size * 0.5 - (box.y + pad);
  const floor = Math.max(MIN_FONT, Math.min(size, size * FLOOR_SHARE));
  let fontSize = size;
  let lines: string[] | null = null;
  for (let s = size; s >= floor - 1e-9; s -= 0.5) {
    const maxLines = Math.floor(room / (s * TEXT_LEADING));
    const wrapped = wrapLines(text, width, s, em, maxLines);
    if (!wrapped.more) {
      fontSize = s;
      lines = wrapped.lines;
      break;
    }
  }
  if (!lines) {
    fontSize = floor;
    lines = fitLines(text, width, floor, Math.max(0, Math.floor(room / (floor * TEXT_LEADING))), em);
  }
  return {
    text: { x: box.x + pad, y: box.y + pad, fontSize, lineHeight: fontSize * TEXT_LEADING, lines },
    hint: { x: box.x + pad, y: hintY, fontSize: hintSize, lineHeight: hintLineHeight, lines: hintLines },
  };
}

/** At most `maxLines` lines of `text`, the last ending in an ellipsis when text was left out. */
function fitLines(text: string, width: number, size: number, maxLines: number, em: EmWidth): string[] {
  const { lines, more } = wrapLines(text, width, size, em, maxLines);
  if (!more || lines.length === 0) return lines;
  const chars = Array.from(lines[lines.length - 1].trimEnd());
  const room = width - em(ELLIPSIS) * size;
  while (chars.length > 0 && measure(chars.join(''), size, em) > room) chars.pop();
  lines[lines.length - 1] = chars.join('').trimEnd() + ELLIPSIS;
  return lines;
}

/** Width of `s` at font size `size`. */
function measure(s: string, size: number, em: EmWidth): number {
  let w = 0;
  for (const ch of s) w += em(ch);
  return w * size;
}

// A Latin word (kept whole when it fits a line), one space, or one other character (CJK breaks anywhere).
const TOKEN = /[\u0021-\u007e\u00a1-\u024f]+|\s|[^]/gu;

/**
 * `text` broken into lines no wider than `width`, at most `maxLines` of them; `more` tells that
 * text was left over. Words break where a line ends, and within themselves only when longer than one.
 */
export function wrapLines(
  text: string,
  width: number,
  size: number,
  em: EmWidth,
  maxLines: number,
): { lines: string[]; more: boolean } {
  const lines: string[] = [];
  let line = '';
  let w = 0;
  // Ends the line; false when that line would be one too many.
  const breakLine = (): boolean => {
    if (lines.length >= maxLines) return false;
    lines.push(line.trimEnd());
    line = '';
    w = 0;
    return true;
  };
  for (const token of text.match(TOKEN) ?? []) {
    if (token === '\n') {
      if (!breakLine()) return { lines, more: true };
      continue;
    }
    const space = /^\s$/u.test(token);
    if (space && line === '') continue;
    const tw = measure(token, size, em);
    if (w + tw <= width) {
      line += token;
      w += tw;
      continue;
    }
    if (space) {
      if (!breakLine()) return { lines, more: true };
      continue;
    }
    if (line !== '' && tw <= width) {
      if (!breakLine()) return { lines, more: true };
      line = token;
      w = tw;
      continue;
    }
    for (const ch of token) {
      const cw = measure(ch, size, em);
      if (w + cw > width && line !== '' && !breakLine()) return { lines, more: true };
      line += ch;
      w += cw;
    }
  }
  if (line.trim() !== '' && !breakLine()) return { lines, more: true };
  return { lines, more: false };
}
