import { availableParallelism } from 'node:os';
import type { JobsRepo } from '../adapters/db/jobs.repo';
import { BullTransport } from '../adapters/queue/bullmq';
import type { ServerConfig } from '../config';
import type { JobQueue } from './jobQueue';
import { BullJobQueue } from './jobQueueBull';
import { TableJobQueue } from './jobQueueTable';

/** The job queue the configuration asks for: BullMQ when REDIS_URL is set, else the job table. */
export function openJobQueue(
  jobs: JobsRepo,
  config: Pick<ServerConfig, 'redisUrl' | 'redisPrefix' | 'workerConcurrency'>,
  log: (message: string, error?: unknown) => void,
): JobQueue {
  if (!config.redisUrl) return new TableJobQueue(jobs, log);
  const transport = new BullTransport({ url: config.redisUrl, prefix: config.redisPrefix ?? 'studio' });
  return new BullJobQueue(jobs, transport, log, {
    concurrency: config.workerConcurrency ?? availableParallelism(),
  });
}
