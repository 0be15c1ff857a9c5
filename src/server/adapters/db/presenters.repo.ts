import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Database, PresentersTable } from './schema';

export type PresenterRow = Selectable<PresentersTable>;

/** Users' own presenters, every query scoped to the owner; newest first. */
export class PresentersRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: Omit<PresenterRow, 'id'>): Promise<PresenterRow> {
    const inserted = await this.db
      .insertInto('presenters')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow();
    return { ...row, id: Number(inserted.id) };
  }

  /** How many of the owner's presenters have `status` (any status when null). */
  async count(ownerId: number, status: number | null): Promise<number> {
    let query = this.db.selectFrom('presenters').where('owner_id', '=', ownerId);
    if (status !== null) query = query.where('status', '=', status);
    const row = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** One page of the owner's presenters with `status` (any status when null), newest first. */
  list(ownerId: number, status: number | null, offset: number, limit: number): Promise<PresenterRow[]> {
    let query = this.db.selectFrom('presenters').selectAll().where('owner_id', '=', ownerId);
    if (status !== null) query = query.where('status', '=', status);
    return query.orderBy('id', 'desc').offset(offset).limit(limit).execute();
  }

  find(ownerId: number, id: number): Promise<PresenterRow | undefined> {
    return this.db
      .selectFrom('presenters')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Records the outcome of background processing; false when the row is gone (deleted meanwhile). */
  async update(
    ownerId: number,
    id: number,
    patch: Pick<Updateable<PresentersTable>, 'status' | 'message' | 'duration_ms' | 'width' | 'height'>,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('presenters')
      .set(patch)
      .where('owner_id', '=', ownerId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** True when the row existed (and belonged to the owner). */
  async delete(ownerId: number, id: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('presenters')
      .where('owner_id', '=', ownerId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
