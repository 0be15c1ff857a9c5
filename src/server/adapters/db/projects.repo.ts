import { countRows } from './countRows';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, ProjectsTable } from './schema';

export type ProjectRow = Selectable<ProjectsTable>;
/** A listed project: everything but its documents, and whether a draft was ever saved (1 or 0). */
export type ProjectSummaryRow = Omit<ProjectRow, 'detail' | 'final_detail'> & { has_draft: number };

const summaryColumns = [
  'id',
  'owner_id',
  'name',
  'description',
  'type',
  'pro_kind',
  'distinguishability',
  'original',
  'revision',
  'compose_status',
  'created_at',
  'updated_at',
] as const;

/** Project rows. Every query names the owner, so one user can never reach another's project. */
export class ProjectsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async list(ownerId: number, page: { offset: number; limit: number; proKind?: number }) {
    let query = this.db.selectFrom('projects').where('owner_id', '=', ownerId);
    if (page.proKind !== undefined) query = query.where('pro_kind', '=', page.proKind);
    const [rows, total] = await Promise.all([
      query
        .select(summaryColumns)
        .select(sql<number>`case when detail = '' then 0 else 1 end`.as('has_draft'))
        .orderBy('updated_at', 'desc')
        .orderBy('id', 'desc')
        .offset(page.offset)
        .limit(page.limit)
        .execute(),
      countRows(query),
    ]);
    return { rows: rows as ProjectSummaryRow[], count: total };
  }

  find(ownerId: number, id: number): Promise<ProjectRow | undefined> {
    return this.db
      .selectFrom('projects')
      .selectAll()
      .where('id', '=', id)
      .where('owner_id', '=', ownerId)
      .executeTakeFirst();
  }

  /**
   * The owner's projects whose draft or final document contains `needle` (a path or an id as
   * written in the JSON); the caller parses the documents to confirm the match.
   */
  mentioning(ownerId: number, needle: string) {
    // A % or _ in the needle only widens the match; the caller's parse drops false hits.
    const pattern = `%${needle}%`;
    return this.db
      .selectFrom('projects')
      .select(['id', 'name', 'detail', 'final_detail'])
      .where('owner_id', '=', ownerId)
      .where((eb) => eb.or([eb('detail', 'like', pattern), eb('final_detail', 'like', pattern)]))
      .orderBy('updated_at', 'desc')
      .execute();
  }

  /** True when project `id` is the owner's (reads no document). */
  async owns(ownerId: number, id: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('projects')
      .select('id')
      .where('id', '=', id)
      .where('owner_id', '=', ownerId)
      .executeTakeFirst();
    return !!row;
  }

  async insert(
    values: Omit<ProjectRow, 'id' | 'revision' | 'compose_status' | 'final_detail'>,
  ): Promise<number> {
    const row = await this.db
      .insertInto('projects')
      .values({ ...values, revision: 0, compose_status: 'none', final_detail: '' })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  /**
   * Renames and counts a revision, so an editor still holding the one before saves nothing over the
   * new name unasked (saveDocument refuses it as stale); the new revision, or null when the caller
   * owns no such project.
   */
  async rename(ownerId: number, id: number, name: string): Promise<number | null> {
    const row = await this.db
      .updateTable('projects')
      .set((eb) => ({ name, updated_at: Date.now(), revision: eb('revision', '+', 1) }))
      .where('id', '=', id)
      .where('owner_id', '=', ownerId)
      .returning('revision')
      .executeTakeFirst();
    return row ? Number(row.revision) : null;
  }

  async delete(ownerId: number, id: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('projects')
      .where('id', '=', id)
      .where('owner_id', '=', ownerId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async setComposeStatus(id: number, status: string): Promise<void> {
    await this.db.updateTable('projects').set({ compose_status: status }).where('id', '=', id).execute();
  }

  /**
   * Saves the document only if it is still at `revision` (compare-and-set in one statement, so two
   * tabs saving at once cannot both win); returns the new revision or null when nothing matched.
   * A null `revision` saves whatever the stored one is (last write wins).
   */
  async saveDocument(
    ownerId: number,
    id: number,
    revision: number | null,
    change: { detail: string; original: number; name?: string; distinguishability?: number },
  ): Promise<number | null> {
    const result = await this.db
      .updateTable('projects')
      .set((eb) => ({
        ...(change.original === 2 ? { final_detail: change.detail } : { detail: change.detail }),
        original: change.original,
        revision: eb('revision', '+', 1),
        updated_at: Date.now(),
        ...(change.name ? { name: change.name } : {}),
        ...(change.distinguishability ? { distinguishability: change.distinguishability } : {}),
      }))
      .where('id', '=', id)
      .where('owner_id', '=', ownerId)
      .$if(revision !== null, (q) => q.where('revision', '=', revision!))
      .returning('revision')
      .executeTakeFirst();
    return result ? Number(result.revision) : null;
  }
}
