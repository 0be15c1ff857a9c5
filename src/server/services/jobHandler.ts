import type { JobRow } from '../adapters/db/jobs.repo';

/** What a job handler gets: its payload, a progress reporter and a signal that fires on cancel. */
export interface JobContext {
  job: JobRow;
  payload: unknown;
  signal: AbortSignal;
  /** Records progress (0..1) and renews the lease; aborts `signal` if the job was cancelled. */
  progress(fraction: number, message?: string): Promise<void>;
  /** With BullMQ: hands parts of the job to child jobs on every worker (absent with the job table). */
  fanOut?: FanOut;
}

/** A task of a fanned-out job: `id` is unique within the job, `data` is what its handler gets. */
export interface FanOutTask {
  id: string;
  data: unknown;
  /** Its kind when not the one `waitFor` names (a render's soundtrack beside its pages). */
  kind?: string;
}

/** How a job's child tasks ended, by task id. */
export interface SettledTasks {
  results: Map<string, unknown>;
  failures: Map<string, string>;
}

/**
 * A BullMQ flow seen from the job's handler (the step pattern): the first run prepares the work
 * and calls `waitFor`, which ends that run without finishing the job; the job's row stays running
 * while any worker takes its tasks, and once every task has ended (or one has failed for good)
 * the handler runs again, on whichever worker, with `settled` set, and joins.
 */
export interface FanOut {
  /** Undefined at the job's first run; how its tasks ended at the run after they settled. */
  readonly settled: SettledTasks | undefined;
  /** Adds the tasks as the job's children and ends this run (throws WaitingForTasks). */
  waitFor(kind: string, tasks: FanOutTask[]): never;
}

/** Thrown by FanOut.waitFor: not a failure; the handler rethrows it untouched past its cleanup. */
export class WaitingForTasks extends Error {
  constructor(
    readonly kind: string,
    readonly tasks: FanOutTask[],
  ) {
    super(`waiting for ${tasks.length} ${kind} tasks`);
  }
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
