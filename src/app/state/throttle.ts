/** Runs fn at most once per intervalMs; calls inside the interval are dropped (leading edge). */
export function throttle<A extends unknown[]>(
  fn: (...args: A) => void,
  intervalMs: number,
  now = () => Date.now(),
) {
  let last = -Infinity;
  return (...args: A): boolean => {
    const t = now();
    if (t - last < intervalMs) return false;
    last = t;
    fn(...args);
    return true;
  };
}
