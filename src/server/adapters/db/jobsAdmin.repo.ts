import type { Kysely } from 'kysely';
import type { Database } from './schema';
import type { JobRow } from './jobs.repo';

/** A job as an operator lists it: the row with its owner's name. */
export type AdminJobRow = JobRow & { username: string | null };

/** A finished render is a video in its owner's 我的视频 list: cleaning never removes one. */
const KEPT_KIND = 'render';

/**
 * The operator's view of the job table (`npm run jobs`): every user's jobs, putting a failed job
 * back in the queue, and removing old finished ones. The services' own reads are in JobsRepo.
 */
export class JobsAdminRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** The newest jobs first, of one status when given. */
  list(opts: { status?: string; kind?: string; limit: number }): Promise<AdminJobRow[]> {
    let query = this.db
      .selectFrom('jobs')
      .leftJoin('users', 'users.id', 'jobs.owner_id')
      .selectAll('jobs')
      .select('users.username');
    if (opts.status) query = query.where('jobs.status', '=', opts.status);
    if (opts.kind) query = query.where('jobs.kind', '=', opts.kind);
    return query.orderBy('jobs.id', 'desc').limit(opts.limit).execute();
  }

  /** Whether a newer job of the same kind works on the same subject (a retry would be stale). */
  async superseded(job: JobRow): Promise<boolean> {
    const newer = await this.db
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', job.kind)
      .where('owner_id', '=', job.owner_id)
      .where('subject_id', '=', job.subject_id)
      .where('id', '>', job.id)
      .limit(1)
      .executeTakeFirst();
    return !!newer;
  }

  /** Puts a failed (or cancelled) job back in the queue as new; false if it is not one. */
  async requeue(id: number, message: string): Promise<boolean> {
    const result = await this.db
      .updateTable('jobs')
      .set({
        status: 'queued',
        progress: 0,
        message,
        result: null,
        attempts: 0,
        locked_until: 0,
        updated_at: Date.now(),
      })
      .where('id', '=', id)
      .where('status', 'in', ['failed', 'cancelled'])
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * Deletes done, failed and cancelled jobs last changed before `before`, except what status reads
   * still answer from: the newest job of each kind and subject, and every finished render (videos).
   */
  async deleteFinished(before: number, statuses = ['done', 'failed', 'cancelled']): Promise<number> {
    const newest = this.db
      .selectFrom('jobs as n')
      .select((eb) => eb.fn.max('n.id').as('id'))
      .groupBy(['n.kind', 'n.owner_id', 'n.subject_id']);
    const result = await this.db
      .deleteFrom('jobs')
      .where('status', 'in', statuses)
      .where('updated_at', '<', before)
      .where((eb) => eb.not(eb.and([eb('kind', '=', KEPT_KIND), eb('status', '=', 'done')])))
      .where('id', 'not in', newest)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
