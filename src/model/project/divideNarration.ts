import type { ChildSegment, Page, Texture } from './pageSchema';
import { parseNarration } from './parseNarration';
import { SCALE_NORMAL, SHOT_TAGS, type IsScale } from './constants';

/** Where a newly inserted sticker is placed before the author drags it (preview coordinates). */
export interface TextureBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const DEFAULT_TEXTURE_BOX: TextureBox = { x: 0, y: 0, width: 100, height: 100 };

/**
 * Text divide (spec 4): the page re-read from its rich text, split at every marker into child
 * segments, with the textures list rebuilt.
 *
 * - Each segment's isScale is the shot tag in force where it starts (1 until the first tag; 恢复
 *   returns to 1). Empty segments are dropped and the rest renumbered 1..n.
 * - Without any marker the childList is empty: the page's own audio is the whole narration, so
 *   the text is not synthesised twice.
 * - A sticker appears at the start of the segment after its marker: texture.position is that
 *   segment's number, or childList.length + 1 when the marker ends the narration.
 * - A segment whose text is unchanged keeps its audio; a sticker instance keeps its position/size.
 */
export function divideNarration(page: Page, newTexture: TextureBox = DEFAULT_TEXTURE_BOX): Page {
  const parsed = parseNarration(page.textdome);
  const { text, markers } = parsed;
  const segments: { ttsText: string; isScale: IsScale }[] = [];
  const textures: Texture[] = [];
  let scale: IsScale = SCALE_NORMAL;
  let start = 0;
  const cut = (end: number) => {
    const piece = text.slice(start, end).trim();
    if (piece !== '') segments.push({ ttsText: piece, isScale: scale });
    start = end;
  };
  for (const m of markers) {
    cut(m.offset);
    if (m.type === 'shot') {
      scale = SHOT_TAGS.find((t) => t.id === m.tagId)?.isScale ?? SCALE_NORMAL;
      continue;
    }
    const before = page.textureList.find((t) => t.id === m.id);
    textures.push({
      textureId: m.textureId,
      path: m.path || before?.path || '',
      x: before?.x ?? newTexture.x,
      y: before?.y ?? newTexture.y,
      width: before?.width ?? newTexture.width,
      height: before?.height ?? newTexture.height,
      position: segments.length + 1,
      id: m.id,
    });
  }
  cut(text.length);

  const childList: ChildSegment[] =
    markers.length === 0
      ? []
      : segments.map((s, i) => {
          const same = page.childList.find((c) => c.ttsText === s.ttsText);
          return {
            ttsText: s.ttsText,
            isScale: s.isScale,
            index: i + 1,
            tts: same?.tts ?? '',
            mouthVideo: same?.mouthVideo ?? '',
          };
        });
  return { ...page, text, dome: parsed.shots, gifdome: parsed.stickers, childList, textureList: textures };
}
