import type { JobRow, JobsRepo } from '../adapters/db/jobs.repo';

/** What a job handler gets: its payload, a progress reporter and a signal that fires on cancel. */
export interface JobContext {
  job: JobRow;
  payload: unknown;
  signal: AbortSignal;
  /** Records progress (0..1) and renews the lease; aborts `signal` if the job was cancelled. */
  progress(fraction: number, message?: string): Promise<void>;
}

export interface JobHandler {
  /** Jobs of this kind this process runs at once. */
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

const LEASE_MS = 30_000;
const MAX_ATTEMPTS = 3;

/**
 * Runs durable jobs in this process. Jobs live in the database, so a job interrupted by a crash is
 * claimed again once its lease runs out; a job interrupted too often fails with a clear reason.
 */
export class JobRunner {
  private running = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private stopped = true;
  private readonly active = new Set<Promise<void>>();
  private readonly aborts = new Map<number, AbortController>();

  private readonly handlers: Record<string, JobHandler> = {};
  private afterEach: (() => Promise<unknown>) | undefined;

  constructor(
    private readonly jobs: JobsRepo,
    private readonly log: (message: string, error?: unknown) => void,
    private readonly pollMs = 1000,
  ) {}

  /** Adds the handler for a kind of job (before `start`). */
  register(kind: string, handler: JobHandler): void {
    this.handlers[kind] = handler;
  }

  /** Runs `task` after every job settles (tidying up what the job may have left). */
  afterEachJob(task: () => Promise<unknown>): void {
    this.afterEach = task;
  }

  /**
   * Starts claiming jobs. `soleWorker` says no other process runs jobs on this database (the
   * embedded profile), so jobs left running by a crash resume at once instead of after their lease.
   */
  async start(soleWorker = false): Promise<void> {
    if (soleWorker) {
      const resumed = await this.jobs.requeueRunning();
      if (resumed) this.log(`resuming ${resumed} interrupted job(s)`);
    }
    this.stopped = false;
    this.schedule(0);
  }

  /** Stops claiming new jobs and waits for the ones in progress to settle. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await Promise.allSettled([...this.active]);
  }

  /** Stops a job running in this process at once (its row must already say cancelled). */
  abortLocal(jobId: number): void {
    this.aborts.get(jobId)?.abort(new JobFailure('已取消'));
  }

  /** Wakes the runner now (after an enqueue) instead of at the next poll. */
  notify(): void {
    if (!this.stopped) this.schedule(0);
  }

  private schedule(delay: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), delay);
  }

  private async tick(): Promise<void> {
    if (this.stopped) return;
    try {
      for (const [kind, handler] of Object.entries(this.handlers)) {
        while ((this.running.get(kind) ?? 0) < handler.concurrency) {
          const job = await this.jobs.claim([kind], LEASE_MS, handler.perOwner ?? 1);
          if (!job) break;
          this.launch(kind, handler, job);
        }
      }
    } catch (error) {
      this.log('job runner poll failed', error);
    }
    if (!this.stopped) this.schedule(this.pollMs);
  }

  private launch(kind: string, handler: JobHandler, job: JobRow): void {
    this.running.set(kind, (this.running.get(kind) ?? 0) + 1);
    const task = this.execute(handler, job).finally(async () => {
      await this.afterEach?.().catch((error: unknown) => this.log('after-job task failed', error));
      this.running.set(kind, (this.running.get(kind) ?? 1) - 1);
      this.active.delete(task);
      this.notify();
    });
    this.active.add(task);
  }

  private async execute(handler: JobHandler, job: JobRow): Promise<void> {
    if (job.attempts > MAX_ATTEMPTS) {
      await this.jobs.finish(job.id, 'failed', '任务多次中断，已停止，请重新提交');
      await this.afterFailure(handler, job);
      return;
    }
    const abort = new AbortController();
    this.aborts.set(job.id, abort);
    let lastProgress = job.progress;
    let lastMessage = job.message;
    const ctx: JobContext = {
      job,
      payload: JSON.parse(job.payload),
      signal: abort.signal,
      progress: async (fraction, message) => {
        lastProgress = fraction;
        lastMessage = message ?? lastMessage;
        const alive = await this.jobs.heartbeat(job.id, fraction, lastMessage, LEASE_MS);
        if (!alive) abort.abort(new JobFailure('已取消'));
      },
    };
    const renew = setInterval(() => void ctx.progress(lastProgress).catch(() => undefined), LEASE_MS / 3);
    try {
      const outcome = await handler.run(ctx);
      if (abort.signal.aborted) return;
      await this.jobs.finish(job.id, 'done', outcome.message, outcome.result);
    } catch (error) {
      if (abort.signal.aborted) return; // cancelled: the row already says so
      this.log(`job ${job.id} (${job.kind}) failed`, error);
      const reason = error instanceof JobFailure ? error.message : '处理失败，请稍后重试';
      await this.jobs.finish(job.id, 'failed', reason);
      await this.afterFailure(handler, job);
    } finally {
      clearInterval(renew);
      this.aborts.delete(job.id);
    }
  }

  private async afterFailure(handler: JobHandler, job: JobRow): Promise<void> {
    await handler
      .failed?.(job)
      .catch((error: unknown) => this.log(`job ${job.id} failure hook failed`, error));
  }
}
