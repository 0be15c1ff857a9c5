import { Job, Queue, UnrecoverableError, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { listen, stopListening } from './bullmqListen';

/** A sub-task as BullMQ carries it: the job row it belongs to, and what to do. */
export interface BullTaskData {
  parentId: number;
  data: unknown;
}

/** Where a sub-task stands, as its parent polls it. */
export type TaskState =
  | { state: 'waiting' | 'active'; progress: number }
  | { state: 'completed'; result: unknown }
  | { state: 'failed'; reason: string; final: boolean }
  | { state: 'missing' };

export interface TaskDelivery {
  kind: string;
  parentId: number;
  data: unknown;
  progress(fraction: number): void;
}

const TASK_QUEUE = 'tasks';
const TASK_CANCEL = 'task-cancel';
/**
 * A sub-task is short (one page) and its worker's event loop stays free while ffmpeg runs, so its
 * lock can be short: a killed worker's page is handed to another within about 15 s.
 */
const TASK_LOCK_MS = 10_000;
const TASK_STALL_CHECK_MS = 5_000;

/**
 * The BullMQ queue of sub-tasks (a render's pages): separate from the jobs queue so a job waiting
 * for its sub-tasks never holds a slot they need — each process runs jobs and sub-tasks with
 * slots of their own, and a parent that waits only polls.
 */
export class BullTaskTransport {
  private readonly queue: Queue<BullTaskData>;
  private worker: Worker<BullTaskData> | undefined;
  private subscriber: Redis | undefined;
  /** Tasks running here by BullMQ id, with their parent. */
  private readonly active = new Map<string, number>();
  /** Running tasks whose parent was stopped: they end for good instead of being retried. */
  private readonly stopped = new Set<string>();

  constructor(
    private readonly connection: Redis,
    private readonly prefix: string,
  ) {
    this.queue = new Queue<BullTaskData>(TASK_QUEUE, { connection, prefix });
  }

  /** Adds a task; `jobId` makes adding one that is still known a no-op. */
  async add(kind: string, jobId: string, data: BullTaskData, attempts: number): Promise<void> {
    await this.queue.add(kind, data, {
      jobId,
      attempts,
      backoff: { type: 'exponential', delay: 1000 },
      removeOnComplete: { age: 3600 },
      removeOnFail: { age: 24 * 3600 },
    });
  }

  async state(jobId: string): Promise<TaskState> {
    const job = await Job.fromId<BullTaskData>(this.queue, jobId);
    if (!job) return { state: 'missing' };
    const state = await job.getState();
    if (state === 'completed') return { state, result: job.returnvalue };
    if (state === 'failed') {
      return { state, reason: job.failedReason, final: job.attemptsMade >= (job.opts.attempts ?? 1) };
    }
    const progress = typeof job.progress === 'number' ? job.progress / 100 : 0;
    return { state: state === 'active' ? 'active' : 'waiting', progress };
  }

  /** Removes a task that waits (a running one is told to stop through `broadcastCancel`). */
  async remove(jobId: string): Promise<void> {
    await this.queue.remove(jobId).catch(() => 0);
  }

  /** Tells every process to stop the running tasks of these parents. */
  async broadcastCancel(parentId: number): Promise<void> {
    await this.connection.publish(this.channel(), JSON.stringify([parentId]));
  }

  async startWorker(
    concurrency: number,
    process: (delivery: TaskDelivery) => Promise<unknown>,
    onCancel: (parentIds: number[]) => void,
  ): Promise<void> {
    this.subscriber = await listen(this.connection, this.channel(), (message) => {
      const parents = new Set(JSON.parse(message) as number[]);
      for (const [jobId, parentId] of this.active) if (parents.has(parentId)) this.stopped.add(jobId);
      onCancel([...parents]);
    });
    this.worker = new Worker<BullTaskData>(
      TASK_QUEUE,
      async (job: Job<BullTaskData>) => {
        this.active.set(job.id!, job.data.parentId);
        try {
          return await process({
            kind: job.name,
            parentId: job.data.parentId,
            data: job.data.data,
            progress: (fraction) =>
              void job.updateProgress(Math.round(fraction * 100)).catch(() => undefined),
          });
        } catch (error) {
          // Stopped with its parent: a retry would only render for nobody.
          if (this.stopped.has(job.id!)) throw new UnrecoverableError('parent stopped');
          throw error;
        } finally {
          this.active.delete(job.id!);
          this.stopped.delete(job.id!);
        }
      },
      {
        connection: this.connection,
        prefix: this.prefix,
        concurrency,
        lockDuration: TASK_LOCK_MS,
        stalledInterval: TASK_STALL_CHECK_MS,
        maxStalledCount: 3,
      },
    );
    this.worker.on('error', () => undefined);
  }

  async stopWorker(): Promise<void> {
    await stopListening(this.worker, this.subscriber);
    this.worker = undefined;
    this.subscriber = undefined;
  }

  async close(): Promise<void> {
    await this.stopWorker();
    await this.queue.close();
  }

  private channel(): string {
    return `${this.prefix}:${TASK_QUEUE}:${TASK_CANCEL}`;
  }
}
