import { useCallback, useEffect, useRef, type UIEvent } from 'react';

/** How close to the bottom (px) the list must be scrolled before more is loaded. */
const NEAR_BOTTOM_PX = 80;

/**
 * Infinite scroll for one scroll container: calls `loadMore` when the user scrolls near the
 * bottom, and again after each load while the content does not fill the container yet (a tall
 * panel with 10 items would otherwise never scroll). Returns the ref and the onScroll handler.
 */
export function useInfiniteScroll(loadMore: () => void, canLoad: boolean, itemCount: number) {
  const ref = useRef<HTMLDivElement>(null);
  const check = useCallback(
    (el: HTMLElement | null) => {
      if (!el || !canLoad) return;
      if (el.scrollTop + el.clientHeight >= el.scrollHeight - NEAR_BOTTOM_PX) loadMore();
    },
    [canLoad, loadMore],
  );
  useEffect(() => {
    // Only when something was loaded already: the first page is loaded by the panel itself.
    if (itemCount > 0) check(ref.current);
  }, [check, itemCount]);
  const onScroll = useCallback((e: UIEvent<HTMLElement>) => check(e.currentTarget), [check]);
  return { ref, onScroll };
}
