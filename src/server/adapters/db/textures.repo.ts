import { countRows } from './countRows';
import type { Kysely, Selectable } from 'kysely';
import type { Database, TexturesTable } from './schema';

export type TextureRow = Selectable<TexturesTable>;

/** Users' own stickers, every query scoped to the owner; oldest first. */
export class TexturesRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: Omit<TextureRow, 'id'>): Promise<TextureRow> {
    const inserted = await this.db
      .insertInto('textures')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow();
    return { ...row, id: Number(inserted.id) };
  }

  /** True when any user already has this texture id (ids are unique across users). */
  async idTaken(textureId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('textures')
      .select('id')
      .where('texture_id', '=', textureId)
      .executeTakeFirst();
    return !!row;
  }

  async count(ownerId: number, type: number): Promise<number> {
    return countRows(this.db.selectFrom('textures').where('owner_id', '=', ownerId).where('type', '=', type));
  }

  list(ownerId: number, type: number, offset: number, limit: number): Promise<TextureRow[]> {
    if (limit <= 0) return Promise.resolve([]);
    return this.db
      .selectFrom('textures')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .where('type', '=', type)
      .orderBy('id', 'asc')
      .offset(offset)
      .limit(limit)
      .execute();
  }

  find(ownerId: number, textureId: string): Promise<TextureRow | undefined> {
    return this.db
      .selectFrom('textures')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .where('texture_id', '=', textureId)
      .executeTakeFirst();
  }

  /** True when the row existed (and belonged to the owner). */
  async delete(ownerId: number, textureId: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('textures')
      .where('owner_id', '=', ownerId)
      .where('texture_id', '=', textureId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
