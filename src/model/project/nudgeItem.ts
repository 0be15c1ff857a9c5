import type { ProjectDocument } from './documentSchema';
import type { Result } from './result';
import { docCommand } from './docCommand';
import { moveCharacter, moveSlide, slideBox } from './placement';
import { nudgeTexture } from './stickerCommands';

/** An item the author can select on the preview: a sticker of the page (by index), the slide or the presenter. */
export type CanvasItem = { kind: 'sticker'; index: number } | { kind: 'slide' } | { kind: 'character' };

/** The direction (dx, dy in units) each Arrow key moves the selected item by. */
export const NUDGE_DIRECTIONS: Readonly<Record<string, readonly [number, number]>> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/** Arrow keys on the preview: moves `item` of page `at` by dx,dy units, by the item's own rules. */
export const nudgeItem = docCommand({
  name: 'nudgeItem',
  keys: Object.keys(NUDGE_DIRECTIONS),
  perform(
    doc: ProjectDocument,
    at: number,
    item: CanvasItem,
    dx: number,
    dy: number,
  ): Result<ProjectDocument> {
    if (item.kind === 'sticker') return nudgeTexture(doc, at, item.index, dx, dy);
    if (item.kind === 'slide') {
      const b = slideBox(doc);
      return moveSlide(doc, { ...b, x: b.x + dx, y: b.y + dy });
    }
    return moveCharacter(doc, { X: doc.character.X + dx, Y: doc.character.Y + dy });
  },
});
