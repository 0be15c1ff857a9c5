import { useLayoutEffect, useRef, useState } from 'react';

/**
 * The CSS scale that fits a frame of `width` x `height` preview units into the container's width.
 * A portrait frame is also kept within the height a landscape frame of that width would take, so
 * switching orientation does not make the page jump. Coordinates stay in preview units.
 */
export function useFitScale(width: number, height: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [available, setAvailable] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setAvailable(el.clientWidth);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const maxHeight = (available * 9) / 16;
  const scale = available > 0 ? Math.min(available / width, maxHeight / height) : 0;
  return { ref, scale };
}
