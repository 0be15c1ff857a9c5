import { countRows } from './countRows';
import type { Kysely, Selectable } from 'kysely';
import type { Database, PptsTable } from './schema';

export type PptRow = Selectable<PptsTable>;

/** Uploaded decks, always scoped to their owner; deleted decks stay as rows marked 'deleted'. */
export class PptsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: Omit<PptRow, 'id'>): Promise<number> {
    const inserted = await this.db.insertInto('ppts').values(row).returning('id').executeTakeFirstOrThrow();
    return Number(inserted.id);
  }

  async list(ownerId: number, offset: number, limit: number) {
    const base = this.db.selectFrom('ppts').where('owner_id', '=', ownerId).where('status', '!=', 'deleted');
    const [rows, total] = await Promise.all([
      base
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
      countRows(base),
    ]);
    return { rows, count: total };
  }

  find(ownerId: number, id: number): Promise<PptRow | undefined> {
    return this.db
      .selectFrom('ppts')
      .selectAll()
      .where('id', '=', id)
      .where('owner_id', '=', ownerId)
      .where('status', '!=', 'deleted')
      .executeTakeFirst();
  }

  findById(id: number): Promise<PptRow | undefined> {
    return this.db.selectFrom('ppts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async update(id: number, change: Partial<Pick<PptRow, 'pages_done' | 'status' | 'error'>>): Promise<void> {
    await this.db.updateTable('ppts').set(change).where('id', '=', id).execute();
  }
}
