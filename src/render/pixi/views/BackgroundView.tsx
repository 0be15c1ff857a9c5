import { useCallback, useRef } from 'react';
import type { Graphics, Sprite } from 'pixi.js';
import type { Box } from '../../../model/project';
import type { StageItem } from '../../stageScene';
import { noDraw, useItemLayout, useRuntime } from '../stageRuntime';
import { useImageTexture } from '../useTextures';

const EMPTY_FILL = 0xe8ecf2;

/**
 * The scene picture covering the frame (centred, cropped by the frame's edges as the render's
 * `fit: cover` does), or a plain fill before a scene is chosen.
 */
export function BackgroundView({ item }: { item: StageItem }) {
  const rt = useRuntime();
  const { value: texture } = useImageTexture(item.src ? rt.resolveUrl(item.src) : '');
  const sprite = useRef<Sprite>(null);
  const fill = useRef<Graphics>(null);
  const layout = useCallback(
    (box: Box) => {
      fill.current?.clear().rect(box.x, box.y, box.width, box.height).fill({ color: EMPTY_FILL });
      const s = sprite.current;
      if (!s || !texture) return;
      const k = Math.max(box.width / texture.width, box.height / texture.height);
      s.setSize(texture.width * k, texture.height * k);
      s.position.set(box.x + (box.width - s.width) / 2, box.y + (box.height - s.height) / 2);
    },
    [texture],
  );
  useItemLayout(item, layout, texture);
  return texture ? <pixiSprite ref={sprite} texture={texture} /> : <pixiGraphics ref={fill} draw={noDraw} />;
}
