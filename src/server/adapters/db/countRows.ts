import type { SelectQueryBuilder } from 'kysely';

/**
 * How many rows a query (a selectFrom with its where clauses, nothing selected yet) matches. Every
 * list that pages counts its total this way, from the same query it reads the page from.
 */
export async function countRows<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
): Promise<number> {
  const row = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  // Kysely cannot see 'n' through the generic query's row type; the select above is what adds it.
  return Number((row as unknown as { n: number | string | bigint }).n);
}
