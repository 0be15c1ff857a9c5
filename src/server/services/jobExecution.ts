import type { JobRow, JobsRepo } from '../adapters/db/jobs.repo';
import { JobFailure, WaitingForTasks, type FanOut, type JobContext, type JobHandler } from './jobHandler';

/** How long a claimed job stays its worker's without a heartbeat. */
export const LEASE_MS = 30_000;
/** A job claimed more often than this (crashes, retries) fails instead of running again. */
export const MAX_ATTEMPTS = 3;
/**
 * The lease of a job waiting for its child tasks (BullMQ): nothing of it runs then, yet it still
 * counts as its owner's running job; its tasks' progress reports renew it (jobQueueBull.ts).
 */
export const WAITING_LEASE_MS = 6 * 3600_000;

/** How one run of a job ended, for the transport that carries it. */
export type JobOutcome =
  | { kind: 'done' }
  | { kind: 'failed' }
  | { kind: 'cancelled' }
  /** An unexpected error the transport should try again later; the row is queued again. */
  | { kind: 'retry'; error: unknown }
  /** The handler fanned its work out (FanOut.waitFor): the row stays running until it runs again. */
  | { kind: 'waiting'; tasks: WaitingForTasks };

export interface ExecutionDeps {
  jobs: JobsRepo;
  log: (message: string, error?: unknown) => void;
  /** Running jobs of this process by id, so a cancel can stop one at once. */
  aborts: Map<number, AbortController>;
  /** Called with each progress report (BullMQ mirrors it onto its own job). */
  onProgress?: (fraction: number) => void;
  /** With BullMQ: lets the handler fan out to child tasks (jobHandler.ts FanOut). */
  fanOut?: FanOut;
}

/**
 * Runs one claimed job to its end: builds its context, keeps its lease alive, and records the
 * outcome on its row. A JobFailure fails at once with its message; any other error fails with a
 * generic one, unless `retryable` says the transport will run it again (then the row is queued).
 */
export async function executeJob(
  handler: JobHandler,
  job: JobRow,
  deps: ExecutionDeps,
  retryable = false,
): Promise<JobOutcome> {
  const { jobs, log } = deps;
  if (job.attempts > MAX_ATTEMPTS) {
    await jobs.finish(job.id, 'failed', '任务多次中断，已停止，请重新提交');
    await afterFailure(handler, job, log);
    return { kind: 'failed' };
  }
  const abort = new AbortController();
  deps.aborts.set(job.id, abort);
  let lastProgress = job.progress;
  let lastMessage = job.message;
  let lastWrite: Promise<unknown> = Promise.resolve();
  const ctx: JobContext = {
    job,
    payload: JSON.parse(job.payload),
    signal: abort.signal,
    progress: async (fraction, message) => {
      lastProgress = fraction;
      lastMessage = message ?? lastMessage;
      deps.onProgress?.(fraction);
      const write = jobs.heartbeat(job.id, fraction, lastMessage, LEASE_MS);
      lastWrite = write;
      const alive = await write;
      if (!alive) abort.abort(new JobFailure('已取消'));
    },
    ...(deps.fanOut ? { fanOut: deps.fanOut } : {}),
  };
  const renew = setInterval(() => void ctx.progress(lastProgress).catch(() => undefined), LEASE_MS / 3);
  try {
    const outcome = await handler.run(ctx);
    if (abort.signal.aborted) return { kind: 'cancelled' };
    await jobs.finish(job.id, 'done', outcome.message, outcome.result);
    return { kind: 'done' };
  } catch (error) {
    if (abort.signal.aborted) return { kind: 'cancelled' }; // the row already says so
    if (error instanceof WaitingForTasks) {
      // After the handler's last report, which would otherwise shorten the lease again.
      await lastWrite.catch(() => undefined);
      await jobs.heartbeat(job.id, lastProgress, lastMessage, WAITING_LEASE_MS);
      return { kind: 'waiting', tasks: error };
    }
    log(`job ${job.id} (${job.kind}) failed`, error);
    if (retryable && !(error instanceof JobFailure)) {
      await jobs.retryLater(job.id, '处理出错，稍后重试');
      return { kind: 'retry', error };
    }
    const reason = error instanceof JobFailure ? error.message : '处理失败，请稍后重试';
    await jobs.finish(job.id, 'failed', reason);
    await afterFailure(handler, job, log);
    return { kind: 'failed' };
  } finally {
    clearInterval(renew);
    deps.aborts.delete(job.id);
  }
}

/** Gives back what queuing a job took (points, a voice's state) once it has failed. */
export async function afterFailure(
  handler: JobHandler,
  job: JobRow,
  log: (message: string, error?: unknown) => void,
): Promise<void> {
  await handler.failed?.(job).catch((error: unknown) => log(`job ${job.id} failure hook failed`, error));
}
