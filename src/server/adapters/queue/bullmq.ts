import { DelayedError, Job, Queue, WaitingChildrenError, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { RedisWorkerBeats } from './workerBeats.redis';
import { BullTaskTransport, type NewTask, type Settled } from './bullmqTasks';
import { listen, stopListening } from './bullmqListen';

/** What a BullMQ job carries: the job table row it stands for, and its payload for onlookers. */
export interface BullJobData {
  rowId: number;
  ownerId: number;
  payload: unknown;
  /** `join`: the job fanned out and its tasks have settled (the step pattern of BullMQ flows). */
  step?: 'join';
}

export interface BullConnection {
  /** redis://[user:password@]host:port[/db] */
  url: string;
  /** Key prefix: deployments (or test runs) sharing one Redis keep apart by it. */
  prefix: string;
  /** How long a worker holds a job without renewing before it counts as stalled (default 30 s). */
  lockMs?: number;
  /** How often workers look for stalled jobs (default 30 s). */
  stalledIntervalMs?: number;
}

/** One delivery of a job to this process. */
export interface Delivery {
  rowId: number;
  kind: string;
  /** Whether BullMQ will try again if this run throws. */
  willRetry: boolean;
  progress(fraction: number): void;
  /** At the join step of a job that fanned out: how its tasks ended. */
  settled?: Settled;
}
/**
 * `postponeMs`: hand the job back to the queue for that long (its owner is busy elsewhere);
 * `fanOut`: add these tasks as the job's children and run it again once they have settled.
 */
export type DeliveryResult = { postponeMs: number } | { fanOut: { kind: string; tasks: NewTask[] } } | void;

const QUEUE_NAME = 'jobs';
const CANCEL_CHANNEL = 'cancel';
/** A job is recovered from a stall this often; the job table's attempt limit stops it sooner. */
const MAX_STALLS = 10;
/** How long closing waits for Redis to acknowledge before it just drops the connection. */
const CLOSE_GRACE_MS = 2000;

/**
 * The BullMQ transport: one queue whose jobs are named after their kind, with priorities, retries
 * with exponential backoff, and stalled-job recovery (a job whose worker died is given out again
 * once its lock runs out). Cancels are broadcast so the process running a job stops it at once.
 */
export class BullTransport {
  private readonly connection: Redis;
  private readonly queue: Queue<BullJobData>;
  private worker: Worker<BullJobData> | undefined;
  private subscriber: Redis | undefined;
  /** Worker heartbeats, beside the queue under the same prefix. */
  readonly beats: RedisWorkerBeats;
  /** The queue of sub-tasks (a render's pages), on the same connection and prefix. */
  readonly tasks: BullTaskTransport;

  constructor(private readonly opts: BullConnection) {
    // Workers block on Redis and must not give up on a slow command (BullMQ requires this).
    this.connection = new Redis(opts.url, { maxRetriesPerRequest: null });
    // ioredis reconnects by itself; while Redis is down commands wait and /healthz reports it.
    this.connection.on('error', () => undefined);
    this.queue = new Queue<BullJobData>(QUEUE_NAME, { connection: this.connection, prefix: opts.prefix });
    this.beats = new RedisWorkerBeats(this.connection, opts.prefix);
    this.tasks = new BullTaskTransport(this.connection, opts.prefix);
  }

  /** Resolves when Redis answers (a command waits while it is down: callers bound the wait). */
  async ping(): Promise<void> {
    await this.connection.ping();
  }

  /** Adds a job; `jobId` makes adding the same row twice a no-op. */
  async add(
    kind: string,
    data: BullJobData,
    opts: { jobId: string; priority: number; attempts: number; backoffMs: number },
  ): Promise<void> {
    await this.queue.add(kind, data, {
      jobId: opts.jobId,
      priority: opts.priority,
      attempts: opts.attempts,
      backoff: { type: 'exponential', delay: opts.backoffMs },
      removeOnComplete: { age: 3600, count: 1000 },
      removeOnFail: { age: 7 * 24 * 3600 },
    });
  }

  /**
   * Removes a job that waits (queued, delayed, retrying, or waiting for its tasks, which go with
   * it); a running one stays. A job whose tasks are running loses its waiting tasks and tells the
   * running ones to stop: once they have, it runs its join step, which finds its row cancelled.
   */
  async remove(jobId: string, rowId?: number): Promise<void> {
    const job = rowId === undefined ? undefined : await Job.fromId(this.queue, jobId);
    if (job && (await job.isWaitingChildren())) await this.tasks.stopChildren(job, rowId!);
    await this.queue.remove(jobId).catch(() => 0);
  }

  /** Removes completed and failed jobs that finished more than `graceMs` ago; returns how many. */
  async clean(graceMs: number): Promise<number> {
    const grace = Math.max(0, graceMs);
    const done = await this.queue.clean(grace, 100_000, 'completed');
    const failed = await this.queue.clean(grace, 100_000, 'failed');
    return done.length + failed.length;
  }

  /** Tells every process to stop these jobs and their tasks if it runs them. */
  async broadcastCancel(rowIds: number[]): Promise<void> {
    if (!rowIds.length) return;
    await this.connection.publish(this.channel(), JSON.stringify(rowIds));
    // Also when the job is not waiting for its tasks (yet): it may have added them a moment ago.
    await this.tasks.broadcastCancel(rowIds);
  }

  /** Whether BullMQ still holds the job, in any state (false once Redis has lost it). */
  async holds(jobId: string): Promise<boolean> {
    return (await this.queue.getJobState(jobId)) !== 'unknown';
  }

  /**
   * Takes the named chore for `ttlMs` unless another process holds it: chores that every worker
   * runs on a timer are then done by one process at a time.
   */
  async takeChore(name: string, ttlMs: number): Promise<boolean> {
    const key = `${this.opts.prefix}:${QUEUE_NAME}:chore:${name}`;
    return (await this.connection.set(key, '1', 'PX', ttlMs, 'NX')) === 'OK';
  }

  /**
   * Starts taking jobs, `concurrency` at a time, and listening for cancels. `isRunning` answers
   * whether a job's row still runs (not cancelled), asked once a job has moved to wait for its tasks.
   */
  async startWorker(
    concurrency: number,
    process: (delivery: Delivery) => Promise<DeliveryResult>,
    onCancel: (rowIds: number[]) => void,
    isRunning: (rowId: number) => Promise<boolean>,
  ): Promise<void> {
    this.subscriber = await listen(this.connection, this.channel(), (message) =>
      onCancel(JSON.parse(message)),
    );
    this.worker = new Worker<BullJobData>(
      QUEUE_NAME,
      async (job: Job<BullJobData>, token?: string) => {
        // The step pattern: a job that fanned out is processed again once its tasks settled.
        for (;;) {
          const settled = job.data.step === 'join' ? await this.tasks.settled(job) : undefined;
          // A task failed for good: the job fails, so its other tasks stop at once.
          if (settled?.failures.size) await this.tasks.stopChildren(job, job.data.rowId);
          const result = await process({
            rowId: job.data.rowId,
            kind: job.name,
            willRetry: job.attemptsMade + 1 < (job.opts.attempts ?? 1),
            progress: (fraction) =>
              void job.updateProgress(Math.round(fraction * 100)).catch(() => undefined),
            ...(settled ? { settled } : {}),
          });
          if (result && 'postponeMs' in result) {
            await job.moveToDelayed(Date.now() + result.postponeMs, token);
            throw new DelayedError();
          }
          if (!result) return;
          // Tasks first, then the step: a crash between the two adds the same tasks again (a no-op).
          await this.tasks.addChildren(job, job.data.rowId, result.fanOut.kind, result.fanOut.tasks);
          await job.updateData({ ...job.data, step: 'join' });
          if (await job.moveToWaitingChildren(token!)) {
            // A cancel between the first step's end and this move could not remove the job (it
            // was still active) nor its tasks: read the row again now that removing works.
            if (!(await isRunning(job.data.rowId))) await this.remove(job.id!, job.data.rowId);
            throw new WaitingChildrenError();
          }
          // Every task had already ended: join at once.
        }
      },
      {
        connection: this.connection,
        prefix: this.opts.prefix,
        concurrency,
        maxStalledCount: MAX_STALLS,
        // Only when given: an undefined option would replace BullMQ's default.
        ...(this.opts.lockMs ? { lockDuration: this.opts.lockMs } : {}),
        ...(this.opts.stalledIntervalMs ? { stalledInterval: this.opts.stalledIntervalMs } : {}),
      },
    );
    // A lost connection is retried by ioredis; the event must be handled or it would crash.
    this.worker.on('error', () => undefined);
  }

  /** Stops taking jobs, waiting for the running ones, and stops listening for cancels. */
  async stopWorker(): Promise<void> {
    await stopListening(this.worker, this.subscriber);
    this.worker = undefined;
    this.subscriber = undefined;
  }

  /** Stops the worker and closes the connections. */
  async close(): Promise<void> {
    await this.stopWorker();
    // With Redis down, a graceful close would wait for it forever: give up after a moment.
    const graceful = (async () => {
      await this.tasks.close();
      await this.queue.close();
      await this.connection.quit();
    })().catch(() => undefined);
    await Promise.race([graceful, new Promise((r) => setTimeout(r, CLOSE_GRACE_MS).unref())]);
    this.connection.disconnect();
  }

  private channel(): string {
    return `${this.opts.prefix}:${QUEUE_NAME}:${CANCEL_CHANNEL}`;
  }
}
