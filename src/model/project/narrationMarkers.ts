import { escapeAttr, escapeText, type HtmlToken } from './htmlTokens';
import { SHOT_TAGS, TEXTURE_ID_LENGTH, type ShotTagId } from './constants';

/*
 * The narration box's marker format. Markers are atomic, non-editable spans, so the caret skips
 * them and a backspace removes a whole marker:
 *
 *   shot tag:  <span class="ps-marker ps-shot" contenteditable="false" data-shot="11201">【PPT全屏】</span>
 *   sticker:   <span class="ps-marker ps-sticker" contenteditable="false" data-texture="a1b2"
 *                data-kind="png" data-id="k7"><img class="ps-thumb" src="/files/a.png" alt="@a1b2"></span>
 *
 * A sticker without a safe thumbnail path shows 【贴图@a1b2】 (or 【GIF@a1b2】) instead of the img.
 * The texture id is the 4 characters after '@' (spec 4): data-texture holds them, and readers fall
 * back to the '@' in the alt text or label so markers from older editors still work. Markers are
 * never spoken: parseNarration drops everything inside them.
 */

export type StickerKind = 'png' | 'gif';

export type NarrationMarker =
  | { type: 'shot'; tagId: ShotTagId }
  | { type: 'sticker'; textureId: string; kind: StickerKind; id: string; path: string };

const TEXTURE_ID = new RegExp(`^[A-Za-z0-9]{${TEXTURE_ID_LENGTH}}$`);
const INSTANCE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Label shown inside a shot-tag marker, e.g. 【PPT全屏】. */
export function shotLabel(tagId: ShotTagId): string {
  return `【${SHOT_TAGS.find((t) => t.id === tagId)?.label ?? ''}】`;
}

/** True for a texture id the marker format can carry (4 letters or digits). */
export function isTextureId(id: string): boolean {
  return TEXTURE_ID.test(id);
}

/** True for a path we let into an img src: same-origin absolute paths or http(s) URLs only. */
export function isSafeImagePath(path: string): boolean {
  if (/[\s"'<>\\`]/.test(path)) return false;
  return /^\/(?!\/)/.test(path) || /^https?:\/\/[^/]/i.test(path);
}

/** HTML of a shot-tag marker to insert into the narration box. */
export function shotMarkerHtml(tagId: ShotTagId): string {
  return `<span class="ps-marker ps-shot" contenteditable="false" data-shot="${tagId}">${escapeText(shotLabel(tagId))}</span>`;
}

/** HTML of a sticker/GIF marker to insert; the texture id must be 4 letters or digits. */
export function stickerMarkerHtml(m: {
  textureId: string;
  kind: StickerKind;
  id?: string;
  path?: string;
}): string {
  if (!isTextureId(m.textureId)) throw new Error(`texture id must be ${TEXTURE_ID_LENGTH} letters or digits`);
  const id = m.id && INSTANCE_ID.test(m.id) ? ` data-id="${escapeAttr(m.id)}"` : '';
  const at = `@${m.textureId}`;
  const inner =
    m.path && isSafeImagePath(m.path)
      ? `<img class="ps-thumb" src="${escapeAttr(m.path)}" alt="${at}">`
      : escapeText(`【${m.kind === 'gif' ? 'GIF' : '贴图'}${at}】`);
  return `<span class="ps-marker ps-sticker" contenteditable="false" data-texture="${m.textureId}" data-kind="${m.kind}"${id}>${inner}</span>`;
}

/** HTML of any marker (canonical form, used when re-serialising). */
export function markerHtml(m: NarrationMarker): string {
  return m.type === 'shot' ? shotMarkerHtml(m.tagId) : stickerMarkerHtml(m);
}

/** What Enter inserts in the narration box: a double line break (spec 5). */
export const ENTER_HTML = '<br><br>';

/** Plain text as narration-box HTML: escaped, line breaks as <br>. */
export function textToNarrationHtml(text: string): string {
  return escapeText(text).replace(/\r\n|\r|\n/g, '<br>');
}

const isMarkerOpen = (t: HtmlToken): t is Extract<HtmlToken, { type: 'open' }> =>
  t.type === 'open' &&
  t.name === 'span' &&
  ('data-shot' in t.attrs || 'data-texture' in t.attrs || /\bps-marker\b/.test(t.attrs.class ?? ''));

/**
 * Reads the marker starting at tokens[i], if any: the marker and the index after its closing span.
 * Everything inside the span is consumed, so a label can never leak into the spoken text.
 * A span that looks like a marker but carries no valid id still gets consumed, as marker=null.
 */
export function readMarker(
  tokens: HtmlToken[],
  i: number,
): { marker: NarrationMarker | null; next: number } | null {
  const open = tokens[i];
  if (!isMarkerOpen(open)) return null;
  let depth = 1;
  let j = i + 1;
  const inner: HtmlToken[] = [];
  if (!open.selfClosing) {
    for (; j < tokens.length && depth > 0; j++) {
      const t = tokens[j];
      if (t.type === 'open' && t.name === 'span' && !t.selfClosing) depth++;
      if (t.type === 'close' && t.name === 'span') depth--;
      if (depth > 0) inner.push(t);
    }
  }
  return { marker: markerFrom(open.attrs, inner), next: j };
}

function markerFrom(attrs: Record<string, string>, inner: HtmlToken[]): NarrationMarker | null {
  if ('data-shot' in attrs) {
    const tag = SHOT_TAGS.find((t) => String(t.id) === attrs['data-shot'].trim());
    return tag ? { type: 'shot', tagId: tag.id } : null;
  }
  const img = inner.find((t) => t.type === 'open' && t.name === 'img');
  const imgAttrs = img?.type === 'open' ? img.attrs : {};
  const textureId = attrs['data-texture']?.trim() || afterAt([imgAttrs.alt, attrs.title, ...texts(inner)]);
  if (!textureId || !isTextureId(textureId)) return null;
  const label = texts(inner).join('');
  const src = imgAttrs.src?.trim() ?? '';
  const kind: StickerKind =
    attrs['data-kind'] === 'gif' || (!attrs['data-kind'] && (/GIF@/.test(label) || /\.gif(\?|$)/i.test(src)))
      ? 'gif'
      : 'png';
  const id = attrs['data-id'] && INSTANCE_ID.test(attrs['data-id']) ? attrs['data-id'] : '';
  return { type: 'sticker', textureId, kind, id, path: isSafeImagePath(src) ? src : '' };
}

function texts(tokens: HtmlToken[]): string[] {
  return tokens.flatMap((t) => (t.type === 'text' ? [t.text] : []));
}

// The spec's rule: the texture id is the 4 characters after an @ sign.
function afterAt(candidates: (string | undefined)[]): string {
  for (const c of candidates) {
    const at = c?.indexOf('@') ?? -1;
    if (c && at >= 0) return c.slice(at + 1, at + 1 + TEXTURE_ID_LENGTH);
  }
  return '';
}
