import { useCallback, useEffect, useRef } from 'react';
import type { Container, Graphics, Sprite } from 'pixi.js';
import type { Box } from '../../../model/project';
import type { StageItem } from '../../stageScene';
import { frameAt } from '../../../model/gifFrames';
import { noDraw, useItemLayout, useRuntime } from '../stageRuntime';
import { useGifTextures, useImageTexture } from '../useTextures';

/** Stickers of a later segment than the one selected or heard are drawn this faint. */
export const DIMMED_ALPHA = 0.35;

const BROKEN_FILL = 0xf3f4f6;
const BROKEN_LINE = 0x9ca3af;

/** A sprite kept on its item's box (laid out again when `ready` changes, e.g. its texture arrives). */
function useBoxedSprite(item: StageItem, ready: unknown) {
  const sprite = useRef<Sprite>(null);
  const layout = useCallback((box: Box) => {
    sprite.current?.position.set(box.x, box.y);
    sprite.current?.setSize(box.width, box.height);
  }, []);
  useItemLayout(item, layout, ready);
  return sprite;
}

/** A PNG sticker at its box; a grey crossed box when its picture is gone. */
export function StickerView({ item }: { item: StageItem }) {
  const rt = useRuntime();
  const { value: texture, failed } = useImageTexture(rt.resolveUrl(item.src));
  const sprite = useBoxedSprite(item, texture);
  if (failed) return <BrokenSticker item={item} />;
  if (!texture) return null;
  return <pixiSprite ref={sprite} texture={texture} alpha={item.dimmed ? DIMMED_ALPHA : 1} />;
}

/**
 * An animated GIF sticker: its frames were decoded in a worker; each frame stays for the file's own
 * delay, and a frame is drawn only when the shown frame changes.
 */
export function GifView({ item }: { item: StageItem }) {
  const rt = useRuntime();
  const { value: gif, failed } = useGifTextures(rt.resolveUrl(item.src));
  const sprite = useBoxedSprite(item, gif);
  useEffect(() => {
    if (!gif || gif.frames.length < 2) return;
    const started = performance.now();
    let shown = 0;
    return rt.loop.animate((now) => {
      const at = frameAt(gif.delays, now - started);
      if (at === shown || !sprite.current) return false;
      shown = at;
      sprite.current.texture = gif.frames[at];
      return true;
    });
  }, [rt, gif, sprite]);
  if (failed) return <BrokenSticker item={item} />;
  if (!gif) return null;
  return <pixiSprite ref={sprite} texture={gif.frames[0]} alpha={item.dimmed ? DIMMED_ALPHA : 1} />;
}

function BrokenSticker({ item }: { item: StageItem }) {
  const box = useRef<Container>(null);
  const g = useRef<Graphics>(null);
  const layout = useCallback((b: Box) => {
    g.current
      ?.clear()
      .rect(b.x, b.y, b.width, b.height)
      .fill({ color: BROKEN_FILL })
      .stroke({ color: BROKEN_LINE, width: 1 })
      .moveTo(b.x, b.y)
      .lineTo(b.x + b.width, b.y + b.height)
      .moveTo(b.x + b.width, b.y)
      .lineTo(b.x, b.y + b.height)
      .stroke({ color: BROKEN_LINE, width: 1 });
  }, []);
  useItemLayout(item, layout, null);
  return (
    <pixiContainer ref={box}>
      <pixiGraphics ref={g} draw={noDraw} />
    </pixiContainer>
  );
}
