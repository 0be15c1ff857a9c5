import { countRows } from './countRows';
import type { Kysely, Selectable } from 'kysely';
import type { Database, ScenesTable } from './schema';

export type SceneRow = Selectable<ScenesTable>;

/** Users' own scene backgrounds, every query scoped to the owner; oldest first. */
export class ScenesRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: Omit<SceneRow, 'id'>): Promise<SceneRow> {
    const inserted = await this.db.insertInto('scenes').values(row).returning('id').executeTakeFirstOrThrow();
    return { ...row, id: Number(inserted.id) };
  }

  async count(ownerId: number, sizeType: number): Promise<number> {
    return countRows(
      this.db.selectFrom('scenes').where('owner_id', '=', ownerId).where('size_type', '=', sizeType),
    );
  }

  list(ownerId: number, sizeType: number, offset: number, limit: number): Promise<SceneRow[]> {
    if (limit <= 0) return Promise.resolve([]);
    return this.db
      .selectFrom('scenes')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .where('size_type', '=', sizeType)
      .orderBy('id', 'asc')
      .offset(offset)
      .limit(limit)
      .execute();
  }

  find(ownerId: number, id: number): Promise<SceneRow | undefined> {
    return this.db
      .selectFrom('scenes')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  findByFile(ownerId: number, fileKey: string): Promise<SceneRow | undefined> {
    return this.db
      .selectFrom('scenes')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .where('file_key', '=', fileKey)
      .executeTakeFirst();
  }

  /** True when the row existed (and belonged to the owner). */
  async delete(ownerId: number, id: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('scenes')
      .where('owner_id', '=', ownerId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
