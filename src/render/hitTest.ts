import type { Box, Corner } from '../model/project';
import type { StageItem, StageScene } from './stageScene';

/*
 * Which item a pointer is on, in preview units: the selected item's corner handles first (they
 * stick out of its box and lie over whatever is beside it), then the items from the topmost down.
 * The background and items of a shot framing are not picked: only the layout can be edited.
 */

/** What a press on the stage takes hold of. */
export interface StageTarget {
  /** The item's id ('slide', 'presenter', 'sticker:<index>'). */
  id: string;
  kind: 'slide' | 'presenter' | 'sticker';
  /** Sticker index in the page's textureList, -1 otherwise. */
  index: number;
  /** The corner handle held (a resize), or null for a move. */
  corner: Corner | null;
}

export const CORNERS: readonly Corner[] = ['nw', 'ne', 'sw', 'se'];

/** A point in preview units. */
export interface Point {
  x: number;
  y: number;
}

/** The centre of a box's corner handle. */
export function cornerPoint(box: Box, corner: Corner): Point {
  return {
    x: corner.endsWith('e') ? box.x + box.width : box.x,
    y: corner.startsWith('s') ? box.y + box.height : box.y,
  };
}

const inside = (p: Point, b: Box) =>
  p.x >= b.x && p.x <= b.x + b.width && p.y >= b.y && p.y <= b.y + b.height;

function targetOf(item: StageItem, corner: Corner | null): StageTarget {
  const kind = item.kind === 'presenter' ? 'presenter' : item.index >= 0 ? 'sticker' : 'slide';
  return { id: item.id, kind, index: item.index, corner };
}

/**
 * The target under `point`: a corner handle of the selected item within `handleRadius` units, else
 * the topmost movable item whose box holds the point, else null.
 */
export function hitTest(
  scene: StageScene,
  point: Point,
  selectedId: string | null,
  handleRadius: number,
): StageTarget | null {
  const selected = selectedId ? scene.items.find((i) => i.id === selectedId && i.movable) : undefined;
  if (selected) {
    for (const corner of CORNERS) {
      const c = cornerPoint(selected.box, corner);
      if (Math.abs(point.x - c.x) <= handleRadius && Math.abs(point.y - c.y) <= handleRadius)
        return targetOf(selected, corner);
    }
  }
  for (let i = scene.items.length - 1; i >= 0; i--) {
    const item = scene.items[i];
    if (item.movable && inside(point, item.box)) return targetOf(item, null);
  }
  return null;
}
