import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from 'semantic-ui-react';
import {
  characterBox,
  clampSlideBox,
  clampTextureBox,
  hasVideo,
  dragCharacter,
  isLayoutFraming,
  moveCharacter,
  moveSlide,
  moveTexture,
  orientationOf,
  PREVIEW_FRAME,
  resizeTextureBox,
  shotFraming,
  slideBox,
  SHOT_TAGS,
  type Box,
} from '../../../../model/project';
import { resolveServerUrl } from '../../../config';
import { currentPage, dispatch, doc, page, projectId } from '../../../state/editor';
import { heardSegment, previewIsScale, selectedSegment } from '../../../state/editorNarration';
import {
  restoreProjectTextures,
  selectedSticker,
  selectOnStage,
  stageSelection,
} from '../../../state/editorStickers';
import { showMessage } from '../../../state/messages';
import { PageVideoContent } from '../video/PageVideoContent';
import { PresenterFigure } from './PresenterFigure';
import { SlideContent } from './SlideContent';
import { onStageKeyDown } from './stageKeys';
import { StickerLayer } from './StickerLayer';
import { useFitScale } from './useFitScale';
import { isSlideTarget, stickerOf, usePreviewDrag, type DragTarget } from './usePreviewDrag';
import './preview.css';

/** Placeholder box for a project without a presenter yet. */
const PLACEHOLDER = { width: 150, height: 230 };

const selectSticker = (index: number) => selectOnStage({ kind: 'sticker', index });

/**
 * The current page at its real layout: a 960x540 or 375x667 DOM frame scaled to the available
 * width, with scene background, slide, presenter and the page's stickers and GIFs (the DOM decodes
 * GIFs and videos natively, so no WebGL stage is needed). The presenter, the slide and stickers
 * are dragged with the pointer, the slide and stickers resized at their corners; each drag is
 * committed once on pointer up. Clicking selects; the focused preview takes Arrow and Delete keys.
 */
export function PagePreview() {
  useSignals();
  const { t } = useTranslation('library');
  const { t: te } = useTranslation('editor');
  const d = doc.value;
  // Natural aspects of the slide image and the presenter art: shot framings scale by them.
  const [aspects, setAspects] = useState<{ slide?: number; character?: number }>({});
  const aspectOf = (key: 'slide' | 'character') => (e: { currentTarget: HTMLImageElement }) => {
    const { naturalWidth: w, naturalHeight: h } = e.currentTarget;
    if (w > 0 && h > 0 && aspects[key] !== w / h) setAspects((a) => ({ ...a, [key]: w / h }));
  };
  const orientation = orientationOf(d?.distinguishability ?? 1);
  const frame = PREVIEW_FRAME[orientation];
  const { ref, scale } = useFitScale(frame.width, frame.height);
  const pageAt = currentPage.value;

  // A project just opened: texture paths are refreshed and stickers whose texture is gone dropped.
  const openedProject = projectId.value;
  useEffect(() => {
    if (openedProject !== null) void restoreProjectTextures();
  }, [openedProject]);
  useEffect(() => selectOnStage(null), [pageAt, openedProject]);

  // A blocked step still moves along the free axis, so the presenter slides along an edge.
  const slideAlongBounds = (prev: Box, x: number, y: number): Box => {
    for (const next of [
      { ...prev, x, y },
      { ...prev, x },
      { ...prev, y },
    ]) {
      if (dragCharacter(prev, next, orientation) === next) return next;
    }
    return prev;
  };

  const drag = usePreviewDrag({
    scale,
    step(target, start, prev, dx, dy, free) {
      const sticker = stickerOf(target);
      if (sticker?.corner) return resizeTextureBox(start, sticker.corner, dx, dy, !free, frame);
      if (sticker) return clampTextureBox({ ...start, x: start.x + dx, y: start.y + dy }, frame);
      if (target === 'character')
        return slideAlongBounds(prev, Math.round(start.x + dx), Math.round(start.y + dy));
      if (target === 'slide') return clampSlideBox({ ...start, x: start.x + dx, y: start.y + dy }, frame);
      let { width, height } = start;
      if (free) {
        width += dx;
        height += dy;
      } else {
        // Keep the slide's proportions: follow the pointer along the box's diagonal.
        const k = 1 + (dx * width + dy * height) / (width * width + height * height);
        width *= k;
        height *= k;
      }
      return clampSlideBox({ ...start, width, height }, frame);
    },
    commit(target: DragTarget, box: Box) {
      const sticker = stickerOf(target);
      const result = sticker
        ? dispatch(moveTexture, currentPage.value, sticker.sticker, box)
        : target === 'character'
          ? dispatch(moveCharacter, { X: box.x, Y: box.y })
          : dispatch(moveSlide, box);
      if (!result.ok) showMessage('error', result.error);
    },
  });

  if (!d) return <div className="ps-preview" data-testid="page-preview" ref={ref} />;

  const p = page.value;
  const video = p && hasVideo(p) ? p.video : null;
  const background = d.scene.path || d.scene.icon;
  const hasCharacter = !!d.character.staticImg;
  // The selected segment's shot tag frames the page exactly as the render will (shotFraming);
  // only the normal framing is the layout, so only it can be dragged.
  const isScale = previewIsScale.value;
  const framed = isLayoutFraming(isScale)
    ? null
    : shotFraming(
        frame,
        {
          slide: slideBox(d),
          character: hasCharacter ? characterBox(d) : null,
          characterAspect: aspects.character,
          slideAspect: video || p?.img ? aspects.slide : undefined,
        },
        isScale,
      );
  const live = framed ? null : drag.live;
  const slide = framed ? framed.slide : live && isSlideTarget(live.target) ? live.box : slideBox(d);
  const person = framed ? framed.character : live?.target === 'character' ? live.box : characterBox(d);
  const shotLabel = SHOT_TAGS.find((s) => s.isScale === isScale)?.label ?? '';
  const handlers = framed ? {} : drag.handlers;
  const placeholder = {
    x: Math.max(0, Math.min(d.character.X, frame.width - PLACEHOLDER.width)),
    y: Math.max(0, Math.min(d.character.Y, frame.height - PLACEHOLDER.height)),
    ...PLACEHOLDER,
  };
  const place = (b: Box) => ({ left: b.x, top: b.y, width: b.width, height: b.height });
  const selection = stageSelection.value;
  // Pressing on an item selects it and gives the preview the keyboard (Arrow keys, Delete).
  const pick = (target: 'slide' | 'character', box: Box) => (e: ReactPointerEvent<HTMLElement>) => {
    selectOnStage({ kind: target });
    drag.begin(target, box)(e);
  };
  const liveSticker = live && stickerOf(live.target);
  // The segment heard during 试听, else the selected one: stickers of later segments are dimmed,
  // because the video shows them only from their own segment on.
  const heard = heardSegment.value ?? selectedSegment.value;

  return (
    <div className="ps-preview" data-testid="page-preview" ref={ref}>
      <div
        className="ps-preview-viewport"
        style={{ width: frame.width * scale, height: frame.height * scale }}
        tabIndex={0}
        role="group"
        aria-label={te('stickers.stageLabel')}
        data-testid="preview-stage"
        onKeyDown={onStageKeyDown}
        onPointerDownCapture={(e) => e.currentTarget.focus({ preventScroll: true })}
        onPointerDown={(e) => !(e.target as Element).closest('.ps-preview-item') && selectOnStage(null)}
      >
        <div
          className={`ps-preview-frame${live ? ' dragging' : ''}`}
          data-testid="preview-frame"
          data-orientation={orientation === 1 ? 'landscape' : 'portrait'}
          data-scale={scale.toFixed(4)}
          data-framing={isScale}
          style={{ width: frame.width, height: frame.height, transform: `scale(${scale})` }}
        >
          {background ? (
            <img
              className="ps-preview-background"
              data-testid="preview-background"
              src={resolveServerUrl(background)}
              alt=""
              draggable={false}
            />
          ) : (
            <div
              className="ps-preview-background ps-preview-background--empty"
              data-testid="preview-no-scene"
            >
              <span className="ps-preview-hint" data-testid="preview-hint-scene">
                <Icon name="image outline" />
                {t('preview.noScene')}
              </span>
            </div>
          )}

          {slide && (
            <div
              className={`ps-preview-item ps-preview-slide${live && isSlideTarget(live.target) ? ' active' : ''}${selection?.kind === 'slide' && !framed ? ' selected' : ''}${framed ? ' framed' : ''}`}
              data-testid="preview-slide"
              data-x={slide.x}
              data-y={slide.y}
              data-width={slide.width}
              data-height={slide.height}
              style={place(slide)}
              onPointerDown={framed ? undefined : pick('slide', slideBox(d))}
              {...handlers}
            >
              {video ? (
                <PageVideoContent
                  key={video}
                  src={video}
                  onAspect={(a) => aspects.slide !== a && setAspects((x) => ({ ...x, slide: a }))}
                />
              ) : (
                <SlideContent
                  img={p?.img ?? ''}
                  text={p?.text ?? ''}
                  height={slide.height}
                  onLoad={aspectOf('slide')}
                />
              )}
              {!framed && (
                <span
                  className="ps-preview-resize"
                  data-testid="preview-slide-resize"
                  title={t('preview.resize')}
                  onPointerDown={drag.begin('resize', slideBox(d))}
                />
              )}
              {live && isSlideTarget(live.target) && (
                <span className="ps-preview-readout" style={{ fontSize: 12 / (scale || 1) }}>
                  {live.target === 'resize'
                    ? `${slide.width} × ${slide.height}`
                    : `X ${slide.x} · Y ${slide.y}`}
                </span>
              )}
            </div>
          )}

          {hasCharacter ? (
            person && (
              <PresenterFigure
                uuid={d.character.uuid}
                name={d.character.name}
                staticImg={d.character.staticImg}
                box={person}
                active={live?.target === 'character'}
                selected={selection?.kind === 'character' && !framed}
                framed={!!framed}
                scale={scale}
                onPointerDown={framed ? undefined : pick('character', characterBox(d))}
                handlers={handlers}
                onLoad={aspectOf('character')}
              />
            )
          ) : (
            <div
              className="ps-preview-character-empty"
              data-testid="preview-hint-character"
              style={{ ...place(placeholder), fontSize: 13 / Math.max(scale, 0.5) }}
            >
              <Icon name="user outline" size="huge" />
              <span>{t('preview.noCharacter')}</span>
            </div>
          )}

          <StickerLayer
            textures={p?.textureList ?? []}
            selected={framed ? null : selectedSticker.value}
            heardPosition={heard === null ? null : heard + 1}
            live={liveSticker ? { index: liveSticker.sticker, box: live.box } : null}
            scale={scale}
            locked={!!framed}
            begin={drag.begin}
            handlers={drag.handlers}
            onSelect={selectSticker}
          />
        </div>
      </div>
      <div className="ps-preview-caption">
        <span className="ps-preview-badge" data-testid="preview-orientation">
          {orientation === 1 ? t('preview.landscape') : t('preview.portrait')}
        </span>
        {framed ? (
          <span className="ps-preview-badge ps-preview-framing" data-testid="preview-framing-badge">
            {te('insert.previewBadge', { shot: shotLabel })}
          </span>
        ) : (
          <span data-testid="preview-hint">
            {selection ? te('stickers.keysHint') : t('preview.dragHint')}
          </span>
        )}
      </div>
    </div>
  );
}
