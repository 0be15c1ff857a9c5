import { loadConfig } from '../config';
import { openDatabase } from '../adapters/db/database';
import { JobsRepo } from '../adapters/db/jobs.repo';
import { JobsAdminRepo } from '../adapters/db/jobsAdmin.repo';
import type { JobQueue } from '../services/jobQueue';
import { openJobQueue } from '../services/openJobQueue';

/** What the `npm run jobs` commands work on. */
export interface JobsCliDeps {
  admin: JobsAdminRepo;
  queue: JobQueue;
  /** The clock, for tests. */
  now?: number;
}

/**
 * What `npm run jobs` works on: the configured database and job queue (BullMQ when REDIS_URL is
 * set), without the web server or any worker: this process runs no jobs.
 */
export async function openJobsCli(): Promise<{ deps: JobsCliDeps; close(): Promise<void> }> {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    schema: config.databaseSchema,
  });
  const queue = await openJobQueue(new JobsRepo(database.db), config, (message, error) =>
    console.error(message, error ?? ''),
  ).catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  return {
    deps: { admin: new JobsAdminRepo(database.db), queue },
    async close() {
      await queue.close();
      await database.close();
    },
  };
}
