import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Runs `tick` every `intervalMs` while `enabled`, one round at a time: the next round is scheduled
 * only after the previous one settled, so a slow server never gets overlapping requests.
 */
export function usePolling(enabled: boolean, tick: () => Promise<void>, intervalMs: number): void {
  const latest = useRef(tick);
  latest.current = tick;
  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      timer = setTimeout(() => {
        void latest.current().finally(() => {
          if (!stopped) schedule();
        });
      }, intervalMs);
    };
    schedule();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [enabled, intervalMs]);
}

/**
 * True while the screen at `path` is the one shown. Screens stay mounted (hidden) while their tab is
 * open, so they refresh when they come back and poll only while visible.
 */
export function useViewActive(path: string): boolean {
  return useLocation().pathname === path;
}

/** Calls `onShow` each time the view becomes visible (and on first mount when visible). */
export function useOnShow(active: boolean, onShow: () => void): void {
  const latest = useRef(onShow);
  latest.current = onShow;
  useEffect(() => {
    if (active) latest.current();
  }, [active]);
}
