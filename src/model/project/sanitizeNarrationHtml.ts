import { escapeText, tokenizeHtml, type HtmlToken } from './htmlTokens';
import { markerHtml, readMarker, type NarrationMarker } from './narrationMarkers';
import { MAX_NARRATION_CHARS } from './constants';

/*
 * Allow-list sanitiser for stored narration HTML (DESIGN.md: sanitised before it is ever rendered).
 * Output contains only: text (escaped), <br>, attribute-less <div>/<p>/<span>, and our markers
 * rebuilt from their parsed ids by narrationMarkers.ts. Every other tag is dropped with its text
 * kept; script-like elements are dropped with their content. Because the output is re-serialised
 * from tokens rather than edited in place, no attribute, URL or comment from the input survives
 * unless we wrote it ourselves.
 */

const CONTAINERS = new Set(['div', 'p', 'span']);

/** Safe narration HTML from any input: only markers, br, div, p, span and text remain. */
export function sanitizeNarrationHtml(html: string): string {
  return serialize(tokenizeHtml(html), Infinity);
}

/** Narration HTML cut after `max` spoken characters (spec 5: input is cut at 300); also sanitises. */
export function clampNarrationHtml(html: string, max = MAX_NARRATION_CHARS): string {
  return serialize(tokenizeHtml(html), max);
}

/**
 * Sanitised narration HTML with every marker passed through `change` (its replacement, or null to
 * drop it); `n` counts the markers in document order. Used by the sticker commands on stored text.
 */
export function rewriteNarrationMarkers(
  html: string,
  change: (marker: NarrationMarker, n: number) => NarrationMarker | null,
): string {
  return serialize(tokenizeHtml(html), Infinity, change);
}

function serialize(
  tokens: HtmlToken[],
  budget: number,
  change: (marker: NarrationMarker, n: number) => NarrationMarker | null = (m) => m,
): string {
  let out = '';
  let seen = 0;
  let left = budget;
  const open: string[] = [];
  for (let i = 0; i < tokens.length && left > 0;) {
    const marker = readMarker(tokens, i);
    if (marker) {
      const kept = marker.marker && change(marker.marker, seen++);
      if (kept) out += markerHtml(kept);
      i = marker.next;
      continue;
    }
    const t = tokens[i++];
    if (t.type === 'text') {
      const chars = Array.from(t.text.replace(/[\t\r\n]+/g, ' '));
      const kept = chars.slice(0, Math.max(0, Math.min(chars.length, left)));
      left -= kept.length;
      out += escapeText(kept.join('')).replace(/\u00a0/g, '&nbsp;');
    } else if (t.type === 'open' && t.name === 'br') {
      out += '<br>';
    } else if (t.type === 'open' && CONTAINERS.has(t.name) && !t.selfClosing) {
      open.push(t.name);
      out += `<${t.name}>`;
    } else if (t.type === 'close' && open.includes(t.name)) {
      // Close everything opened since the matching tag, so the output always nests properly.
      while (open.length > 0) {
        const name = open.pop();
        out += `</${name}>`;
        if (name === t.name) break;
      }
    }
  }
  while (open.length > 0) out += `</${open.pop()}>`;
  return out;
}
