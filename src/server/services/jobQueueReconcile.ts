import type { JobRow, JobsRepo } from '../adapters/db/jobs.repo';
import { LEASE_MS } from './jobExecution';

/** How often the workers look for jobs Redis has lost (one worker at a time does). */
export const RECONCILE_INTERVAL_MS = 30_000;
/** A queued row younger than this may still be getting its BullMQ job (enqueue adds it just after). */
const QUEUED_GRACE_MS = 60_000;
/** How long stopping waits for a pass under way. */
const STOP_GRACE_MS = 2000;
/** What the row says once it is queued again. */
const REQUEUED_MESSAGE = '任务队列重启过，已重新排队，继续合成';

export interface LostJobDeps {
  jobs: JobsRepo;
  /** Whether BullMQ still holds the row's job, in any state. */
  holds(row: JobRow): Promise<boolean>;
  /** Adds the row's BullMQ job again. */
  submit(row: JobRow): Promise<void>;
  /** Takes a chore for a while unless another process holds it (BullTransport.takeChore). */
  takeChore(name: string, ttlMs: number): Promise<boolean>;
  log(message: string, error?: unknown): void;
}

/**
 * Finds job rows whose BullMQ job Redis has lost (it keeps nothing on disk here: a restart loses
 * every job) and queues them again. Without this a render waiting for its pages stays running,
 * holding its owner's slot, until its 6 h lease runs out, and then still never ends; a queued
 * row would never run at all.
 *
 * Queued again rather than failed, because a render should finish, not vanish: its first step
 * runs again and finds the pages already rendered in the page cache, so only the missing ones are
 * rendered again. A job lost again and again stops at the attempt limit (MAX_ATTEMPTS), like one
 * whose worker keeps dying.
 *
 * Left alone: every row whose BullMQ job still exists in any state (waiting for its tasks, active,
 * delayed), and running rows whose short lease (LEASE_MS) is current: a process runs their step
 * now and keeps renewing it (should that process die as well, the lease runs out and a later check
 * takes the row). A row waiting for its tasks holds a lease of hours, which is what tells it apart.
 */
export class LostJobReconciler {
  private timer: NodeJS.Timeout | undefined;
  /** The timer's pass under way, if any. */
  private pass: Promise<unknown> | undefined;

  constructor(
    private readonly deps: LostJobDeps,
    private readonly intervalMs = RECONCILE_INTERVAL_MS,
  ) {}

  /** Checks every `intervalMs`; of several workers, whoever takes the chore first does it. */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.tick(), this.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    // A pass that waits for an unreachable Redis is not waited for long.
    await Promise.race([this.pass, new Promise((r) => setTimeout(r, STOP_GRACE_MS).unref())]);
  }

  /** One check: queues again the unfinished rows whose BullMQ job is gone; answers their ids. */
  async check(now = Date.now()): Promise<number[]> {
    const requeued: number[] = [];
    for (const row of await this.deps.jobs.allUnfinished()) {
      if (!mayBeLost(row, now) || (await this.deps.holds(row))) continue;
      // Frees the owner's slot at once; the row is claimed again when its new job is delivered.
      if (row.status === 'running') await this.deps.jobs.retryLater(row.id, REQUEUED_MESSAGE);
      await this.deps.submit(row);
      requeued.push(row.id);
    }
    if (requeued.length) this.deps.log(`jobs lost by Redis queued again: ${requeued.join(', ')}`);
    return requeued;
  }

  private tick(): void {
    // One pass at a time: while Redis is down a pass waits for it, and ticks must not pile up.
    if (this.pass) return;
    this.pass = (async () => {
      if (await this.deps.takeChore('reconcile', this.intervalMs)) await this.check();
    })()
      .catch((error: unknown) => this.deps.log('lost-job check failed', error))
      .finally(() => (this.pass = undefined));
  }
}

/** Whether a row's BullMQ job is worth looking up: see LostJobReconciler for what is left alone. */
function mayBeLost(row: JobRow, now: number): boolean {
  if (row.status === 'queued') return now - row.updated_at >= QUEUED_GRACE_MS;
  const lease = row.locked_until - now;
  return lease <= 0 || lease > LEASE_MS;
}
