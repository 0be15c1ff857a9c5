import { availableParallelism } from 'node:os';
import type { JobsRepo } from '../adapters/db/jobs.repo';
import type { ServerConfig } from '../config';
import type { JobQueue, WorkerBeatStore } from './jobQueue';
import { TableJobQueue } from './jobQueueTable';

/**
 * The job queue the configuration asks for: BullMQ when REDIS_URL is set, else the job table.
 * BullMQ and its Redis client are loaded only then (as the S3 store is, openFileStore.ts): they
 * were about 0.3 s of every start on the job table, the embedded default.
 */
export async function openJobQueue(
  jobs: JobsRepo,
  config: Pick<ServerConfig, 'redisUrl' | 'redisPrefix' | 'workerConcurrency' | 'role'>,
  log: (message: string, error?: unknown) => void,
  /** Where job-table workers' heartbeats go (BullMQ keeps them in Redis). */
  tableBeats?: WorkerBeatStore,
): Promise<JobQueue> {
  const role = config.role ?? 'web';
  if (!config.redisUrl) return new TableJobQueue(jobs, log, undefined, tableBeats, role);
  const [{ BullTransport }, { BullJobQueue }, { redisAnswers }] = await Promise.all([
    import('../adapters/queue/bullmq'),
    import('./jobQueueBull'),
    import('../adapters/queue/redisAnswers'),
  ]);
  await redisAnswers(config.redisUrl);
  const transport = new BullTransport({ url: config.redisUrl, prefix: config.redisPrefix ?? 'studio' });
  return new BullJobQueue(jobs, transport, log, {
    concurrency: config.workerConcurrency ?? availableParallelism(),
    role,
  });
}
