import { useCallback, useMemo, useRef } from 'react';
import type { Graphics, Text } from 'pixi.js';
import type { CharacterItem } from '../../api/library.contract';
import { SCALE_BODY_FULL, type Box } from '../../model/project';
import { subtitleStyle } from '../../model/speech';
import type { StageItemKind, StageScene } from '../stageScene';
import { BackgroundView } from './views/BackgroundView';
import { PresenterView, type PresenterTalk } from './views/PresenterView';
import { SelectionView } from './views/SelectionView';
import { CardView, SlideImageView, VideoView } from './views/SlideView';
import { GifView, StickerView } from './views/StickerView';
import type { VideoPlayback } from './videoTexture';

/** The words the stage draws or says (the app translates them). */
export interface StageLabels {
  stage: string;
  /** Shown on a page without a PDF picture and without narration. */
  blankPage: string;
  /** Under a blank page's card: it is an editing place-holder, not in the video. */
  cardHint: string;
  /** Shown where the presenter will stand before one is chosen. */
  noPresenter: string;
  /** Names of the item kinds, for screen readers. */
  items: Record<StageItemKind, string>;
}

interface Props {
  scene: StageScene;
  presenter: CharacterItem | null;
  talk: PresenterTalk | null;
  video: VideoPlayback;
  subtitle: string;
  labels: StageLabels;
  selectedId: string | null;
  scale: number;
  onSlideAspect?(aspect: number): void;
}

const ignore = () => undefined;

/** Every item of the scene in drawing order, the presenter's place-holder, the selection and the subtitle. */
export function StageItems(p: Props) {
  const onAspect = p.onSlideAspect ?? ignore;
  const selected = p.selectedId ? p.scene.items.find((i) => i.id === p.selectedId && i.movable) : undefined;
  return (
    <>
      {p.scene.items.map((item) => {
        switch (item.kind) {
          case 'background':
            return <BackgroundView key={item.id} item={item} />;
          case 'slide':
            return <SlideImageView key={`${item.id}:${item.src}`} item={item} onAspect={onAspect} />;
          case 'card':
            return (
              <CardView key={item.id} item={item} emptyLabel={p.labels.blankPage} hint={p.labels.cardHint} />
            );
          case 'video':
            return (
              <VideoView key={`${item.id}:${item.src}`} item={item} playback={p.video} onAspect={onAspect} />
            );
          case 'presenter':
            return (
              <PresenterView
                key={item.id}
                item={item}
                art={p.presenter}
                face={p.scene.face}
                talk={p.talk}
                whole={p.scene.isScale === SCALE_BODY_FULL}
                pointSide={p.scene.pointTo}
              />
            );
          case 'gif':
            return <GifView key={`${item.id}:${item.src}`} item={item} />;
          default:
            return <StickerView key={`${item.id}:${item.src}`} item={item} />;
        }
      })}
      {!p.scene.hasPresenter && p.scene.isScale === 1 && p.scene.editingAids && (
        <PresenterPlaceholder label={p.labels.noPresenter} />
      )}
      <pixiContainer label={EDITING_AID}>
        {selected && <SelectionView item={selected} scale={p.scale} />}
      </pixiContainer>
      {p.subtitle && <SubtitleView text={p.subtitle} frame={p.scene.frame} />}
    </>
  );
}

/** The label of containers drawn only while editing (the selection, the place-holder). */
export const EDITING_AID = 'editing-aid';

const PLACEHOLDER: Box = { x: 45, y: 150, width: 150, height: 230 };
const PLACEHOLDER_STYLE = {
  fontSize: 14,
  fill: 0x475569,
  fontFamily: 'Noto Sans CJK SC, Noto Sans SC, sans-serif',
};

/** A dashed outline where the presenter will stand, with the hint to choose one. */
function PresenterPlaceholder({ label }: { label: string }) {
  const g = useRef<Graphics>(null);
  const t = useRef<Text>(null);
  const draw = useCallback((gr: Graphics) => {
    const b = PLACEHOLDER;
    gr.clear()
      .roundRect(b.x, b.y, b.width, b.height, 8)
      .fill({ color: 0xffffff, alpha: 0.55 })
      .stroke({ color: 0x64748b, width: 1.5, alpha: 0.8 });
  }, []);
  // Labelled: 导出当前画面 hides it, as the video has no place-holder (exportPng.ts).
  return (
    <pixiContainer label={EDITING_AID}>
      <pixiGraphics ref={g} draw={draw} />
      <pixiText
        ref={t}
        text={label}
        anchor={0.5}
        x={PLACEHOLDER.x + PLACEHOLDER.width / 2}
        y={PLACEHOLDER.y + PLACEHOLDER.height / 2}
        style={PLACEHOLDER_STYLE}
      />
    </pixiContainer>
  );
}

/** One subtitle line at the render's place and style (src/model/speech subtitleStyle). */
function SubtitleView({ text, frame }: { text: string; frame: { width: number; height: number } }) {
  const look = useMemo(() => subtitleStyle(frame, ''), [frame]);
  const style = useMemo(
    () => ({
      fontSize: look.fontSize,
      fill: 0xffffff,
      fontFamily: 'Noto Sans SC, Noto Sans CJK SC, sans-serif',
      stroke: { color: 0x000000, width: look.outline * 2 },
      dropShadow: { color: 0x000000, alpha: 0.6, distance: look.shadow, angle: Math.PI / 4, blur: 0 },
      align: 'center' as const,
      wordWrap: true,
      breakWords: true,
      wordWrapWidth: frame.width - 2 * look.marginX,
    }),
    [look, frame.width],
  );
  return (
    <pixiText
      text={text}
      anchor={{ x: 0.5, y: 1 }}
      x={frame.width / 2}
      y={frame.height - look.marginBottom}
      style={style}
    />
  );
}
