import type { JobRow, JobsRepo } from '../adapters/db/jobs.repo';
import { JobFailure, type JobHandler } from './jobHandler';
import { executeJob, LEASE_MS } from './jobExecution';

export { JobFailure, type JobContext, type JobHandler } from './jobHandler';

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
  /** The jobs running in this process by id, with their kind. */
  private readonly current = new Map<number, string>();

  private readonly handlers: Record<string, JobHandler> = {};
  private afterEach: (() => Promise<unknown>) | undefined;

  constructor(
    private readonly jobs: JobsRepo,
    private readonly log: (message: string, error?: unknown) => void,
    private readonly pollMs = 1000,
    /** Told when a job starts or ends here (the heartbeat beats at once). */
    private readonly onChange: () => void = () => undefined,
  ) {}

  /** The jobs running in this process now. */
  runningJobs(): { id: number; kind: string }[] {
    return [...this.current].map(([id, kind]) => ({ id, kind }));
  }

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
    this.current.set(job.id, kind);
    this.onChange();
    const task = this.execute(handler, job).finally(async () => {
      this.current.delete(job.id);
      this.onChange();
      await this.afterEach?.().catch((error: unknown) => this.log('after-job task failed', error));
      this.running.set(kind, (this.running.get(kind) ?? 1) - 1);
      this.active.delete(task);
      this.notify();
    });
    this.active.add(task);
  }

  private async execute(handler: JobHandler, job: JobRow): Promise<void> {
    await executeJob(handler, job, { jobs: this.jobs, log: this.log, aborts: this.aborts });
  }
}
