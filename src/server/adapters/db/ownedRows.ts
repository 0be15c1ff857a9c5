import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Database } from './schema';

/** The tables whose rows have a numeric id and belong to one owner. */
export type OwnedTable = {
  [K in keyof Database]: Database[K] extends { owner_id: number; id: unknown } ? K : never;
}[keyof Database];

// Kysely cannot narrow a query on a table name that is itself generic, so the three queries below
// run against this one-table view of the database; the callers' types stay those of their table.
type OwnedView = Kysely<{ owned: { id: number; owner_id: number } }>;

function view(db: Kysely<Database>): OwnedView {
  return db as unknown as OwnedView;
}

/** One of the owner's rows by id; undefined when it is missing or belongs to someone else. */
export function findOwned<T extends OwnedTable>(
  db: Kysely<Database>,
  table: T,
  ownerId: number,
  id: number,
): Promise<Selectable<Database[T]> | undefined> {
  return view(db)
    .selectFrom(table as unknown as 'owned')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('id', '=', id)
    .executeTakeFirst() as Promise<Selectable<Database[T]> | undefined>;
}

/** Changes one of the owner's rows; false when it is gone (deleted meanwhile) or not theirs. */
export async function updateOwned<T extends OwnedTable>(
  db: Kysely<Database>,
  table: T,
  ownerId: number,
  id: number,
  change: Updateable<Database[T]>,
): Promise<boolean> {
  const result = await view(db)
    .updateTable(table as unknown as 'owned')
    .set(change as Updateable<{ id: number; owner_id: number }>)
    .where('owner_id', '=', ownerId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes one of the owner's rows; true when the row existed (and belonged to the owner). */
export async function deleteOwned(
  db: Kysely<Database>,
  table: OwnedTable,
  ownerId: number,
  id: number,
): Promise<boolean> {
  const result = await view(db)
    .deleteFrom(table as unknown as 'owned')
    .where('owner_id', '=', ownerId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
