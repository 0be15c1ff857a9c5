import { countRows } from './countRows';
import type { Kysely, Selectable } from 'kysely';
import type { Database, MaterialsTable } from './schema';

export type MaterialRow = Selectable<MaterialsTable>;

/** Users' own materials (素材), every query scoped to the owner; newest first. */
export class MaterialsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: Omit<MaterialRow, 'id'>): Promise<MaterialRow> {
    const inserted = await this.db
      .insertInto('materials')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow();
    return { ...row, id: Number(inserted.id) };
  }

  async count(ownerId: number, type: number): Promise<number> {
    return countRows(
      this.db.selectFrom('materials').where('owner_id', '=', ownerId).where('type', '=', type),
    );
  }

  list(ownerId: number, type: number, offset: number, limit: number): Promise<MaterialRow[]> {
    return this.db
      .selectFrom('materials')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .where('type', '=', type)
      .orderBy('id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
  }

  find(ownerId: number, id: number): Promise<MaterialRow | undefined> {
    return this.db
      .selectFrom('materials')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** The owner's material stored under this file key (a document's bgMusic points at it). */
  findByKey(ownerId: number, fileKey: string): Promise<MaterialRow | undefined> {
    return this.db
      .selectFrom('materials')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .where('file_key', '=', fileKey)
      .executeTakeFirst();
  }

  /** Removes the owner's row and answers it (undefined when there was none to remove). */
  async delete(ownerId: number, id: number): Promise<MaterialRow | undefined> {
    const row = await this.db
      .deleteFrom('materials')
      .where('owner_id', '=', ownerId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    return row ?? undefined;
  }
}
