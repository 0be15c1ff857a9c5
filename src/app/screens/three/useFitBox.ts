import { useLayoutEffect, useRef, useState } from 'react';

/**
 * The CSS scale that fits a `width` x `height` frame (preview units) inside the container's
 * width and height, so a landscape and a portrait project both fill the player area.
 */
export function useFitBox(width: number, height: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [box, setBox] = useState({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setBox({ width: el.clientWidth, height: el.clientHeight });
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const scale = box.width > 0 && box.height > 0 ? Math.min(box.width / width, box.height / height) : 0;
  return { ref, scale };
}
