import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { WorkerBeat, WorkerBeatStore } from './jobQueue';

/** How often a worker says it is alive. */
export const BEAT_INTERVAL_MS = 5_000;
/** A worker silent for this long counts as gone (three missed beats: a busy event loop is not death). */
export const BEAT_TTL_MS = 3 * BEAT_INTERVAL_MS;

/**
 * A process's heartbeat while it runs jobs: every few seconds it records who it is and which jobs
 * it runs, so /healthz (answered by any process, often one that runs no jobs) can list the live
 * workers. A killed worker simply stops beating and drops out after BEAT_TTL_MS.
 */
export class WorkerHeartbeat {
  readonly id = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private readonly startedAt = Date.now();
  private timer: NodeJS.Timeout | undefined;
  private last: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly store: WorkerBeatStore,
    private readonly running: () => { id: number; kind: string }[],
    private readonly role: string,
    private readonly log: (message: string, error?: unknown) => void,
    private readonly intervalMs = BEAT_INTERVAL_MS,
  ) {}

  start(): void {
    if (this.timer) return;
    this.beat();
    this.timer = setInterval(() => this.beat(), this.intervalMs);
    // A heartbeat alone must not keep a process alive that has nothing else to do.
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (!this.timer) return;
    clearInterval(this.timer);
    this.timer = undefined;
    await this.last;
    await this.store.remove(this.id).catch((error: unknown) => this.log('heartbeat removal failed', error));
  }

  /** Beats now (also after a job starts or ends, so the list is not a whole interval behind). */
  beat(): void {
    const beat: WorkerBeat = {
      id: this.id,
      host: hostname(),
      pid: process.pid,
      role: this.role,
      startedAt: this.startedAt,
      lastSeen: Date.now(),
      running: this.running(),
    };
    const ttl = Math.max(BEAT_TTL_MS, 3 * this.intervalMs);
    this.last = this.last
      .then(() => this.store.beat(beat, ttl))
      .catch((error: unknown) => this.log('heartbeat failed', error));
  }
}
