import type { JobRow, JobsRepo } from '../adapters/db/jobs.repo';
import type { BullTransport, Delivery, DeliveryResult } from '../adapters/queue/bullmq';
import { JobFailure, WaitingForTasks, type FanOut, type JobHandler } from './jobHandler';
import { defaultPriority, JobRowReads, type JobPriority, type JobQueue, type NewJob } from './jobQueue';
import { executeJob, LEASE_MS, WAITING_LEASE_MS } from './jobExecution';
import { WorkerHeartbeat } from './jobQueueHeartbeat';
import { LostJobReconciler } from './jobQueueReconcile';
import { BullSubTasks } from './jobQueueTasks';

export interface BullQueueOptions {
  /** Jobs this process runs at once, whatever their kind. */
  concurrency: number;
  /** Runs of a job that failed with an unexpected error (not a JobFailure), default 3. */
  attempts?: number;
  /** First retry delay; each further one doubles (default 5 s). */
  backoffMs?: number;
  /** How soon a job whose owner is busy elsewhere is offered again (default 1 s). */
  busyRetryMs?: number;
  /** What this process's heartbeat calls it: `web` or `worker` (default `worker`). */
  role?: string;
  /** How often the workers look for jobs Redis has lost (default 30 s; jobQueueReconcile.ts). */
  reconcileMs?: number;
}

/** BullMQ priority bands (1 is first): short jobs before long ones, then by the owner's queue. */
const BAND: Record<'short' | 'long', number> = { short: 1, long: 1_000 };
const MAX_RANK = 999;

/**
 * BullMQ carries the work, the job table keeps the status: enqueue writes the row (what every
 * status read answers from, as in the embedded profile) and adds a BullMQ job naming it. A worker
 * claims the row before running it, so cancels, per-owner limits and the attempt limit are the
 * job table's rules in both profiles. BullMQ adds what one process cannot: any number of workers,
 * stalled-job recovery when one dies, retries with backoff, and priorities.
 *
 * Fairness: a job's priority is its band plus how many of its owner's jobs of that kind were
 * already waiting, so a user's tenth render sorts after another user's first; a job whose owner
 * already runs `perOwner` jobs of its kind goes back to the queue for a moment.
 */
export class BullJobQueue extends JobRowReads implements JobQueue {
  readonly engine = 'bullmq';
  private readonly handlers = new Map<string, JobHandler>();
  private readonly aborts = new Map<number, AbortController>();
  /** The jobs running in this process, by row id, for the heartbeat. */
  private readonly runningKinds = new Map<number, string>();
  private readonly heartbeat: WorkerHeartbeat;
  readonly subTasks: BullSubTasks;
  /** Queues again the jobs whose BullMQ job Redis lost (a Redis restart). */
  readonly reconciler: LostJobReconciler;
  private afterEach: (() => Promise<unknown>) | undefined;
  private started = false;
  private claiming: Promise<unknown> = Promise.resolve();

  constructor(
    jobs: JobsRepo,
    private readonly transport: BullTransport,
    private readonly log: (message: string, error?: unknown) => void,
    private readonly opts: BullQueueOptions,
  ) {
    super(jobs);
    const running = () => [
      ...[...this.runningKinds].map(([id, kind]) => ({ id, kind })),
      ...this.subTasks.running(),
    ];
    this.heartbeat = new WorkerHeartbeat(transport.beats, running, opts.role ?? 'worker', log);
    this.subTasks = new BullSubTasks(
      transport.tasks,
      log,
      {
        concurrency: opts.concurrency,
        workerId: this.heartbeat.id,
        reportParent: (id, fraction, message) =>
          jobs.heartbeat(id, Math.min(0.99, fraction), message, WAITING_LEASE_MS),
        parentRunning: (id) => this.isRunning(id),
      },
      () => this.heartbeat.beat(),
    );
    this.reconciler = new LostJobReconciler(
      {
        jobs,
        holds: (row) => transport.holds(bullJobId(row)),
        submit: (row) => this.submit(row),
        takeChore: (name, ttlMs) => transport.takeChore(name, ttlMs),
        log,
      },
      opts.reconcileMs,
    );
  }

  ping(): Promise<void> {
    return this.transport.ping();
  }

  liveWorkers() {
    return this.transport.beats.live();
  }

  async enqueue<K extends string>(job: NewJob<K>): Promise<number> {
    const id = await this.insertRow(job);
    const row = (await this.jobs.find(id))!;
    try {
      await this.submit(row, job.priority);
    } catch (error) {
      // No row may wait for a job that no worker will ever be given.
      await this.jobs.finish(id, 'failed', '任务无法排队，请稍后重试');
      throw error;
    }
    return id;
  }

  async resubmit(row: JobRow): Promise<void> {
    // The failed BullMQ job of this row is kept for a while under the same id: without removing it
    // first, adding would be a no-op.
    await this.transport.remove(bullJobId(row));
    await this.submit(row);
  }

  cleanFinished(before: number): Promise<number> {
    return this.transport.clean(Date.now() - before);
  }

  /** Adds the BullMQ job of a queued row, ranked after the owner's other waiting jobs of its kind. */
  private async submit(row: JobRow, priority?: JobPriority): Promise<void> {
    const waiting = (await this.jobs.unfinished(row.kind, row.owner_id)).filter((r) => r.id !== row.id);
    const band = BAND[priority ?? defaultPriority(row.kind)];
    await this.transport.add(
      row.kind,
      { rowId: row.id, ownerId: row.owner_id, payload: JSON.parse(row.payload) },
      {
        jobId: bullJobId(row),
        priority: band + Math.min(MAX_RANK, waiting.length),
        attempts: this.opts.attempts ?? 3,
        backoffMs: this.opts.backoffMs ?? 5000,
      },
    );
  }

  async cancel(kind: string, ownerId: number, subjectId: number): Promise<number> {
    const unfinished = await this.jobs.unfinished(kind, ownerId, subjectId);
    const cancelled = await this.jobs.cancel(kind, ownerId, subjectId);
    await Promise.all(unfinished.map((row) => this.transport.remove(bullJobId(row), row.id)));
    await this.transport.broadcastCancel(unfinished.map((row) => row.id));
    return cancelled;
  }

  register(kind: string, handler: JobHandler): void {
    this.handlers.set(kind, handler);
  }

  afterEachJob(task: () => Promise<unknown>): void {
    this.afterEach = task;
  }

  /** Starts this process's worker (BullMQ recovers stalled jobs itself, so `soleWorker` is moot). */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    await this.transport.startWorker(
      this.opts.concurrency,
      (delivery) => this.deliver(delivery),
      (ids) => ids.forEach((id) => this.aborts.get(id)?.abort(new JobFailure('已取消'))),
      (id) => this.isRunning(id),
    );
    await this.subTasks.start();
    this.heartbeat.start();
    this.reconciler.start();
  }

  async stop(): Promise<void> {
    this.started = false;
    await this.transport.stopWorker();
    await this.subTasks.stop();
    await this.heartbeat.stop();
    await this.reconciler.stop();
  }

  async close(): Promise<void> {
    await this.stop();
    await this.transport.close();
  }

  /** Runs one delivered job: claims its row, runs its handler, and says what BullMQ should do. */
  private async deliver(delivery: Delivery): Promise<DeliveryResult> {
    const handler = this.handlers.get(delivery.kind);
    if (!handler) throw new Error(`no handler for job kind ${delivery.kind}`);
    // The join step of a job that fanned out: its row is still running, its owner's slot still held.
    // It takes back the short lease at once: a long one says the row only waits for its tasks,
    // which the lost-job check relies on (jobQueueReconcile.ts).
    const joining = delivery.settled ? await this.jobs.find(delivery.rowId) : undefined;
    const joined =
      joining?.status === 'running' &&
      (await this.jobs.heartbeat(joining.id, joining.progress, joining.message, LEASE_MS));
    const claimed = joined ? joining : await this.claim(delivery.rowId, handler.perOwner ?? 1);
    if (claimed === 'gone') return; // cancelled or finished meanwhile: nothing to do
    if (claimed === 'busy') return { postponeMs: this.opts.busyRetryMs ?? 1000 };
    const fanOut: FanOut = {
      settled: delivery.settled,
      waitFor(kind, tasks) {
        throw new WaitingForTasks(kind, tasks);
      },
    };
    this.runningKinds.set(claimed.id, claimed.kind);
    this.heartbeat.beat();
    try {
      const outcome = await executeJob(
        handler,
        claimed,
        { jobs: this.jobs, log: this.log, aborts: this.aborts, onProgress: delivery.progress, fanOut },
        delivery.willRetry,
      );
      // Thrown back so BullMQ schedules the retry with its backoff.
      if (outcome.kind === 'retry') throw outcome.error;
      if (outcome.kind === 'waiting')
        return { fanOut: { kind: outcome.tasks.kind, tasks: outcome.tasks.tasks } };
    } finally {
      this.runningKinds.delete(claimed.id);
      this.heartbeat.beat();
      await this.afterEach?.().catch((error: unknown) => this.log('after-job task failed', error));
    }
  }

  private async isRunning(rowId: number): Promise<boolean> {
    return (await this.jobs.find(rowId))?.status === 'running';
  }

  /**
   * Claims one row at a time in this process (fewer lock waits); across processes the job table
   * serialises one owner's claims itself (JobsRepo.claimRow), so the per-owner limit holds there.
   */
  private claim(rowId: number, perOwner: number): Promise<JobRow | 'busy' | 'gone'> {
    const claimed = this.claiming.then(() => this.jobs.claimById(rowId, LEASE_MS, perOwner));
    this.claiming = claimed.catch(() => undefined);
    return claimed;
  }
}

/** The BullMQ id of a row: with its creation time, so a reset database never reuses an old id. */
const bullJobId = (row: Pick<JobRow, 'id' | 'created_at'>) => `row-${row.id}-${row.created_at}`;
