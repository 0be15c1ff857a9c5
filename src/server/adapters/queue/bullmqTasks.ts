import { Queue, UnrecoverableError, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { listen, stopListening } from './bullmqListen';

/** A sub-task as BullMQ carries it: the job row it belongs to, and what to do. */
export interface BullTaskData {
  parentId: number;
  data: unknown;
}

/** A task a parent job fans out: `id` unique within the parent; `kind` when not its batch's. */
export interface NewTask {
  id: string;
  data: unknown;
  kind?: string;
}

/**
 * Thrown by a task's processor that finds its parent stopped before it began: the task ends for
 * good (no retry), like a running task whose parent is stopped.
 */
export class ParentStopped extends Error {}

/** How a parent's tasks ended, by task id (results of those done, reasons of those failed). */
export interface Settled {
  results: Map<string, unknown>;
  failures: Map<string, string>;
}

export interface TaskDelivery {
  kind: string;
  parentId: number;
  data: unknown;
  progress(fraction: number): void;
  /** Records `done` of `weight` for this task; answers the sums over its parent's tasks. */
  tally(done: number, weight: number): Promise<{ done: number; complete: number }>;
}

const TASK_QUEUE = 'tasks';
const TASK_CANCEL = 'task-cancel';
/**
 * A sub-task is short (one page) and its worker's event loop stays free while ffmpeg runs, so its
 * lock can be short: a killed worker's page is handed to another within about 15 s.
 */
const TASK_LOCK_MS = 10_000;
const TASK_STALL_CHECK_MS = 5_000;
/** How long a parent's progress tally outlives its last report. */
const TALLY_TTL_S = 24 * 3600;

/**
 * The BullMQ queue of sub-tasks (a render's pages), each the child of its job in a BullMQ flow.
 * A job that fans out adds its tasks with itself as their `parent` and moves to waiting-children:
 * it holds no worker slot while they run (this queue's workers have slots of their own), and
 * BullMQ hands it back to the jobs queue once the last task has ended, or at once when one has
 * failed for good (`continueParentOnFailure`), with every result and failure kept on it.
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

  /**
   * Adds the tasks as children of `parent` (job row `parentId`). A task's BullMQ id is its
   * parent's and its own, so adding the same tasks again (a parent that crashed before it moved
   * to waiting-children) joins the tasks already there.
   */
  async addChildren(parent: Job, parentId: number, kind: string, tasks: NewTask[], attempts = 3) {
    await this.queue.addBulk(
      tasks.map((t) => ({
        name: t.kind ?? kind,
        data: { parentId, data: t.data },
        opts: {
          jobId: `${parent.id}.${t.id}`,
          parent: { id: parent.id!, queue: parent.queueQualifiedName },
          continueParentOnFailure: true,
          attempts,
          backoff: { type: 'exponential', delay: 1000 },
          removeOnComplete: { age: 3600 },
          removeOnFail: { age: 24 * 3600 },
        },
      })),
    );
  }

  /** How the children of `parent` ended, by task id. */
  async settled(parent: Job): Promise<Settled> {
    const taskId = (key: string) => key.slice(key.lastIndexOf(`${parent.id}.`) + `${parent.id}.`.length);
    const byTask = <T>(values: Record<string, T>) =>
      new Map(Object.entries(values).map(([key, value]) => [taskId(key), value]));
    return {
      results: byTask(await parent.getChildrenValues()),
      failures: byTask(await parent.getIgnoredChildrenFailures()),
    };
  }

  /** Stops the children of a parent that gave up: waiting ones are removed, running ones told. */
  async stopChildren(parent: Job, parentId: number): Promise<void> {
    await parent.removeUnprocessedChildren();
    await this.broadcastCancel([parentId]);
  }

  /** Tells every process to stop the running tasks of these parents. */
  async broadcastCancel(parentIds: number[]): Promise<void> {
    if (parentIds.length) await this.connection.publish(this.channel(), JSON.stringify(parentIds));
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
        // Listed before the processor reads its parent's row, so a cancel after that read finds it.
        this.active.set(job.id!, job.data.parentId);
        try {
          return await process({
            kind: job.name,
            parentId: job.data.parentId,
            data: job.data.data,
            progress: (fraction) =>
              void job.updateProgress(Math.round(fraction * 100)).catch(() => undefined),
            tally: (done, weight) => this.tally(job, done, weight),
          });
        } catch (error) {
          // Stopped with its parent: a retry would only render for nobody.
          if (this.stopped.has(job.id!) || error instanceof ParentStopped) {
            throw new UnrecoverableError('parent stopped');
          }
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

  /** Records a task's share of its parent's progress beside the parent; answers the sums. */
  private async tally(job: Job, done: number, weight: number): Promise<{ done: number; complete: number }> {
    const key = `${job.parentKey ?? `${this.prefix}:${TASK_QUEUE}:orphans`}:tally`;
    const replies = await this.connection
      .multi()
      .hset(key, job.id!, `${done}/${weight}`)
      .expire(key, TALLY_TTL_S)
      .hvals(key)
      .exec();
    const shares = ((replies?.[2]?.[1] as string[] | undefined) ?? []).map((v) => v.split('/').map(Number));
    return {
      done: shares.reduce((sum, [d]) => sum + d, 0),
      complete: shares.filter(([d, w]) => d >= w).length,
    };
  }

  private channel(): string {
    return `${this.prefix}:${TASK_QUEUE}:${TASK_CANCEL}`;
  }
}
