import type { JobRow } from '../adapters/db/jobs.repo';

/** What a job handler gets: its payload, a progress reporter and a signal that fires on cancel. */
export interface JobContext {
  job: JobRow;
  payload: unknown;
  signal: AbortSignal;
  /** Records progress (0..1) and renews the lease; aborts `signal` if the job was cancelled. */
  progress(fraction: number, message?: string): Promise<void>;
}

export interface JobHandler {
  /** Jobs of this kind this process runs at once (the job table; BullMQ uses WORKER_CONCURRENCY). */
  concurrency: number;
  /**
   * Jobs of this kind one user may have running at once, across every worker (default 1): the
   * rest of that user's queue waits while other users' jobs take the free slots.
   */
  perOwner?: number;
  run(ctx: JobContext): Promise<{ message: string; result?: unknown }>;
  /** Called once the job is marked failed (not when cancelled): gives back what queuing it took. */
  failed?(job: JobRow): Promise<void>;
}

/** A failure whose message is shown to the user as the reason (anything else shows a generic one). */
export class JobFailure extends Error {}
