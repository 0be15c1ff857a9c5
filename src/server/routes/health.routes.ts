import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import type { JobQueue } from '../services/jobQueue';

const { version } = createRequire(import.meta.url)('../../../package.json') as { version: string };
/** A check that has not answered by then counts as down (a dead Redis makes commands wait forever). */
const CHECK_TIMEOUT_MS = 2000;

/** The outcome of one check: ok, or the reason it failed. */
interface Check {
  ok: boolean;
  error?: string;
  ms: number;
}

async function check(probe: () => Promise<unknown>): Promise<Check> {
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([probe(), timeout]);
    return { ok: true, ms: Date.now() - started };
  } catch (error) {
    return { ok: false, error: (error as Error).message, ms: Date.now() - started };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET /healthz, for load balancers and operators (no login): 200 when the database and the job
 * queue answer, else 503; with the version, this process's uptime and the live job workers (their
 * heartbeats, whichever process sent them).
 */
export async function healthRoutes(
  app: FastifyInstance,
  opts: { queue: JobQueue; pingDatabase(): Promise<void> },
) {
  app.get('/healthz', async (_request, reply) => {
    const [database, queue] = await Promise.all([check(opts.pingDatabase), check(() => opts.queue.ping())]);
    let workers: Awaited<ReturnType<JobQueue['liveWorkers']>> = [];
    if (queue.ok) {
      const listed = await check(async () => (workers = await opts.queue.liveWorkers()));
      if (!listed.ok) Object.assign(queue, { ok: false, error: `workers: ${listed.error}` });
    }
    const healthy = database.ok && queue.ok;
    return reply
      .status(healthy ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({
        status: healthy ? 'ok' : 'unavailable',
        version,
        uptimeSeconds: Math.round(process.uptime()),
        database,
        queue: { engine: opts.queue.engine, ...queue },
        workers: workers.map((w) => ({
          ...w,
          secondsSinceSeen: Math.round((Date.now() - w.lastSeen) / 1000),
        })),
      });
  });
}
