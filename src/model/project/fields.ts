import { z } from 'zod';

/*
 * Lenient field builders. Documents arrive from browsers, older releases and the original product,
 * so a wrong or missing value must fall back to its default instead of failing the whole document:
 * a project that cannot be opened is worse than one field reset to its default.
 */

const isNumericString = (v: unknown): v is string =>
  typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v));

const toNumber = (v: unknown) => (isNumericString(v) ? Number(v) : v);

/** A finite number; numeric strings ("12.5") are coerced, anything else becomes `fallback`. */
export function num(fallback: number) {
  return z.preprocess(toNumber, z.number().finite()).catch(fallback);
}

/** One of the listed numeric codes (e.g. 1 | 2); "2" is coerced, anything else becomes `fallback`. */
export function code<const C extends number>(codes: readonly C[], fallback: NoInfer<C>) {
  return z
    .preprocess(
      toNumber,
      z.number().refine((n) => (codes as readonly number[]).includes(n)),
    )
    .transform((n) => n as C)
    .catch(fallback as Awaited<C>); // C is a number literal, so Awaited<C> is C itself
}

/** A string; numbers are turned into their decimal text (ids often arrive as numbers). */
export function str(fallback = '') {
  return z
    .preprocess((v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v), z.string())
    .catch(fallback);
}

/** An array of objects; entries that are not objects are dropped, a non-array becomes []. */
export function list<T extends z.ZodType>(item: T) {
  return z
    .preprocess(
      (v) =>
        Array.isArray(v) ? v.filter((e) => typeof e === 'object' && e !== null && !Array.isArray(e)) : [],
      z.array(item),
    )
    .catch([]);
}

/** A nested object; a missing or non-object value is parsed as {} so every field gets its default. */
export function nested<T extends z.ZodObject>(shape: T) {
  return z.preprocess((v) => (typeof v === 'object' && v !== null && !Array.isArray(v) ? v : {}), shape);
}
