import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import type { Box, Corner } from '../../../../model/project';

/** A sticker of the page (by its index in textureList), moved whole or resized at a corner. */
export interface StickerTarget {
  sticker: number;
  corner?: Corner;
}

/**
 * What a drag moves: the character, the slide, the slide's bottom-right resize handle, or a
 * sticker.
 */
export type DragTarget = 'character' | 'slide' | 'resize' | StickerTarget;

/** True for the slide or its resize handle. */
export function isSlideTarget(target: DragTarget | undefined): target is 'slide' | 'resize' {
  return target === 'slide' || target === 'resize';
}

/** The sticker a drag target moves, or null. */
export function stickerOf(target: DragTarget | undefined): StickerTarget | null {
  return typeof target === 'object' ? target : null;
}

interface DragSession {
  target: DragTarget;
  pointerId: number;
  startX: number;
  startY: number;
  start: Box;
  box: Box;
}

/**
 * One drag on the preview, tldraw style: snapshot the box on pointer down, compute each next box
 * with `step` (which applies the bounds), show it from local state, and hand the final box to
 * `commit` once on pointer up (one undo step). Escape or pointercancel rolls back.
 */
export function usePreviewDrag(options: {
  scale: number;
  step(target: DragTarget, start: Box, prev: Box, dx: number, dy: number, free: boolean): Box;
  commit(target: DragTarget, box: Box): void;
}) {
  const session = useRef<DragSession | null>(null);
  const [live, setLive] = useState<{ target: DragTarget; box: Box } | null>(null);
  const opts = useRef(options);
  opts.current = options;

  const cancel = useCallback(() => {
    session.current = null;
    setLive(null);
  }, []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && session.current && cancel();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [cancel]);

  /** Pointer-down handler for one target starting from `box`. */
  const begin = useCallback((target: DragTarget, box: Box) => {
    return (e: ReactPointerEvent<HTMLElement>) => {
      if (e.button !== 0 || session.current) return;
      e.preventDefault();
      e.stopPropagation();
      e.currentTarget.setPointerCapture?.(e.pointerId);
      session.current = {
        target,
        pointerId: e.pointerId,
        startX: e.clientX,
        startY: e.clientY,
        start: box,
        box,
      };
      setLive({ target, box });
    };
  }, []);

  const move = useCallback((e: ReactPointerEvent<HTMLElement>) => {
    const s = session.current;
    if (!s || s.pointerId !== e.pointerId) return;
    const scale = opts.current.scale || 1;
    const dx = (e.clientX - s.startX) / scale;
    const dy = (e.clientY - s.startY) / scale;
    const next = opts.current.step(s.target, s.start, s.box, dx, dy, e.shiftKey);
    if (next === s.box) return;
    s.box = next;
    setLive({ target: s.target, box: next });
  }, []);

  const end = useCallback((e: ReactPointerEvent<HTMLElement>) => {
    const s = session.current;
    if (!s || s.pointerId !== e.pointerId) return;
    session.current = null;
    setLive(null);
    if (e.type === 'pointerup' && s.box !== s.start) opts.current.commit(s.target, s.box);
  }, []);

  /** Props for every draggable element: move, end and cancel go to whichever captured the pointer. */
  const handlers = useMemo(
    () => ({ onPointerMove: move, onPointerUp: end, onPointerCancel: end }),
    [move, end],
  );
  return { live, begin, handlers };
}
