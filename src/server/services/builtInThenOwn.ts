import type { PageOf } from '../../api/library.contract';

/** The caller's own rows of a library, read a slice at a time. */
export interface OwnRows<T> {
  list(offset: number, limit: number): Promise<T[]>;
  count(): Promise<number>;
}

/**
 * One page over a library listed as its built-in items followed by the caller's own: the page
 * takes what it can from the built-in list and fills the rest from the own rows, which are asked
 * only for the part past the built-in ones.
 */
export async function pageBuiltInThenOwn<T>(
  builtIn: readonly T[],
  own: OwnRows<T>,
  req: { pageIndex: number; pageSize: number },
): Promise<PageOf<T>> {
  const start = (req.pageIndex - 1) * req.pageSize;
  const fromBuiltIn = builtIn.slice(start, start + req.pageSize);
  const [fromOwn, ownCount] = await Promise.all([
    own.list(Math.max(0, start - builtIn.length), req.pageSize - fromBuiltIn.length),
    own.count(),
  ]);
  return {
    list: [...fromBuiltIn, ...fromOwn],
    count: builtIn.length + ownCount,
    pageIndex: req.pageIndex,
    pageSize: req.pageSize,
  };
}
