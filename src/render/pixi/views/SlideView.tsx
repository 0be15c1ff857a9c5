import { useCallback, useEffect, useRef } from 'react';
import { CanvasTextMetrics, TextStyle, type Graphics, type Sprite, type Text } from 'pixi.js';
import type { Box } from '../../../model/project';
import { layoutCard, type CardText } from '../../cardLayout';
import { containBox } from '../../fitBox';
import type { StageItem } from '../../stageScene';
import { noDraw, useItemLayout, useRuntime } from '../stageRuntime';
import { useImageTexture } from '../useTextures';
import { useStageVideo, useVideoTexture, type VideoPlayback } from '../videoTexture';

/** How much of the narration a blank page's card shows. */
const EXCERPT_CHARS = 90;
const CARD_FILL = 0xffffff;
const CARD_TEXT = 0x1f2937;
const CARD_HINT = 0x9ca3af;
const VIDEO_BACK = 0x000000;

// Constant style objects: the layout sizes the text, and a new object on every render would undo it.
const CARD_FONT = 'PingFang SC, Microsoft YaHei, Noto Sans CJK SC, Noto Sans SC, sans-serif';
// layoutCard breaks the lines itself (Pixi's wrap would not know where the hint begins).
const CARD_STYLE = { fontFamily: CARD_FONT, fill: CARD_TEXT, wordWrap: false };
const HINT_STYLE = { ...CARD_STYLE, fill: CARD_HINT };

/** The slide box's picture, shown whole (contain, centred) as the render places it. */
export function SlideImageView({ item, onAspect }: { item: StageItem; onAspect(aspect: number): void }) {
  const rt = useRuntime();
  const { value: texture } = useImageTexture(rt.resolveUrl(item.src));
  const sprite = useRef<Sprite>(null);
  useEffect(() => {
    if (texture && texture.height > 0) onAspect(texture.width / texture.height);
  }, [texture, onAspect]);
  const layout = useCallback(
    (box: Box) => {
      const s = sprite.current;
      if (!s || !texture) return;
      const b = containBox(box, texture.width / texture.height);
      s.position.set(b.x, b.y);
      s.setSize(b.width, b.height);
    },
    [texture],
  );
  useItemLayout(item, layout, texture);
  return texture ? <pixiSprite ref={sprite} texture={texture} /> : null;
}

/**
 * A page without a PDF picture, while editing: a white card with the start of its narration
 * (or 空白页) and, at its foot, that the video shows nothing there (the /three player leaves it out).
 * layoutCard breaks the lines, so long narration shrinks or ends in an ellipsis above the foot.
 */
export function CardView({ item, emptyLabel, hint }: { item: StageItem; emptyLabel: string; hint: string }) {
  const g = useRef<Graphics>(null);
  const label = useRef<Text>(null);
  const foot = useRef<Text>(null);
  const text = item.text.trim();
  const excerpt = text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS)}…` : text;
  const shown = excerpt || emptyLabel;
  const layout = useCallback(
    (box: Box) => {
      g.current?.clear().rect(box.x, box.y, box.width, box.height).fill({ color: CARD_FILL });
      const t = label.current;
      const f = foot.current;
      if (!t || !f) return;
      const card = layoutCard(box, shown, hint, cardEm);
      place(t, card.text);
      place(f, card.hint);
    },
    [shown, hint],
  );
  useItemLayout(item, layout, `${!!excerpt}${shown}`);
  return (
    <pixiContainer>
      <pixiGraphics ref={g} draw={noDraw} />
      <pixiText ref={label} text="" style={excerpt ? CARD_STYLE : HINT_STYLE} />
      <pixiText ref={foot} text="" style={HINT_STYLE} />
    </pixiContainer>
  );
}

/** Draws a laid-out block of card text. */
function place(t: Text, c: CardText): void {
  t.style.fontSize = c.fontSize;
  t.style.lineHeight = c.lineHeight;
  t.text = c.lines.join('\n');
  t.position.set(c.x, c.y);
}

const CARD_MEASURE = new TextStyle({ fontFamily: CARD_FONT, fontSize: 100 });
const emCache = new Map<string, number>();

/** A character's width in ems in the card's font, as the canvas measures it. */
function cardEm(ch: string): number {
  let w = emCache.get(ch);
  if (w === undefined) {
    w = CanvasTextMetrics.measureText(ch, CARD_MEASURE, undefined, false).width / 100;
    emCache.set(ch, w);
  }
  return w;
}

/** The page video in the slide box, letterboxed on black as the render pads it. */
export function VideoView({
  item,
  playback,
  onAspect,
}: {
  item: StageItem;
  playback: VideoPlayback;
  onAspect(aspect: number): void;
}) {
  const rt = useRuntime();
  const { video, aspect } = useStageVideo(rt.resolveUrl(item.src), playback);
  const texture = useVideoTexture(video, null, rt.loop);
  const sprite = useRef<Sprite>(null);
  const back = useRef<Graphics>(null);
  useEffect(() => {
    if (aspect > 0) onAspect(aspect);
  }, [aspect, onAspect]);
  const layout = useCallback(
    (box: Box) => {
      back.current?.clear().rect(box.x, box.y, box.width, box.height).fill({ color: VIDEO_BACK });
      const s = sprite.current;
      if (!s || !(aspect > 0)) return;
      const b = containBox(box, aspect);
      s.position.set(b.x, b.y);
      s.setSize(b.width, b.height);
    },
    [aspect],
  );
  useItemLayout(item, layout, texture);
  return (
    <pixiContainer>
      <pixiGraphics ref={back} draw={noDraw} />
      {texture && <pixiSprite ref={sprite} texture={texture} />}
    </pixiContainer>
  );
}
