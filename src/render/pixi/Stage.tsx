import './extend';
import { Application } from '@pixi/react';
import type { Application as PixiApp, Container } from 'pixi.js';
import {
  memo,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type KeyboardEvent,
} from 'react';
import type { CharacterItem } from '../../api/library.contract';
import type { Box } from '../../model/project';
import { fitScale } from '../fitBox';
import { StageGesture } from '../gesture';
import { hitTest, type StageTarget } from '../hitTest';
import type { StageScene } from '../stageScene';
import { chooseRenderer, type StageRenderer } from './rendererChoice';
import { createRuntime, StageContext, type StageRuntime } from './stageRuntime';
import { pendingLoads, textureStats } from './textureStore';
import { StageItems, type StageLabels } from './StageItems';
import type { PresenterTalk } from './views/PresenterView';
import { HANDLE_PX } from './views/SelectionView';
import type { VideoPlayback } from './videoTexture';
import { exportPng } from './exportPng';
import { cursorFor, ItemList } from './StageItemList';
import { LatestProps } from './latestProps';
import './stage.css';

/** What an editing stage tells its owner. */
export interface StageEditing {
  selectedId: string | null;
  /** A press picked an item (null: the empty stage). */
  onSelect(target: StageTarget | null): void;
  /** A gesture ended with the item at `box` (preview units): one command, one undo step. */
  onCommit(target: StageTarget, box: Box): void;
  /** Keys pressed while the stage has focus and no gesture runs. */
  onKeyDown?(e: KeyboardEvent<HTMLDivElement>): void;
}

/** What the stage offers its owner once drawn. */
export interface StageApi {
  renderer: StageRenderer;
  /** The page drawn at the export size (1920x1080 or 928x1648) in export units, as PNG. */
  exportPng(): Promise<Blob>;
  /** Frames drawn so far (idle stages draw none). */
  framesDrawn(): number;
  /** Pictures and GIFs still loading. */
  loading(): number;
  /** Textures held by every stage, and their pixel bytes. */
  textures(): ReturnType<typeof textureStats>;
  /** The presenter's mouth shape and eyes as last drawn. */
  face(): { shape: string; eyesClosed: boolean; eyes?: 'open' | 'closed' | 'lifted' };
}

export interface StageProps {
  scene: StageScene;
  resolveUrl(path: string): string;
  /** The presenter as listed (rig, kind, video), null while unknown. */
  presenter: CharacterItem | null;
  talk?: PresenterTalk | null;
  video?: VideoPlayback;
  /** A subtitle line drawn at the render's place and style ('' for none). */
  subtitle?: string;
  labels: StageLabels;
  editing?: StageEditing;
  /** Natural aspect of the slide picture or video, once known (shot framings need it). */
  onSlideAspect?(aspect: number): void;
  onReady?(api: StageApi | null): void;
  testId?: string;
  /** Largest scale (CSS px per preview unit); the frame otherwise fits the space it is given. */
  maxScale?: number;
}

const EDITOR_VIDEO: VideoPlayback = {
  playing: true,
  atMs: 0,
  seekKey: 0,
  muted: true,
  loop: true,
  volume: 0,
};

/**
 * The PixiJS stage of the editor, 全片预览, the presenter gallery and the own-presenter preview:
 * one page of a project drawn from a StageScene, fitted into the space it is given. Presses are
 * hit-tested on the scene model (src/render/hitTest), gestures follow the pointer through a signal
 * without re-rendering React, and frames are drawn only when something changed.
 */
export function Stage(props: StageProps) {
  const { scene, editing, maxScale = Infinity } = props;
  const wrap = useRef<HTMLDivElement>(null);
  const holder = useRef<HTMLDivElement>(null);
  const [available, setAvailable] = useState({ width: 0, height: 0 });
  const scale = Math.min(maxScale, fitScale(scene.frame, available));
  const [renderer] = useState(chooseRenderer);
  const app = useRef<PixiApp | null>(null);
  const root = useRef<Container>(null);
  const [rt] = useState<StageRuntime>(() =>
    createRuntime(
      () => app.current?.renderer && app.current.render(),
      props.resolveUrl,
      scene.exportFrame.width / scene.frame.width,
    ),
  );
  rt.exportScale = scene.exportFrame.width / scene.frame.width;
  const sceneRef = useRef(scene);
  sceneRef.current = scene;
  const scaleRef = useRef(scale);
  scaleRef.current = scale;
  const gesture = useRef<StageGesture | null>(null);
  const [ready, setReady] = useState(false);

  useLayoutEffect(() => {
    const el = wrap.current;
    if (!el) return;
    const measure = () => setAvailable({ width: el.clientWidth, height: el.clientHeight });
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  useEffect(() => () => rt.loop.stop(), [rt]);

  // The Pixi tree reads its props from here (latestProps.ts says why).
  const [content] = useState(() => new LatestProps<StageContentProps>({ ...props, scale }));
  content.set({ ...props, scale });
  useLayoutEffect(() => content.notify());

  const width = Math.max(1, Math.round(scene.frame.width * scale));
  const height = Math.max(1, Math.round(scene.frame.height * scale));
  useEffect(() => {
    const a = app.current;
    if (!ready || !a?.renderer) return;
    a.renderer.resize(width, height);
    root.current?.scale.set(scale);
    rt.loop.invalidate();
  }, [ready, width, height, scale, rt]);

  const onInit = useCallback((a: PixiApp) => {
    app.current = a;
    a.ticker?.stop();
    setReady(true);
  }, []);

  const { onReady } = props;
  useEffect(() => {
    if (!ready) return;
    const api: StageApi = {
      renderer,
      framesDrawn: () => rt.loop.framesDrawn,
      loading: pendingLoads,
      textures: textureStats,
      face: () => rt.face,
      exportPng: () => exportPng(app.current!, root.current!, sceneRef.current, rt, scaleRef.current),
    };
    if (holder.current) (holder.current as StageElement).stageApi = api;
    onReady?.(api);
    return () => onReady?.(null);
  }, [ready, renderer, rt, onReady]);

  // Pointer: hit test on the scene model, then one gesture until the button is released.
  const toUnits = (e: React.PointerEvent) => {
    const r = holder.current!.getBoundingClientRect();
    const k = scaleRef.current || 1;
    return { x: (e.clientX - r.left) / k, y: (e.clientY - r.top) / k };
  };
  const hit = (e: React.PointerEvent) =>
    hitTest(sceneRef.current, toUnits(e), editing?.selectedId ?? null, HANDLE_PX / (scaleRef.current || 1));
  const onPointerDown = (e: React.PointerEvent<HTMLDivElement>) => {
    if (!editing || e.button !== 0 || gesture.current) return;
    holder.current?.focus({ preventScroll: true });
    const target = hit(e);
    editing.onSelect(target);
    if (!target) return;
    const item = sceneRef.current.items.find((i) => i.id === target.id)!;
    e.preventDefault();
    e.currentTarget.setPointerCapture?.(e.pointerId);
    gesture.current = new StageGesture(target, item.box, toUnits(e), sceneRef.current.orientation);
  };
  const onPointerMove = (e: React.PointerEvent<HTMLDivElement>) => {
    const g = gesture.current;
    if (!g) {
      if (editing) e.currentTarget.style.cursor = cursorFor(hit(e));
      return;
    }
    if (g.move(toUnits(e), e.shiftKey)) rt.live.value = { id: g.target.id, box: g.box };
  };
  const onPointerUp = (e: React.PointerEvent<HTMLDivElement>) => {
    const g = gesture.current;
    if (!g) return;
    gesture.current = null;
    rt.live.value = null;
    if (e.type === 'pointerup' && g.changed) editing?.onCommit(g.target, g.box);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (gesture.current) {
      // Escape puts the item back where the gesture found it.
      if (e.key === 'Escape') {
        gesture.current = null;
        rt.live.value = null;
      }
      return;
    }
    editing?.onKeyDown?.(e);
  };

  return (
    <div className="ps-stage" ref={wrap} data-testid={props.testId}>
      <div
        ref={holder}
        className="ps-stage-canvas"
        style={{ width, height }}
        tabIndex={editing ? 0 : -1}
        role={editing ? 'application' : 'img'}
        aria-label={props.labels.stage}
        data-renderer={renderer}
        data-scale={scale.toFixed(4)}
        data-orientation={scene.orientation === 1 ? 'landscape' : 'portrait'}
        data-framing={scene.isScale}
        data-ready={ready}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onKeyDown={onKeyDown}
      >
        {scale > 0 && renderer !== 'none' && (
          <Application
            width={width}
            height={height}
            // @pixi/react 8.0.5's types reject 'canvas', which Pixi 8 accepts at run time.
            preference={renderer as 'webgl'}
            autoStart={false}
            sharedTicker={false}
            backgroundAlpha={0}
            antialias={renderer === 'webgl'}
            resolution={typeof devicePixelRatio === 'number' ? devicePixelRatio : 1}
            autoDensity
            onInit={onInit}
          >
            <StageContext.Provider value={rt}>
              <pixiContainer ref={root} scale={scale}>
                <LatestStageContent props={content} />
              </pixiContainer>
            </StageContext.Provider>
          </Application>
        )}
      </div>
      <ItemList items={scene.items} labels={props.labels} selectedId={editing?.selectedId ?? null} />
      {props.subtitle && (
        <p className="ps-stage-items" aria-live="polite" data-testid="stage-subtitle">
          {props.subtitle}
        </p>
      )}
    </div>
  );
}

type StageContentProps = StageProps & { scale: number };

/** The Pixi tree with the stage's latest props, whichever render of @pixi/react applies it. */
function LatestStageContent({ props }: { props: LatestProps<StageContentProps> }) {
  const latest = useSyncExternalStore(props.subscribe, props.get);
  return <StageContent {...latest} />;
}

/** The Pixi tree; re-rendered only when the scene, the selection or the scale change. */
const StageContent = memo(function StageContent(p: StageContentProps) {
  return (
    <StageItems
      scene={p.scene}
      presenter={p.presenter}
      talk={p.talk ?? null}
      video={p.video ?? EDITOR_VIDEO}
      subtitle={p.subtitle ?? ''}
      labels={p.labels}
      selectedId={p.editing?.selectedId ?? null}
      scale={p.scale}
      onSlideAspect={p.onSlideAspect}
    />
  );
});

/** The stage element carries its API, so the bench and browser tests can reach it. */
export type StageElement = HTMLDivElement & { stageApi?: StageApi };
