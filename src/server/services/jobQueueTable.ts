import type { JobsRepo } from '../adapters/db/jobs.repo';
import type { JobHandler } from './jobHandler';
import { JobRowReads, type JobQueue, type NewJob } from './jobQueue';
import { JobRunner } from './jobRunner';

/**
 * The embedded default: jobs wait in the durable job table and a JobRunner in this process (or in
 * `npm run worker` processes on the same database) claims them fairly per owner. Short jobs never
 * wait behind long ones because every kind has its own slots, so `priority` needs no ordering here.
 */
export class TableJobQueue extends JobRowReads implements JobQueue {
  readonly runner: JobRunner;

  constructor(jobs: JobsRepo, log: (message: string, error?: unknown) => void, pollMs?: number) {
    super(jobs);
    this.runner = new JobRunner(jobs, log, pollMs);
  }

  async enqueue<K extends string>(job: NewJob<K>): Promise<number> {
    const { kind, ownerId, subjectId, payload } = job;
    const id = await this.jobs.enqueue({ kind, ownerId, subjectId, payload });
    this.runner.notify();
    return id;
  }

  async cancel(kind: string, ownerId: number, subjectId: number): Promise<number> {
    const running = await this.jobs.unfinished(kind, ownerId, subjectId);
    const cancelled = await this.jobs.cancel(kind, ownerId, subjectId);
    // Stopped at once here; a runner in another process notices at its next heartbeat.
    for (const job of running) this.runner.abortLocal(job.id);
    return cancelled;
  }

  register(kind: string, handler: JobHandler): void {
    this.runner.register(kind, handler);
  }

  afterEachJob(task: () => Promise<unknown>): void {
    this.runner.afterEachJob(task);
  }

  start(soleWorker = false): Promise<void> {
    return this.runner.start(soleWorker);
  }

  stop(): Promise<void> {
    return this.runner.stop();
  }

  close(): Promise<void> {
    return this.runner.stop();
  }
}
