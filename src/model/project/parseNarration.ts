import { tokenizeHtml } from './htmlTokens';
import { readMarker, type NarrationMarker } from './narrationMarkers';
import type { ShotMark, StickerMark } from './pageSchema';

/** A marker with its position in the plain text (a UTF-16 index into `text`). */
export type PlacedMarker = NarrationMarker & { offset: number };

export interface ParsedNarration {
  /** What is spoken: marker labels removed, <br> and block boundaries as '\n', trimmed. */
  text: string;
  /** Every marker in document order. */
  markers: PlacedMarker[];
  /** Shot tags only, for page.dome. */
  shots: ShotMark[];
  /** Stickers and GIFs only, for page.gifdome; unnamed instances get `{textureId}-{n}`. */
  stickers: StickerMark[];
}

const BLOCKS = new Set([
  'div',
  'p',
  'li',
  'ul',
  'ol',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'pre',
]);

/** Re-reads narration-box HTML into plain text, shot tags and sticker ids (spec 4 "saving text"). */
export function parseNarration(html: string): ParsedNarration {
  const tokens = tokenizeHtml(html);
  let text = '';
  const markers: PlacedMarker[] = [];
  // Block elements start and end a line, like innerText does for contenteditable's <div> lines.
  const newLine = () => {
    if (text !== '' && !text.endsWith('\n')) text += '\n';
  };
  for (let i = 0; i < tokens.length;) {
    const marker = readMarker(tokens, i);
    if (marker) {
      if (marker.marker) markers.push({ ...marker.marker, offset: text.length });
      i = marker.next;
      continue;
    }
    const t = tokens[i++];
    if (t.type === 'text') text += t.text.replace(/\u00a0/g, ' ').replace(/[\t\r\n]+/g, ' ');
    else if (t.name === 'br' && t.type === 'open') text += '\n';
    else if (BLOCKS.has(t.name)) newLine();
  }

  // Trim, keeping the offsets pointing at the same characters.
  const lead = text.length - text.trimStart().length;
  const trimmed = text.trim();
  const placed = markers.map((m) => ({
    ...m,
    offset: Math.min(Math.max(0, m.offset - lead), trimmed.length),
  }));

  // Instance ids must be unique on the page: a pasted copy of a marker repeats its data-id.
  const used = new Set<string>();
  const stickers: StickerMark[] = [];
  const shots: ShotMark[] = [];
  for (const m of placed) {
    if (m.type === 'shot') {
      shots.push({ tagId: m.tagId, offset: m.offset });
      continue;
    }
    let id = m.id;
    for (let n = 1; id === '' || used.has(id); n++) id = `${m.textureId}-${n}`;
    used.add(id);
    m.id = id;
    stickers.push({ textureId: m.textureId, kind: m.kind, id, path: m.path, offset: m.offset });
  }
  return { text: trimmed, markers: placed, shots, stickers };
}
