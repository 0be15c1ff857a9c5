import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Database, VoicesTable } from './schema';
import { deleteOwned, findOwned, updateOwned } from './ownedRows';

export type VoiceRow = Selectable<VoicesTable>;

/** Users' private voices, every query scoped to the owner; oldest first. */
export class VoicesRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: Omit<VoiceRow, 'id'>): Promise<VoiceRow> {
    const inserted = await this.db.insertInto('voices').values(row).returning('id').executeTakeFirstOrThrow();
    return { ...row, id: Number(inserted.id) };
  }

  async count(ownerId: number, filter: { sex?: number; status?: number } = {}): Promise<number> {
    let query = this.db.selectFrom('voices').where('owner_id', '=', ownerId);
    if (filter.sex !== undefined) query = query.where('sex', '=', filter.sex);
    if (filter.status !== undefined) query = query.where('pth_status', '=', filter.status);
    const row = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  list(
    ownerId: number,
    filter: { sex?: number; status?: number },
    offset: number,
    limit: number,
  ): Promise<VoiceRow[]> {
    let query = this.db.selectFrom('voices').selectAll().where('owner_id', '=', ownerId);
    if (filter.sex !== undefined) query = query.where('sex', '=', filter.sex);
    if (filter.status !== undefined) query = query.where('pth_status', '=', filter.status);
    return query.orderBy('id', 'asc').offset(offset).limit(limit).execute();
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
