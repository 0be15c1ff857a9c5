import { countRows } from './countRows';
import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Database, PresentersTable } from './schema';
import { deleteOwned, findOwned, updateOwned } from './ownedRows';

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
    return countRows(this.matching(ownerId, status));
  }

  /** One page of the owner's presenters with `status` (any status when null), newest first. */
  list(ownerId: number, status: number | null, offset: number, limit: number): Promise<PresenterRow[]> {
    return this.matching(ownerId, status)
      .selectAll()
      .orderBy('id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
  }

  private matching(ownerId: number, status: number | null) {
    const query = this.db.selectFrom('presenters').where('owner_id', '=', ownerId);
    return status === null ? query : query.where('status', '=', status);
  }

  find(ownerId: number, id: number): Promise<PresenterRow | undefined> {
    return findOwned(this.db, 'presenters', ownerId, id);
  }

  /** Records the outcome of background processing (or a measured figure); false when the row is gone. */
  update(
    ownerId: number,
    id: number,
    patch: Pick<
      Updateable<PresentersTable>,
      'status' | 'message' | 'duration_ms' | 'width' | 'height' | 'rig'
    >,
  ): Promise<boolean> {
    return updateOwned(this.db, 'presenters', ownerId, id, patch);
  }

  /** True when the row existed (and belonged to the owner). */
  delete(ownerId: number, id: number): Promise<boolean> {
    return deleteOwned(this.db, 'presenters', ownerId, id);
  }
}
