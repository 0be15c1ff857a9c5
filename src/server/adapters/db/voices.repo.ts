import { countRows } from './countRows';
import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Database, VoicesTable } from './schema';
import { deleteOwned, findOwned, updateOwned } from './ownedRows';

export type VoiceRow = Selectable<VoicesTable>;

/** Which of the owner's voices to count or list (all when a field is left out). */
export interface VoiceFilter {
  sex?: number;
  /** pth_status */
  status?: number;
}

/** Users' private voices, every query scoped to the owner; oldest first. */
export class VoicesRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: Omit<VoiceRow, 'id'>): Promise<VoiceRow> {
    const inserted = await this.db.insertInto('voices').values(row).returning('id').executeTakeFirstOrThrow();
    return { ...row, id: Number(inserted.id) };
  }

  async count(ownerId: number, filter: VoiceFilter = {}): Promise<number> {
    return countRows(this.matching(ownerId, filter));
  }

  list(ownerId: number, filter: VoiceFilter, offset: number, limit: number): Promise<VoiceRow[]> {
    return this.matching(ownerId, filter)
      .selectAll()
      .orderBy('id', 'asc')
      .offset(offset)
      .limit(limit)
      .execute();
  }

  private matching(ownerId: number, filter: VoiceFilter) {
    let query = this.db.selectFrom('voices').where('owner_id', '=', ownerId);
    if (filter.sex !== undefined) query = query.where('sex', '=', filter.sex);
    if (filter.status !== undefined) query = query.where('pth_status', '=', filter.status);
    return query;
  }

  find(ownerId: number, id: number): Promise<VoiceRow | undefined> {
    return findOwned(this.db, 'voices', ownerId, id);
  }

  /** Updates one of the owner's voices; false when it is gone (deleted meanwhile). */
  update(
    ownerId: number,
    id: number,
    change: Omit<Updateable<VoicesTable>, 'id' | 'owner_id'>,
  ): Promise<boolean> {
    return updateOwned(this.db, 'voices', ownerId, id, { ...change, updated_at: Date.now() });
  }

  /** True when the row existed (and belonged to the owner). */
  delete(ownerId: number, id: number): Promise<boolean> {
    return deleteOwned(this.db, 'voices', ownerId, id);
  }
}
