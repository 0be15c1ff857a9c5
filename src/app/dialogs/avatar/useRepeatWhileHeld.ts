import { useEffect, useRef } from 'react';
import { REPEAT_MS } from './avatarRules';

/**
 * Button props that run `action` once on press and then every 60 ms while the button is held
 * (spec section 9); keyboard activation runs it once per press.
 */
export function useRepeatWhileHeld(action: () => void, intervalMs: number = REPEAT_MS) {
  const latest = useRef(action);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  useEffect(() => {
    latest.current = action;
  });
  const stop = () => {
    if (timer.current !== null) clearInterval(timer.current);
    timer.current = null;
  };
  useEffect(() => stop, []);
  return {
    onPointerDown: (e: React.PointerEvent) => {
      if (e.button !== 0) return;
      stop();
      latest.current();
      timer.current = setInterval(() => latest.current(), intervalMs);
    },
    onPointerUp: stop,
    onPointerLeave: stop,
    onPointerCancel: stop,
    onClick: (e: React.MouseEvent) => {
      // Pointer presses are handled above; detail 0 means Enter or Space.
      if (e.detail === 0) latest.current();
    },
  };
}
