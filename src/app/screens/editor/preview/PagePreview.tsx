import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from 'semantic-ui-react';
import {
  characterBox,
  clampSlideBox,
  hasVideo,
  dragCharacter,
  isLayoutFraming,
  moveCharacter,
  moveSlide,
  orientationOf,
  PREVIEW_FRAME,
  shotFraming,
  slideBox,
  SHOT_TAGS,
  type Box,
} from '../../../../model/project';
import { resolveServerUrl } from '../../../config';
import { dispatch, doc, page } from '../../../state/editor';
import { previewIsScale } from '../../../state/editorNarration';
import { showMessage } from '../../../state/messages';
import { PageVideoContent } from '../video/PageVideoContent';
import { SlideContent } from './SlideContent';
import { useFitScale } from './useFitScale';
import { usePreviewDrag, type DragTarget } from './usePreviewDrag';
import './preview.css';

/** Placeholder box for a project without a presenter yet. */
const PLACEHOLDER = { width: 150, height: 230 };

/**
 * The current page at its real layout (DOM for now; the PixiJS stage replaces it later): a 960x540
 * or 375x667 frame scaled to the available width, with scene background, slide and presenter. The
 * presenter and the slide are dragged with the pointer, the slide resized at its corner; each
 * drag is committed once on pointer up.
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
      const result =
        target === 'character' ? dispatch(moveCharacter, { X: box.x, Y: box.y }) : dispatch(moveSlide, box);
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
  const slide = framed ? framed.slide : live && live.target !== 'character' ? live.box : slideBox(d);
  const person = framed ? framed.character : live?.target === 'character' ? live.box : characterBox(d);
  const shotLabel = SHOT_TAGS.find((s) => s.isScale === isScale)?.label ?? '';
  const handlers = framed ? {} : drag.handlers;
  const placeholder = {
    x: Math.max(0, Math.min(d.character.X, frame.width - PLACEHOLDER.width)),
    y: Math.max(0, Math.min(d.character.Y, frame.height - PLACEHOLDER.height)),
    ...PLACEHOLDER,
  };
  const place = (b: Box) => ({ left: b.x, top: b.y, width: b.width, height: b.height });

  return (
    <div className="ps-preview" data-testid="page-preview" ref={ref}>
      <div
        className="ps-preview-viewport"
        style={{ width: frame.width * scale, height: frame.height * scale }}
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
              className={`ps-preview-item ps-preview-slide${live && live.target !== 'character' ? ' active' : ''}${framed ? ' framed' : ''}`}
              data-testid="preview-slide"
              data-x={slide.x}
              data-y={slide.y}
              data-width={slide.width}
              data-height={slide.height}
              style={place(slide)}
              onPointerDown={framed ? undefined : drag.begin('slide', slideBox(d))}
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
              {live && live.target !== 'character' && (
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
              <div
                className={`ps-preview-item ps-preview-character${live?.target === 'character' ? ' active' : ''}${framed ? ' framed' : ''}`}
                data-testid="preview-character"
                data-x={person.x}
                data-y={person.y}
                data-width={person.width}
                data-height={person.height}
                style={place(person)}
                onPointerDown={framed ? undefined : drag.begin('character', characterBox(d))}
                {...handlers}
              >
                <img
                  src={resolveServerUrl(d.character.staticImg)}
                  alt={d.character.name}
                  draggable={false}
                  onLoad={aspectOf('character')}
                />
                {live?.target === 'character' && (
                  <span className="ps-preview-readout" style={{ fontSize: 12 / (scale || 1) }}>
                    X {person.x} · Y {person.y}
                  </span>
                )}
              </div>
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
          <span>{t('preview.dragHint')}</span>
        )}
      </div>
    </div>
  );
}
