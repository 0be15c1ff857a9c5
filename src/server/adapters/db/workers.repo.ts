import { sql, type Kysely } from 'kysely';
import type { Database } from './schema';
import type { WorkerBeat, WorkerBeatStore } from '../../services/jobQueue';

/**
 * Heartbeats of job-table workers (no Redis): one row per worker process, its last beat and when
 * it expires. Expired rows are deleted by whoever beats next, so a killed worker leaves no trace.
 */
export class WorkersRepo implements WorkerBeatStore {
  constructor(private readonly db: Kysely<Database>) {}

  /** Resolves when the database answers a trivial query (for /healthz). */
  async ping(): Promise<void> {
    await sql`select 1`.execute(this.db);
  }

  async beat(beat: WorkerBeat, ttlMs: number): Promise<void> {
    const row = { id: beat.id, beat: JSON.stringify(beat), expires_at: beat.lastSeen + ttlMs };
    await this.db
      .insertInto('workers')
      .values(row)
      .onConflict((oc) => oc.column('id').doUpdateSet({ beat: row.beat, expires_at: row.expires_at }))
      .execute();
    await this.db.deleteFrom('workers').where('expires_at', '<', beat.lastSeen).execute();
  }

  async remove(id: string): Promise<void> {
    await this.db.deleteFrom('workers').where('id', '=', id).execute();
  }

  async live(now: number): Promise<WorkerBeat[]> {
    const rows = await this.db.selectFrom('workers').select('beat').where('expires_at', '>=', now).execute();
    return rows.map((r) => JSON.parse(r.beat) as WorkerBeat).sort((a, b) => a.startedAt - b.startedAt);
  }
}
