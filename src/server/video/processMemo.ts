/**
 * A small per-process memo of decoded pictures, most recently used kept: pictures every page of a
 * render shares (the scene, the presenter body, the arms per pose) are decoded and resized once per
 * process instead of once per page (issue 15). Callers key entries by file identity (path, size,
 * mtime: pageCache.ts `identity`), so a replaced file is read again. A failed make is not
 * remembered: the next call tries the file again.
 */
export function processMemo<T>(entries: number): (key: string, make: () => Promise<T>) => Promise<T> {
  const memo = new Map<string, Promise<T>>();
  return (key, make) => {
    const known = memo.get(key);
    if (known) {
      memo.delete(key);
      memo.set(key, known);
      return known;
    }
    const made = make();
    memo.set(key, made);
    made.catch(() => memo.delete(key));
    while (memo.size > entries) memo.delete(memo.keys().next().value!);
    return made;
  };
}
