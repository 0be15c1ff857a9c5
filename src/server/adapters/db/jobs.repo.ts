import { countRows } from './countRows';
import { PostgresAdapter, sql, type Kysely, type Selectable } from 'kysely';
import type { Database, JobsTable } from './schema';

export type JobRow = Selectable<JobsTable>;
export type JobStatus = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';

/** How far back the scheduler counts a user's started jobs when choosing whose job is next. */
const FAIRNESS_WINDOW_MS = 15 * 60_000;
/** The first key of the PostgreSQL advisory locks that serialise one owner's claims ("JOBS"). */
const OWNER_LOCK_SPACE = 0x4a4f4253;

/** The durable job table: enqueue, claim with a lease, report progress, finish. */
export class JobsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async enqueue(job: {
    kind: string;
    ownerId: number;
    subjectId: number;
    payload: unknown;
  }): Promise<number> {
    const now = Date.now();
    const row = await this.db
      .insertInto('jobs')
      .values({
        kind: job.kind,
        owner_id: job.ownerId,
        subject_id: job.subjectId,
        payload: JSON.stringify(job.payload ?? {}),
        status: 'queued',
        progress: 0,
        message: '',
        result: null,
        attempts: 0,
        locked_until: 0,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  /**
   * Claims the oldest runnable job of the given kinds: queued, or running with an expired lease
   * (its worker died), of an owner who has fewer than `perOwner` of these kinds running (so one
   * user's long queue cannot starve another's). The claim is a compare-and-set, so two workers
   * never take the same job.
   */
  async claim(kinds: string[], leaseMs: number, perOwner = Infinity): Promise<JobRow | undefined> {
    const now = Date.now();
    let query = this.db
      .selectFrom('jobs')
      .select(['id', 'status', 'locked_until', 'attempts', 'owner_id'])
      .where('kind', 'in', kinds);
    if (Number.isFinite(perOwner)) {
      const busyOwners = this.db
        .selectFrom('jobs')
        .select('owner_id')
        .where('kind', 'in', kinds)
        .where('status', '=', 'running')
        .where('locked_until', '>=', now)
        .groupBy('owner_id')
        .having((eb) => eb.fn.countAll(), '>=', perOwner);
      query = query.where('owner_id', 'not in', busyOwners);
    }
    const candidate = await query
      .where((eb) =>
        eb.or([
          eb('status', '=', 'queued'),
          eb.and([eb('status', '=', 'running'), eb('locked_until', '<', now)]),
        ]),
      )
      // Round robin between users: whoever was served least in the last while goes first, then
      // the oldest job. A user's tenth render waits behind another user's first.
      .orderBy((eb) =>
        eb
          .selectFrom('jobs as served')
          .select((inner) => inner.fn.countAll().as('n'))
          .whereRef('served.owner_id', '=', 'jobs.owner_id')
          .where('served.kind', 'in', kinds)
          .where('served.attempts', '>', 0)
          .where('served.updated_at', '>', now - FAIRNESS_WINDOW_MS),
      )
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    if (!candidate) return undefined;
    const claimed = await this.claimRow(candidate, kinds, perOwner, leaseMs, now);
    if (!claimed) return this.claim(kinds, leaseMs, perOwner);
    return this.db.selectFrom('jobs').selectAll().where('id', '=', candidate.id).executeTakeFirst();
  }

  /**
   * Claims one job by id for a transport that hands out jobs itself (BullMQ): whoever it hands a
   * job to owns it, so a running row (its worker died and the transport gave it out again) is
   * taken over. 'busy' when the owner already runs `perOwner` jobs of this kind elsewhere; 'gone'
   * when the job was cancelled, has ended or does not exist.
   */
  async claimById(id: number, leaseMs: number, perOwner = Infinity): Promise<JobRow | 'busy' | 'gone'> {
    const row = await this.find(id);
    if (!row || (row.status !== 'queued' && row.status !== 'running')) return 'gone';
    if (await this.claimRow(row, [row.kind], perOwner, leaseMs, Date.now())) {
      return (await this.find(id)) ?? 'gone';
    }
    // Not claimed: either the owner is busy, or the row changed meanwhile (cancelled, or taken).
    const current = await this.find(id);
    const unchanged = current && current.status === row.status && current.attempts === row.attempts;
    return unchanged ? 'busy' : 'gone';
  }

  /**
   * Claims a row if it is still as it was read and its owner runs fewer than `perOwner` jobs of
   * these kinds. The count and the update are one statement, which SQLite runs under its single
   * writer lock; PostgreSQL gives each of two concurrent statements a snapshot without the other's
   * claim, so there one owner's claims take a transaction-scoped advisory lock first, and the
   * second statement, run after the first commits, counts the first one's job.
   */
  private async claimRow(
    row: Pick<JobRow, 'id' | 'status' | 'attempts' | 'locked_until' | 'owner_id'>,
    kinds: string[],
    perOwner: number,
    leaseMs: number,
    now: number,
  ): Promise<boolean> {
    const update = async (db: Kysely<Database>) => {
      let query = db
        .updateTable('jobs')
        .set((eb) => ({
          status: 'running',
          locked_until: now + leaseMs,
          attempts: eb('attempts', '+', 1),
          updated_at: now,
        }))
        .where('id', '=', row.id)
        .where('status', '=', row.status)
        .where('attempts', '=', row.attempts)
        .where('locked_until', '=', row.locked_until);
      if (Number.isFinite(perOwner)) {
        query = query.where(
          (eb) =>
            eb
              .selectFrom('jobs as mine')
              .select((inner) => inner.fn.countAll().as('n'))
              .where('mine.kind', 'in', kinds)
              .where('mine.owner_id', '=', row.owner_id)
              .where('mine.id', '!=', row.id)
              .where('mine.status', '=', 'running')
              .where('mine.locked_until', '>=', now),
          '<',
          perOwner,
        );
      }
      return Number((await query.executeTakeFirst()).numUpdatedRows) > 0;
    };
    if (!Number.isFinite(perOwner) || !(this.db.getExecutor().adapter instanceof PostgresAdapter)) {
      return update(this.db);
    }
    return this.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${OWNER_LOCK_SPACE}, ${row.owner_id})`.execute(trx);
      return update(trx);
    });
  }

  /** Puts a running job back in the queue to be tried again later (its transport retries it). */
  async retryLater(id: number, message: string): Promise<void> {
    await this.db
      .updateTable('jobs')
      .set({ status: 'queued', message, locked_until: 0, updated_at: Date.now() })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .execute();
  }

  /** The owner's queued or running jobs of a kind (of one subject when given), oldest first. */
  unfinished(kind: string, ownerId: number, subjectId?: number): Promise<JobRow[]> {
    let query = this.db
      .selectFrom('jobs')
      .selectAll()
      .where('kind', '=', kind)
      .where('owner_id', '=', ownerId)
      .where('status', 'in', ['queued', 'running']);
    if (subjectId !== undefined) query = query.where('subject_id', '=', subjectId);
    return query.orderBy('id').execute();
  }

  /** Every queued or running job, of any kind and owner, oldest first (BullMQ's reconcile). */
  allUnfinished(): Promise<JobRow[]> {
    return this.db
      .selectFrom('jobs')
      .selectAll()
      .where('status', 'in', ['queued', 'running'])
      .orderBy('id')
      .execute();
  }

  /**
   * Puts every running job back in the queue. Only for a process that knows it is the sole worker
   * (the embedded profile at start): whatever was running then was cut off by a crash or kill.
   */
  async requeueRunning(): Promise<number> {
    const result = await this.db
      .updateTable('jobs')
      .set({ status: 'queued', locked_until: 0, message: '服务重启，继续合成', updated_at: Date.now() })
      .where('status', '=', 'running')
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Records progress and extends the lease; false when the job was cancelled meanwhile. */
  async heartbeat(id: number, progress: number, message: string, leaseMs: number): Promise<boolean> {
    const now = Date.now();
    const result = await this.db
      .updateTable('jobs')
      .set({ progress, message, locked_until: now + leaseMs, updated_at: now })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async finish(
    id: number,
    status: Exclude<JobStatus, 'queued' | 'running'>,
    message: string,
    result?: unknown,
  ) {
    await this.db
      .updateTable('jobs')
      .set({
        status,
        message,
        progress: status === 'done' ? 1 : undefined,
        result: result === undefined ? null : JSON.stringify(result),
        locked_until: 0,
        updated_at: Date.now(),
      })
      .where('id', '=', id)
      .execute();
  }

  /** Cancels the queued or running jobs of a kind for a subject; returns how many. */
  async cancel(kind: string, ownerId: number, subjectId: number): Promise<number> {
    const result = await this.db
      .updateTable('jobs')
      .set({ status: 'cancelled', message: '已取消', locked_until: 0, updated_at: Date.now() })
      .where('kind', '=', kind)
      .where('owner_id', '=', ownerId)
      .where('subject_id', '=', subjectId)
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  find(id: number): Promise<JobRow | undefined> {
    return this.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The owner's jobs of a kind with the name of their project, newest first. */
  async listWithProject(kind: string, ownerId: number, offset: number, limit: number) {
    const base = this.db
      .selectFrom('jobs')
      .innerJoin('projects', 'projects.id', 'jobs.subject_id')
      .where('jobs.kind', '=', kind)
      .where('jobs.owner_id', '=', ownerId);
    const [rows, total] = await Promise.all([
      base
        .selectAll('jobs')
        .select('projects.name as project_name')
        .orderBy('jobs.id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
      countRows(base),
    ]);
    return { rows, count: total };
  }

  /** What the subject's finished jobs of a kind gave (their `result` JSON), oldest first. */
  async results(kind: string, ownerId: number, subjectId: number): Promise<string[]> {
    const rows = await this.ofSubject(kind, ownerId, subjectId)
      .where('status', '=', 'done')
      .select('result')
      .orderBy('id')
      .execute();
    return rows.flatMap((r) => (r.result ? [r.result] : []));
  }

  /** The newest job of a kind for a subject owned by the caller. */
  latest(kind: string, ownerId: number, subjectId: number): Promise<JobRow | undefined> {
    return this.ofSubject(kind, ownerId, subjectId)
      .selectAll()
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  private ofSubject(kind: string, ownerId: number, subjectId: number) {
    return this.db
      .selectFrom('jobs')
      .where('kind', '=', kind)
      .where('owner_id', '=', ownerId)
      .where('subject_id', '=', subjectId);
  }
}
