import { useSignals } from '@preact/signals-react/runtime';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from 'semantic-ui-react';
import {
  characterBox,
  orientationOf,
  PREVIEW_FRAME,
  shotFraming,
  slideBox,
  type Box,
  type ProjectDocument,
} from '../../../model/project';
import type { TimelinePage } from '../../../model/project/projectTimeline';
import { resolveServerUrl } from '../../config';
import { presenterRig } from '../../state/editorTalk';
import { stageIsScale, stageStickers } from '../../state/threePlayback';
import { SlideContent } from '../editor/preview/SlideContent';
import { StickerLayer } from '../editor/preview/StickerLayer';
import { ThreePageVideo } from './ThreePageVideo';
import { ThreePresenter } from './ThreePresenter';
import { ThreeSubtitle } from './ThreeSubtitle';
import { useFitBox } from './useFitBox';
import '../editor/preview/preview.css';
import '../editor/video/pageVideo.css';

const noop = () => undefined;
const NO_HANDLERS = { onPointerMove: noop, onPointerUp: noop, onPointerCancel: noop };
const place = (b: Box) => ({ left: b.x, top: b.y, width: b.width, height: b.height });

/**
 * The /three stage: one page of the project at the time being played, laid out as the render lays
 * it out (scene background, slide image or page video in the slide box, presenter, the framing of
 * the segment being heard from shotFraming, stickers from the start of their segment), in the
 * project's 960x540 or 375x667 preview frame scaled to fit the player. Memoised: the clock ticks
 * 20 times a second, the stage changes only with the page, the framing and the stickers shown.
 */
export const ThreeStage = memo(function ThreeStage({
  doc,
  page,
}: {
  doc: ProjectDocument;
  page: TimelinePage;
}) {
  useSignals();
  const { t } = useTranslation('three');
  const orientation = orientationOf(doc.distinguishability);
  const frame = PREVIEW_FRAME[orientation];
  const { ref, scale } = useFitBox(frame.width, frame.height);
  // Natural slide (image or video) aspect per page: PPT全屏 letterboxes by it, as the render does.
  const [slideAspects, setSlideAspects] = useState<Record<number, number>>({});
  const p = doc.ppt.pages[page.at];
  const isScale = stageIsScale.value;
  const shown = new Set(stageStickers.value.split(',').filter(Boolean).map(Number));
  const rig = presenterRig.value?.id === doc.character.uuid ? presenterRig.value : null;
  const hasCharacter = !!doc.character.staticImg;
  const framing = shotFraming(
    frame,
    {
      slide: slideBox(doc),
      character: hasCharacter ? characterBox(doc) : null,
      characterAspect: rig ? rig.width / rig.height : undefined,
      slideAspect: page.video || p?.img ? slideAspects[page.at] : undefined,
    },
    isScale,
  );
  const setAspect = (a: number) =>
    slideAspects[page.at] !== a && setSlideAspects((x) => ({ ...x, [page.at]: a }));
  const background = doc.scene.path || doc.scene.icon;
  const shot = isScale === 2 || isScale === 3 || isScale === 4 ? t(`shot.${isScale}`) : '';

  return (
    <div className="ps-three-stage-area" ref={ref}>
      <div
        className="ps-three-viewport"
        data-testid="three-stage"
        data-page={page.at + 1}
        data-framing={isScale}
        style={{ width: frame.width * scale, height: frame.height * scale }}
      >
        <div
          className="ps-preview-frame"
          data-orientation={orientation === 1 ? 'landscape' : 'portrait'}
          style={{ width: frame.width, height: frame.height, transform: `scale(${scale})` }}
        >
          {background ? (
            <img
              className="ps-preview-background"
              src={resolveServerUrl(background)}
              alt=""
              draggable={false}
            />
          ) : (
            <div className="ps-preview-background ps-preview-background--empty" />
          )}
          {framing.slide && p && (
            <div
              className="ps-preview-item ps-preview-slide framed"
              data-testid="three-slide"
              data-img={p.img}
              style={place(framing.slide)}
            >
              {page.video ? (
                <ThreePageVideo
                  key={`${page.at}-${page.video.path}`}
                  path={page.video.path}
                  muted={page.video.muted}
                  pageStartMs={page.startMs}
                  onAspect={setAspect}
                />
              ) : (
                <SlideContent
                  img={p.img}
                  text={p.text}
                  height={framing.slide.height}
                  onLoad={(e) => {
                    const { naturalWidth: w, naturalHeight: h } = e.currentTarget;
                    if (w > 0 && h > 0) setAspect(w / h);
                  }}
                />
              )}
            </div>
          )}
          {framing.character && hasCharacter && (
            <ThreePresenter
              uuid={doc.character.uuid}
              name={doc.character.name}
              staticImg={doc.character.staticImg}
              box={framing.character}
            />
          )}
          <StickerLayer
            textures={(p?.textureList ?? []).filter((_, i) => shown.has(i))}
            selected={null}
            heardPosition={null}
            live={null}
            scale={scale}
            locked
            begin={() => noop}
            handlers={NO_HANDLERS}
            onSelect={noop}
          />
          <ThreeSubtitle frame={frame} />
        </div>
        {shot && (
          <span className="ps-three-shot" data-testid="three-shot">
            <Icon name="video camera" />
            {shot}
          </span>
        )}
        {page.silent && (
          <div className="ps-three-silent" data-testid="three-silent">
            <Icon name="volume off" />
            {t('silentStage', { n: page.at + 1 })}
          </div>
        )}
      </div>
    </div>
  );
});
