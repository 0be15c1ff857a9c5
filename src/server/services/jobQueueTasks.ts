import { ParentStopped, type BullTaskTransport, type TaskDelivery } from '../adapters/queue/bullmqTasks';
import type { SubTaskHandler, SubTasks } from './jobQueue';

export interface BullSubTaskOptions {
  /** Tasks this process runs at once. */
  concurrency: number;
  /** This process's heartbeat id (handed to each task's context). */
  workerId: string;
  /**
   * Records a waiting parent's progress on its row (its tasks report it); false when the parent
   * is no longer running (cancelled), which stops the task.
   */
  reportParent(parentId: number, fraction: number, message: string): Promise<boolean>;
  /** Whether the parent's row still runs: a task of a cancelled parent starts no work. */
  parentRunning(parentId: number): Promise<boolean>;
}

/**
 * Runs the child tasks of fanned-out jobs (a render's pages) in this process, with slots of their
 * own: the tasks queue's worker delivers them, BullMQ's flow brings their parent back once they
 * have settled, and a task whose worker dies is handed to another by BullMQ's stalled-job check.
 * A cancel of the parent, broadcast to every process, stops its running tasks here at once.
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
      (delivery) => this.deliver(delivery),
      (parents) => parents.forEach((id) => this.aborts.get(id)?.forEach((a) => a.abort(new Error('已取消')))),
    );
  }

  stop(): Promise<void> {
    return this.transport.stopWorker();
  }

  private async deliver({ kind, parentId, data, progress, tally }: TaskDelivery): Promise<unknown> {
    const handler = this.handlers.get(kind);
    if (!handler) throw new Error(`no handler for task kind ${kind}`);
    const abort = new AbortController();
    const mine = this.aborts.get(parentId) ?? new Set();
    this.aborts.set(parentId, mine.add(abort));
    this.current.set(abort, { id: parentId, kind, task: taskName(data) });
    this.onChange();
    try {
      // Read after the abort is registered: a cancel that lands after this read is broadcast and
      // aborts it. Tasks may be handed out before their parent has finished adding them, and a
      // cancel in that moment can neither remove them nor find them running.
      if (!(await this.opts.parentRunning(parentId)) || abort.signal.aborted) {
        throw new ParentStopped(`job ${parentId} is no longer running`);
      }
      return await handler.run(data, {
        parentId,
        workerId: this.opts.workerId,
        signal: abort.signal,
        progress,
        tally,
        parentProgress: async (fraction, message) => {
          const running = await this.opts.reportParent(parentId, fraction, message);
          if (!running) abort.abort(new Error('已取消'));
        },
      });
    } catch (error) {
      if (!(error instanceof ParentStopped)) this.log(`task ${kind} of job ${parentId} failed`, error);
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
