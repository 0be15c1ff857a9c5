import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, type PointerEvent as ReactPointerEvent } from 'react';
import type { Box } from '../../../../model/project';
import { resolveServerUrl } from '../../../config';
import { playbackMs, playing } from '../../../state/editorNarration';
import { loadMouthTimeline, loadPresenterRig, presenterItem, presenterRig } from '../../../state/editorTalk';
import { KeyedVideo } from '../../digitalPeople/KeyedVideo';
import { animateRig, preloadMouths } from '../../presenter/rigAnimation';
import { RigSprites } from '../../presenter/RigSprites';

interface Props {
  uuid: string;
  name: string;
  staticImg: string;
  box: Box;
  active: boolean;
  selected: boolean;
  framed: boolean;
  scale: number;
  onPointerDown?: (e: ReactPointerEvent<HTMLElement>) => void;
  handlers: object;
  onLoad(e: { currentTarget: HTMLImageElement }): void;
}

/**
 * The presenter on the preview: its static image, and while 试听 plays, its sprite rig lip-syncing
 * to the audio (the timings beside it) with blinks, as the render will show it; at rest (mouth X)
 * otherwise. The animation writes to the sprite elements, never to React state.
 */
export function PresenterFigure(p: Props) {
  useSignals();
  const mouth = useRef<HTMLImageElement>(null);
  const blink = useRef<HTMLImageElement>(null);
  const rig = presenterRig.value?.id === p.uuid ? presenterRig.value : null;
  const now = playing.value;

  useEffect(() => {
    void loadPresenterRig(p.uuid);
  }, [p.uuid]);

  useEffect(() => {
    if (!rig || !now) return;
    let live = true;
    let stop: (() => void) | null = null;
    void Promise.all([loadMouthTimeline(now.timingsPath), preloadMouths(rig.rig)]).then(([timeline]) => {
      if (!live || !mouth.current || !blink.current) return;
      stop = animateRig(rig.rig, timeline, playbackMs, { mouth: mouth.current, blink: blink.current });
    });
    return () => {
      live = false;
      stop?.();
    };
  }, [rig, now]);

  const talking = !!rig && !!now;
  // Own presenters that move by themselves, as the render draws them: a single picture breathes,
  // a talking video plays (keyed) while the narration is heard and shows its poster otherwise.
  const item = presenterItem.value?.id === p.uuid ? presenterItem.value : null;
  const breathing = item?.kind === 3;
  const talkingVideo = item?.kind === 2 && item.video && now ? item.video : '';
  return (
    <div
      className={`ps-preview-item ps-preview-character${p.active ? ' active' : ''}${p.selected ? ' selected' : ''}${p.framed ? ' framed' : ''}`}
      data-testid="preview-character"
      data-x={p.box.x}
      data-y={p.box.y}
      data-width={p.box.width}
      data-height={p.box.height}
      data-talking={talking}
      style={{ left: p.box.x, top: p.box.y, width: p.box.width, height: p.box.height }}
      onPointerDown={p.onPointerDown}
      {...p.handlers}
    >
      <img
        src={resolveServerUrl(p.staticImg)}
        alt={p.name}
        draggable={false}
        onLoad={p.onLoad}
        className={breathing ? 'ps-breathing' : undefined}
        data-testid={breathing ? 'preview-breathing' : undefined}
        style={talkingVideo ? { visibility: 'hidden' } : undefined}
      />
      {talkingVideo && (
        <KeyedVideo
          src={resolveServerUrl(talkingVideo)}
          keying={item?.keying ?? null}
          className="ps-preview-talking-video"
          testId="preview-talking-video"
        />
      )}
      {rig && (
        <RigSprites
          rig={rig.rig}
          width={rig.width}
          height={rig.height}
          visible={talking}
          mouthRef={mouth}
          blinkRef={blink}
          testId="preview-rig"
          mouthTestId="preview-mouth"
        />
      )}
      {p.active && (
        <span className="ps-preview-readout" style={{ fontSize: 12 / (p.scale || 1) }}>
          X {p.box.x} · Y {p.box.y}
        </span>
      )}
    </div>
  );
}
