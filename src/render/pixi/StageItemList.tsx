import type { StageTarget } from '../hitTest';
import type { StageItem } from '../stageScene';
import type { StageLabels } from './StageItems';

/** The stage's items as a list for screen readers (a canvas says nothing) and for tests. */
export function ItemList({
  items,
  labels,
  selectedId,
}: {
  items: StageItem[];
  labels: StageLabels;
  selectedId: string | null;
}) {
  return (
    <ul className="ps-stage-items">
      {items.map((i) => (
        <li
          key={i.id}
          data-testid={`stage-item-${i.kind}`}
          data-id={i.id}
          data-index={i.index}
          data-src={i.src}
          data-x={i.box.x}
          data-y={i.box.y}
          data-width={i.box.width}
          data-height={i.box.height}
          data-dimmed={i.dimmed}
          data-selected={i.id === selectedId}
        >
          {labels.items[i.kind]}
          {i.index >= 0 ? ` ${i.index + 1}` : ''}
        </li>
      ))}
    </ul>
  );
}

/** The pointer's look over a hit: move inside an item, a resize arrow on a corner. */
export function cursorFor(target: StageTarget | null): string {
  if (!target) return 'default';
  if (!target.corner) return 'move';
  return target.corner === 'nw' || target.corner === 'se' ? 'nwse-resize' : 'nesw-resize';
}
