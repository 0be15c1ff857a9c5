/*
 * A small, string-based HTML tokenizer for the narration box. The model must run without a DOM
 * (server, workers, tests), and the narration only ever needs text, a few block tags and our
 * markers, so a forgiving tokenizer that follows the browser's rules for the awkward cases
 * (comments, raw-text elements, unquoted attributes, unterminated tags) is enough. Whatever it
 * reads, callers re-serialise from tokens, so nothing unparsed ever reaches the output.
 */

export type HtmlToken =
  | { type: 'text'; text: string }
  | { type: 'open'; name: string; attrs: Record<string, string>; selfClosing: boolean }
  | { type: 'close'; name: string };

// Elements whose content is not markup: the browser reads everything up to the closing tag as
// text (or script), so we skip the whole element, content included.
const RAW_TEXT = new Set([
  'script',
  'style',
  'textarea',
  'title',
  'xmp',
  'iframe',
  'noembed',
  'noframes',
  'noscript',
  'plaintext',
  'template',
]);

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Decodes the character references the narration box produces (named basics and numeric). */
export function decodeEntities(s: string): string {
  return s.replace(/&(#[xX][0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);?/g, (whole, ref: string) => {
    if (ref[0] === '#') {
      const cp = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      const valid = Number.isFinite(cp) && cp > 0 && cp <= 0x10ffff && !(cp >= 0xd800 && cp <= 0xdfff);
      return valid ? String.fromCodePoint(cp) : '\ufffd';
    }
    return NAMED[ref.toLowerCase()] ?? whole;
  });
}

/** Escapes text for use between tags. */
export function escapeText(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Escapes text for use inside a double-quoted attribute value. */
export function escapeAttr(s: string): string {
  return escapeText(s).replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

const isAlpha = (c: string | undefined) => c !== undefined && /[a-zA-Z]/.test(c);
const isSpace = (c: string | undefined) => c !== undefined && /\s/.test(c);

/** Splits HTML into text, open and close tokens; comments, doctypes and raw-text elements vanish. */
export function tokenizeHtml(html: string): HtmlToken[] {
  const tokens: HtmlToken[] = [];
  let text = '';
  let i = 0;
  const flush = () => {
    if (text !== '') tokens.push({ type: 'text', text: decodeEntities(text) });
    text = '';
  };
  while (i < html.length) {
    const c = html[i];
    if (c !== '<') {
      text += c;
      i++;
      continue;
    }
    const next = html[i + 1];
    if (html.startsWith('<!--', i)) {
      flush();
      const end = html.indexOf('-->', i + 4);
      i = end < 0 ? html.length : end + 3;
    } else if (next === '!' || next === '?') {
      flush();
      const end = html.indexOf('>', i + 2);
      i = end < 0 ? html.length : end + 1;
    } else if (next === '/' && isAlpha(html[i + 2])) {
      const tag = readTag(html, i + 2);
      if (!tag) break; // an unterminated tag at the end is dropped, as browsers do
      flush();
      tokens.push({ type: 'close', name: tag.name });
      i = tag.end;
    } else if (next === '/') {
      flush(); // "</>" is ignored and "</ x>" is a bogus comment in HTML
      const end = html.indexOf('>', i + 2);
      i = end < 0 ? html.length : end + 1;
    } else if (isAlpha(next)) {
      const tag = readTag(html, i + 1);
      if (!tag) break;
      flush();
      i = tag.end;
      if (RAW_TEXT.has(tag.name)) {
        i = skipRawText(html, i, tag.name);
        continue;
      }
      tokens.push({ type: 'open', name: tag.name, attrs: tag.attrs, selfClosing: tag.selfClosing });
    } else {
      text += c; // a lone '<' is text
      i++;
    }
  }
  flush();
  return tokens;
}

interface RawTag {
  name: string;
  attrs: Record<string, string>;
  selfClosing: boolean;
  end: number;
}

// Reads a tag name and attributes starting at the name; null when the input ends inside the tag.
function readTag(html: string, start: number): RawTag | null {
  let i = start;
  while (i < html.length && !isSpace(html[i]) && html[i] !== '/' && html[i] !== '>') i++;
  const name = html.slice(start, i).toLowerCase();
  const attrs: Record<string, string> = {};
  let selfClosing = false;
  for (;;) {
    while (i < html.length && (isSpace(html[i]) || html[i] === '/')) {
      selfClosing = html[i] === '/';
      i++;
    }
    if (i >= html.length) return null;
    if (html[i] === '>') return { name, attrs, selfClosing, end: i + 1 };
    selfClosing = false;
    const nameStart = i;
    i++; // the first character may be '=' and still belongs to the name
    while (i < html.length && !isSpace(html[i]) && !'/>='.includes(html[i])) i++;
    const attrName = html.slice(nameStart, i).toLowerCase();
    while (i < html.length && isSpace(html[i])) i++;
    let value = '';
    if (html[i] === '=') {
      i++;
      while (i < html.length && isSpace(html[i])) i++;
      const q = html[i];
      if (q === '"' || q === "'") {
        const close = html.indexOf(q, i + 1);
        if (close < 0) return null;
        value = html.slice(i + 1, close);
        i = close + 1;
      } else {
        const vStart = i;
        while (i < html.length && !isSpace(html[i]) && html[i] !== '>') i++;
        value = html.slice(vStart, i);
      }
    }
    if (!(attrName in attrs)) attrs[attrName] = decodeEntities(value); // first one wins, as in browsers
  }
}

// Index just past the closing tag of a raw-text element, or the end of input.
function skipRawText(html: string, from: number, name: string): number {
  const lower = html.toLowerCase();
  let i = from;
  for (;;) {
    const at = lower.indexOf(`</${name}`, i);
    if (at < 0) return html.length;
    const after = lower[at + 2 + name.length];
    if (after === undefined || after === '>' || after === '/' || isSpace(after)) {
      const end = html.indexOf('>', at);
      return end < 0 ? html.length : end + 1;
    }
    i = at + 2;
  }
}
