import { signal, type Signal } from '@preact/signals-react';
import { createContext, useContext, useEffect, useLayoutEffect } from 'react';
import type { Box } from '../../model/project';
import type { TorsoPose } from '../../model/motion';
import type { StageItem } from '../stageScene';
import { DrawLoop } from './drawLoop';

/*
 * What every view of one stage shares: the draw loop, the URL resolver, the box of the item being
 * dragged (a signal the dragged view follows, so a pointer move never re-renders React), and each
 * item's layout function, by which the exporter redraws the page in export units.
 */

/** Lays an item out at a box (preview units on screen, export units while exporting). */
export type Layout = (box: Box) => void;

export interface StageRuntime {
  loop: DrawLoop;
  resolveUrl(path: string): string;
  /** The item being dragged and its box now. */
  live: Signal<{ id: string; box: Box } | null>;
  layouts: Map<string, Layout>;
  /** Preview unit -> export pixel factor (2 or 2.47). */
  exportScale: number;
  /** The user asked for less motion: nothing moves by itself. */
  reducedMotion: boolean;
  /** The presenter's face as last drawn (tests and the bench read it). */
  face: {
    shape: string;
    eyesClosed: boolean;
    eyes?: 'open' | 'closed' | 'lifted';
    /** The torso picture shown (a gesture's pose, or rest). */
    torso?: TorsoPose;
  };
}

/** A runtime for one stage. */
export function createRuntime(
  draw: () => void,
  resolveUrl: (p: string) => string,
  exportScale: number,
): StageRuntime {
  const reducedMotion =
    typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
  return {
    loop: new DrawLoop(draw),
    resolveUrl,
    live: signal(null),
    layouts: new Map(),
    exportScale,
    reducedMotion,
    face: { shape: 'X', eyesClosed: false },
  };
}

export const StageContext = createContext<StageRuntime | null>(null);

/** The runtime of the stage this view is in. */
export function useRuntime(): StageRuntime {
  const rt = useContext(StageContext);
  if (!rt) throw new Error('A stage view must be inside <Stage>.');
  return rt;
}

/**
 * Keeps a view at its item's box: after every render, while the item is dragged (following the
 * live box), and when the exporter asks. `apply` must be stable for a given `ready` state.
 */
export function useItemLayout(item: StageItem, apply: Layout, ready: unknown): void {
  const rt = useRuntime();
  const { x, y, width, height } = item.box;
  useLayoutEffect(() => {
    apply({ x, y, width, height });
    rt.loop.invalidate();
  }, [rt, apply, x, y, width, height, ready]);
  useLayoutEffect(() => {
    rt.layouts.set(item.id, apply);
    return () => {
      if (rt.layouts.get(item.id) === apply) rt.layouts.delete(item.id);
    };
  }, [rt, item.id, apply]);
  useEffect(() => {
    // Only the dragged item follows the pointer; it goes back to its box when the drag ends.
    let following = false;
    return rt.live.subscribe((live) => {
      if (live?.id === item.id) {
        following = true;
        apply(live.box);
      } else if (following) {
        following = false;
        apply({ x, y, width, height });
      }
    });
  }, [rt, item.id, apply, x, y, width, height]);
}

/** The `draw` of a <pixiGraphics> whose drawing its view's layout does. */
export const noDraw = (): void => undefined;
