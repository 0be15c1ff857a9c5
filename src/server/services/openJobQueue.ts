import { availableParallelism } from 'node:os';
import type { JobsRepo } from '../adapters/db/jobs.repo';
import { BullTransport } from '../adapters/queue/bullmq';
import type { ServerConfig } from '../config';
import type { JobQueue, WorkerBeatStore } from './jobQueue';
import { BullJobQueue } from './jobQueueBull';
import { TableJobQueue } from './jobQueueTable';

/** The job queue the configuration asks for: BullMQ when REDIS_URL is set, else the job table. */
export function openJobQueue(
  jobs: JobsRepo,
  config: Pick<ServerConfig, 'redisUrl' | 'redisPrefix' | 'workerConcurrency' | 'role'>,
  log: (message: string, error?: unknown) => void,
  /** Where job-table workers' heartbeats go (BullMQ keeps them in Redis). */
  tableBeats?: WorkerBeatStore,
): JobQueue {
  const role = config.role ?? 'web';
  if (!config.redisUrl) return new TableJobQueue(jobs, log, undefined, tableBeats, role);
  const transport = new BullTransport({ url: config.redisUrl, prefix: config.redisPrefix ?? 'studio' });
  return new BullJobQueue(jobs, transport, log, {
    concurrency: config.workerConcurrency ?? availableParallelism(),
    role,
  });
}
