import { memo, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Box, Corner, Texture } from '../../../../model/project';
import { resolveServerUrl } from '../../../config';
import type { DragTarget } from './usePreviewDrag';

const CORNERS: Corner[] = ['nw', 'ne', 'sw', 'se'];

type Begin = (target: DragTarget, box: Box) => (e: ReactPointerEvent<HTMLElement>) => void;
type Handlers = Record<
  'onPointerMove' | 'onPointerUp' | 'onPointerCancel',
  (e: ReactPointerEvent<HTMLElement>) => void
>;

interface LayerProps {
  textures: readonly Texture[];
  selected: number | null;
  /** Stickers after this 1-based segment are dimmed (试听 of a segment); null shows all. */
  heardPosition: number | null;
  /** The live box of the sticker being dragged. */
  live: { index: number; box: Box } | null;
  scale: number;
  /** A shot framing is shown: stickers are seen, not moved. */
  locked: boolean;
  begin: Begin;
  handlers: Handlers;
  onSelect(index: number): void;
}

/**
 * The page's stickers and GIFs at their boxes (GIFs animate natively in <img>), in narration order
 * so later stickers lie on top. Each item is memoised: a drag re-renders only the dragged one.
 */
export function StickerLayer(props: LayerProps) {
  return (
    <>
      {props.textures.map((t, i) => (
        <StickerItem
          key={t.id || `${t.textureId}-${i}`}
          texture={t}
          index={i}
          selected={props.selected === i}
          dimmed={props.heardPosition !== null && t.position > props.heardPosition}
          liveBox={props.live?.index === i ? props.live.box : null}
          scale={props.scale}
          locked={props.locked}
          begin={props.begin}
          handlers={props.handlers}
          onSelect={props.onSelect}
        />
      ))}
    </>
  );
}

interface ItemProps {
  texture: Texture;
  index: number;
  selected: boolean;
  dimmed: boolean;
  liveBox: Box | null;
  scale: number;
  locked: boolean;
  begin: Begin;
  handlers: Handlers;
  onSelect(index: number): void;
}

const StickerItem = memo(function StickerItem(p: ItemProps) {
  const { t } = useTranslation('editor');
  const [broken, setBroken] = useState('');
  const saved = { x: p.texture.x, y: p.texture.y, width: p.texture.width, height: p.texture.height };
  const box = p.liveBox ?? saved;
  const src = resolveServerUrl(p.texture.path);
  const down = (target: DragTarget) => (e: ReactPointerEvent<HTMLElement>) => {
    p.onSelect(p.index);
    p.begin(target, saved)(e);
  };
  return (
    <div
      className={`ps-preview-item ps-preview-sticker${p.selected ? ' selected' : ''}${p.liveBox ? ' active' : ''}${p.dimmed ? ' dimmed' : ''}${p.locked ? ' framed' : ''}`}
      data-testid="preview-sticker"
      data-index={p.index}
      data-texture={p.texture.textureId}
      data-x={box.x}
      data-y={box.y}
      data-width={box.width}
      data-height={box.height}
      data-position={p.texture.position}
      style={{
        left: saved.x,
        top: saved.y,
        width: box.width,
        height: box.height,
        // While dragged, the sticker moves on its own compositor layer: no repaint of the page.
        transform: p.liveBox ? `translate(${box.x - saved.x}px, ${box.y - saved.y}px)` : undefined,
      }}
      title={p.locked ? undefined : t('stickers.itemHint')}
      onPointerDown={p.locked ? undefined : down({ sticker: p.index })}
      {...(p.locked ? {} : p.handlers)}
    >
      {src && broken !== src ? (
        <img src={src} alt="" draggable={false} onError={() => setBroken(src)} />
      ) : (
        <span className="ps-preview-sticker-broken" data-testid="preview-sticker-broken">
          {t('stickers.broken')}
        </span>
      )}
      {p.selected &&
        CORNERS.map((corner) => (
          <span
            key={corner}
            className={`ps-preview-handle ps-preview-handle--${corner}`}
            data-testid={`preview-sticker-handle-${corner}`}
            style={{ width: 10 / (p.scale || 1), height: 10 / (p.scale || 1) }}
            onPointerDown={down({ sticker: p.index, corner })}
          />
        ))}
      {p.liveBox && (
        <span className="ps-preview-readout" style={{ fontSize: 12 / (p.scale || 1) }}>
          {p.liveBox.width !== saved.width || p.liveBox.height !== saved.height
            ? `${box.width} × ${box.height}`
            : `X ${box.x} · Y ${box.y}`}
        </span>
      )}
    </div>
  );
});
