import type { BullTaskTransport } from '../adapters/queue/bullmqTasks';
import { SubTaskFailed, type SubTaskHandler, type SubTasks } from './jobQueue';

export interface BullSubTaskOptions {
  /** Tasks this process runs at once. */
  concurrency: number;
  /** This process's heartbeat id (handed to each task's context). */
  workerId: string;
  /** How often a waiting parent looks at its tasks (default 300 ms). */
  pollMs?: number;
  /** Runs of a task that failed before its parent gives up (default 3). */
  attempts?: number;
}

/**
 * Sub-tasks on BullMQ: a parent job adds its tasks to the tasks queue, which every worker process
 * takes from with slots of its own, and polls them until all are done. A task whose worker dies is
 * handed to another by BullMQ's stalled-job check; the parent meanwhile only waits.
 */
export class BullSubTasks implements SubTasks {
  private readonly handlers = new Map<string, SubTaskHandler>();
  /** Running tasks of this process by parent, so a cancel stops them at once. */
  private readonly aborts = new Map<number, Set<AbortController>>();
  private readonly current = new Map<AbortController, { id: number; kind: string; task: string }>();

  constructor(
    private readonly transport: BullTaskTransport,
    private readonly log: (message: string, error?: unknown) => void,
    private readonly opts: BullSubTaskOptions,
    /** Told when a task starts or ends here (the heartbeat beats at once). */
    private readonly onChange: () => void = () => undefined,
  ) {}

  registerTask(kind: string, handler: SubTaskHandler): void {
    this.handlers.set(kind, handler);
  }

  /** The tasks running in this process now, for the heartbeat. */
  running(): { id: number; kind: string; task: string }[] {
    return [...this.current.values()];
  }

  async start(): Promise<void> {
    await this.transport.startWorker(
      this.opts.concurrency,
      (delivery) => this.deliver(delivery.kind, delivery.parentId, delivery.data, delivery.progress),
      (parents) => parents.forEach((id) => this.aborts.get(id)?.forEach((a) => a.abort(new Error('已取消')))),
    );
  }

  stop(): Promise<void> {
    return this.transport.stopWorker();
  }

  async runAll(
    kind: string,
    parentId: number,
    tasks: { id: string; data: unknown }[],
    opts: { signal: AbortSignal; onProgress(index: number, fraction: number): void },
  ): Promise<unknown[]> {
    const jobId = (id: string) => `${parentId}-${id}`;
    const attempts = this.opts.attempts ?? 3;
    // A task left failed by an earlier run of this job (then retried) starts afresh; one still
    // running (its job was taken over after its worker died) is joined.
    await Promise.all(
      tasks.map(async (t) => {
        const known = await this.transport.state(jobId(t.id));
        if (known.state === 'failed') await this.transport.remove(jobId(t.id));
        await this.transport.add(kind, jobId(t.id), { parentId, data: t.data }, attempts);
      }),
    );
    const results = new Array<unknown>(tasks.length);
    const open = new Set(tasks.map((_, i) => i));
    try {
      while (open.size) {
        opts.signal.throwIfAborted();
        for (const i of [...open]) {
          const state = await this.transport.state(jobId(tasks[i].id));
          if (state.state === 'completed') {
            results[i] = state.result;
            open.delete(i);
            opts.onProgress(i, 1);
          } else if (state.state === 'failed' && state.final) {
            throw new SubTaskFailed(i, state.reason);
          } else if (state.state === 'missing') {
            // Removed before its parent saw it end (cleaned, or Redis lost it): add it again.
            await this.transport.add(kind, jobId(tasks[i].id), { parentId, data: tasks[i].data }, attempts);
          } else if (state.state !== 'failed') opts.onProgress(i, state.progress);
        }
        if (open.size) await sleep(this.opts.pollMs ?? 300, opts.signal);
      }
      return results;
    } catch (error) {
      // Nothing of this parent's goes on: waiting tasks go, running ones are told to stop.
      await Promise.all([...open].map((i) => this.transport.remove(jobId(tasks[i].id))));
      await this.transport.broadcastCancel(parentId).catch(() => undefined);
      throw error;
    }
  }

  private async deliver(
    kind: string,
    parentId: number,
    data: unknown,
    progress: (fraction: number) => void,
  ): Promise<unknown> {
    const handler = this.handlers.get(kind);
    if (!handler) throw new Error(`no handler for task kind ${kind}`);
    const abort = new AbortController();
    const mine = this.aborts.get(parentId) ?? new Set();
    this.aborts.set(parentId, mine.add(abort));
    this.current.set(abort, { id: parentId, kind, task: taskName(data) });
    this.onChange();
    try {
      return await handler.run(data, {
        parentId,
        workerId: this.opts.workerId,
        signal: abort.signal,
        progress,
      });
    } catch (error) {
      this.log(`task ${kind} of job ${parentId} failed`, error);
      throw error;
    } finally {
      mine.delete(abort);
      if (!mine.size) this.aborts.delete(parentId);
      this.current.delete(abort);
      this.onChange();
    }
  }
}

/** A task's name for the heartbeat: its `name` field when it has one. */
function taskName(data: unknown): string {
  const name = (data as { name?: unknown } | null)?.name;
  return typeof name === 'string' ? name : '';
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
