import type { Kysely, Selectable } from 'kysely';
import type { Database, PendingDeletesTable } from './schema';

export type PendingDeleteRow = Selectable<PendingDeletesTable>;

/** Files waiting to be removed once their grace period is over (see ResourceService). */
export class PendingDeletesRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async add(ownerId: number, fileKey: string, dueAt: number): Promise<void> {
    await this.db
      .insertInto('pending_deletes')
      .values({ owner_id: ownerId, file_key: fileKey, due_at: dueAt })
      .execute();
  }

  /** The entries whose time has come, oldest first. */
  due(now: number, limit = 200): Promise<PendingDeleteRow[]> {
    return this.db
      .selectFrom('pending_deletes')
      .selectAll()
      .where('due_at', '<=', now)
      .orderBy('due_at')
      .limit(limit)
      .execute();
  }

  async remove(id: number): Promise<void> {
    await this.db.deleteFrom('pending_deletes').where('id', '=', id).execute();
  }
}
