import { useCallback, useEffect, useRef } from 'react';
import type { Graphics } from 'pixi.js';
import type { Box } from '../../../model/project';
import { CORNERS, cornerPoint } from '../../hitTest';
import type { StageItem } from '../../stageScene';
import { noDraw, useRuntime } from '../stageRuntime';

const FRAME_COLOUR = 0x2185d0;
/** Handle size and frame width in screen pixels, whatever the stage's scale. */
export const HANDLE_PX = 10;
const LINE_PX = 1.5;

/** The selected item's frame and its four corner handles, following the item while it is dragged. */
export function SelectionView({ item, scale }: { item: StageItem; scale: number }) {
  const rt = useRuntime();
  const g = useRef<Graphics>(null);
  const draw = useCallback(
    (box: Box) => {
      const k = scale > 0 ? 1 / scale : 1;
      const h = HANDLE_PX * k;
      const gr = g.current?.clear();
      if (!gr) return;
      gr.rect(box.x, box.y, box.width, box.height).stroke({ color: FRAME_COLOUR, width: LINE_PX * k });
      for (const c of CORNERS) {
        const p = cornerPoint(box, c);
        gr.rect(p.x - h / 2, p.y - h / 2, h, h)
          .fill({ color: 0xffffff })
          .stroke({ color: FRAME_COLOUR, width: LINE_PX * k });
      }
      rt.loop.invalidate();
    },
    [scale, rt],
  );
  const { x, y, width, height } = item.box;
  useEffect(() => {
    draw({ x, y, width, height });
    return rt.live.subscribe((live) => draw(live?.id === item.id ? live.box : { x, y, width, height }));
  }, [draw, rt, item.id, x, y, width, height]);
  return <pixiGraphics ref={g} draw={noDraw} />;
}
