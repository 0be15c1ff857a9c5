import type { JobsRepo } from '../adapters/db/jobs.repo';
import type { JobHandler } from './jobHandler';
import { JobRowReads, type JobQueue, type NewJob, type WorkerBeatStore } from './jobQueue';
import { WorkerHeartbeat } from './jobQueueHeartbeat';
import { JobRunner } from './jobRunner';

/**
 * The embedded default: jobs wait in the durable job table and a JobRunner in this process (or in
 * `npm run worker` processes on the same database) claims them fairly per owner. Short jobs never
 * wait behind long ones because every kind has its own slots, so `priority` needs no ordering here.
 */
export class TableJobQueue extends JobRowReads implements JobQueue {
  readonly engine = 'table';
  readonly runner: JobRunner;
  private readonly heartbeat: WorkerHeartbeat | undefined;

  /** `beats`: where this process's heartbeat goes while it runs jobs (none: no heartbeat). */
  constructor(
    jobs: JobsRepo,
    log: (message: string, error?: unknown) => void,
    pollMs?: number,
    private readonly beats?: WorkerBeatStore,
    role = 'worker',
  ) {
    super(jobs);
    this.runner = new JobRunner(jobs, log, pollMs, () => this.heartbeat?.beat());
    if (beats) this.heartbeat = new WorkerHeartbeat(beats, () => this.runner.runningJobs(), role, log);
  }

  /** The job table answers: any read will do. */
  async ping(): Promise<void> {
    await this.jobs.find(0);
  }

  async liveWorkers() {
    return (await this.beats?.live(Date.now())) ?? [];
  }

  async enqueue<K extends string>(job: NewJob<K>): Promise<number> {
    const id = await this.insertRow(job);
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

  /** The row alone is the queue: a runner in any process claims it at its next poll. */
  async resubmit(): Promise<void> {
    this.runner.notify();
  }

  async cleanFinished(): Promise<number> {
    return 0;
  }

  register(kind: string, handler: JobHandler): void {
    this.runner.register(kind, handler);
  }

  afterEachJob(task: () => Promise<unknown>): void {
    this.runner.afterEachJob(task);
  }

  async start(soleWorker = false): Promise<void> {
    await this.runner.start(soleWorker);
    this.heartbeat?.start();
  }

  async stop(): Promise<void> {
    await this.runner.stop();
    await this.heartbeat?.stop();
  }

  close(): Promise<void> {
    return this.stop();
  }
}
