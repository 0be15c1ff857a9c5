import type { JobRow, JobsRepo } from '../adapters/db/jobs.repo';
import type { JobHandler } from './jobHandler';

/**
 * The payload of every kind of background job, by the kind's name. The names are the services'
 * constants (RENDER_JOB, RASTERIZE_JOB, ...); the shapes are restated here, not imported, so this
 * file stays a leaf that every service can read without an import circle.
 */
export interface JobPayloads {
  render: { projectId: number; chargeId?: number };
  'pdf.rasterize': { pptId: number };
  'presenter-video': { presenterId: number };
  'voice.train': { voiceId: number };
  'voice.tts': { voiceId: number; text: string };
  'subtitle.make': { uuid: string; ext: string; script: string; language: string; durationMs: number };
}
export type JobKind = keyof JobPayloads;
/** A named kind's payload; kinds unknown here (tests' own) take any payload. */
export type PayloadOf<K extends string> = K extends JobKind ? JobPayloads[K] : unknown;

/** Short jobs (a PDF, a sentence of speech, subtitles) go before long ones (renders, training). */
export type JobPriority = 'short' | 'long';
const LONG_KINDS: ReadonlySet<string> = new Set<string>(['render', 'presenter-video', 'voice.train']);
/** The priority a kind gets when its enqueue does not say. */
export const defaultPriority = (kind: string): JobPriority => (LONG_KINDS.has(kind) ? 'long' : 'short');

export interface NewJob<K extends string> {
  kind: K;
  ownerId: number;
  /** What the job works on (project, deck, voice, ...): cancel and status reads find it by this. */
  subjectId: number;
  payload: PayloadOf<K>;
  priority?: JobPriority;
}

/**
 * Background work, whatever carries it: the durable job table polled by this process (the
 * embedded default) or BullMQ on Redis (`REDIS_URL`, any number of `npm run worker` processes).
 * Either way the job table row is the one source of status and progress, so composeStatus, PDF
 * info, voice and subtitle status read exactly what they read before.
 */
export interface JobQueue {
  /** Records the job (status queued) and hands it to the workers; returns its id. */
  enqueue<K extends string>(job: NewJob<K>): Promise<number>;
  /** Cancels the subject's queued or running jobs of a kind wherever they run; returns how many. */
  cancel(kind: string, ownerId: number, subjectId: number): Promise<number>;
  find(id: number): Promise<JobRow | undefined>;
  /** The newest job of a kind for a subject owned by the caller. */
  latest(kind: string, ownerId: number, subjectId: number): Promise<JobRow | undefined>;
  /** What the subject's finished jobs of a kind gave (their `result` JSON), oldest first. */
  results(kind: string, ownerId: number, subjectId: number): Promise<string[]>;
  /** The owner's jobs of a kind with the name of their project, newest first. */
  listWithProject(
    kind: string,
    ownerId: number,
    offset: number,
    limit: number,
  ): Promise<{ rows: (JobRow & { project_name: string })[]; count: number }>;

  /** Adds the handler for a kind of job (before `start`); every process registers every kind. */
  register(kind: string, handler: JobHandler): void;
  /** Runs `task` after every job this process ran settles (tidying up what it may have left). */
  afterEachJob(task: () => Promise<unknown>): void;
  /**
   * Starts running jobs in this process. `soleWorker`: no other process runs jobs on this
   * database (the embedded profile), so jobs left running by a crash resume at once.
   */
  start(soleWorker?: boolean): Promise<void>;
  /** Stops taking jobs and waits for the ones in progress (`start` may follow). */
  stop(): Promise<void>;
  /** Stops and lets go of connections, for good. */
  close(): Promise<void>;

  /** Hands a row that was put back in the queue (`npm run jobs -- retry`) to the workers again. */
  resubmit(row: JobRow): Promise<void>;
  /** Forgets the engine's own records of jobs finished before `before` (the rows are the caller's). */
  cleanFinished(before: number): Promise<number>;

  /** Which engine carries the work, for /healthz and the start banner. */
  readonly engine: 'table' | 'bullmq';
  /** Resolves when the queue's store answers (Redis for BullMQ, the database for the table). */
  ping(): Promise<void>;
  /** The worker processes that sent a heartbeat lately, whichever process asks. */
  liveWorkers(): Promise<WorkerBeat[]>;
  /**
   * The handlers of the child tasks a job fans out to (BullMQ, jobHandler.ts FanOut); absent with
   * the job table, whose jobs do all their work in the process that claimed them.
   */
  readonly subTasks?: SubTasks;
}

/** What a sub-task handler gets. */
export interface SubTaskContext {
  /** The job row the task belongs to. */
  parentId: number;
  /** This process's heartbeat id, so a parent can tell who did its tasks. */
  workerId: string;
  /** Fires when the parent is cancelled or has failed. */
  signal: AbortSignal;
  /** The task's own progress (0..1). */
  progress(fraction: number): void;
  /**
   * Records how much of this task is done (`done` of `weight`, any unit the parent's tasks share)
   * and answers the sums over all the parent's tasks that reported so far, `complete` counting
   * those done. While the parent waits for its tasks, they are the ones that know its progress.
   */
  tally(done: number, weight: number): Promise<{ done: number; complete: number }>;
  /** Records the waiting parent's progress on its row; a cancelled parent fires `signal`. */
  parentProgress(fraction: number, message: string): Promise<void>;
}

export interface SubTaskHandler {
  /** Does one task; what it returns (JSON) goes back to the parent's `settled.results`. */
  run(data: unknown, ctx: SubTaskContext): Promise<unknown>;
}

/** Where the handlers of child tasks are registered (every process registers every kind). */
export interface SubTasks {
  registerTask(kind: string, handler: SubTaskHandler): void;
}

/** What a worker process says about itself every few seconds (its heartbeat). */
export interface WorkerBeat {
  /** host:pid:random, new for every start. */
  id: string;
  host: string;
  pid: number;
  /** `web` (the embedded profile's web process) or `worker` (`npm run worker`). */
  role: string;
  startedAt: number;
  lastSeen: number;
  /** The jobs this process is running now; `task` names a sub-task of job `id` (a page). */
  running: { id: number; kind: string; task?: string }[];
}

/** Where heartbeats are kept: Redis with BullMQ, a database table with the job table. */
export interface WorkerBeatStore {
  /** Records a beat that counts as live for `ttlMs`. */
  beat(beat: WorkerBeat, ttlMs: number): Promise<void>;
  /** Forgets a worker that stopped cleanly. */
  remove(id: string): Promise<void>;
  /** Workers whose last beat is younger than its time to live, oldest start first. */
  live(now: number): Promise<WorkerBeat[]>;
}

/**
 * The status reads both queues share: the job table's row is the one source of status and
 * progress whichever engine carries the work, so composeStatus and the task screens read it here.
 */
export abstract class JobRowReads {
  constructor(protected readonly jobs: JobsRepo) {}

  /** Writes a new job's row (status queued): the one record of it, whichever engine runs it. */
  protected insertRow<K extends string>(job: NewJob<K>): Promise<number> {
    const { kind, ownerId, subjectId, payload } = job;
    return this.jobs.enqueue({ kind, ownerId, subjectId, payload });
  }

  find(id: number) {
    return this.jobs.find(id);
  }

  latest(kind: string, ownerId: number, subjectId: number) {
    return this.jobs.latest(kind, ownerId, subjectId);
  }

  results(kind: string, ownerId: number, subjectId: number) {
    return this.jobs.results(kind, ownerId, subjectId);
  }

  listWithProject(kind: string, ownerId: number, offset: number, limit: number) {
    return this.jobs.listWithProject(kind, ownerId, offset, limit);
  }
}
