import { Redis } from 'ioredis';
import { reasonOf, withoutPassword } from '../serviceAddress';

/** How long a start waits for Redis to answer before it gives up with a clear message. */
const START_WAIT_MS = 5000;

/**
 * Resolves when Redis at `url` answers a PING; otherwise throws one line that names the address
 * (without its password) and what to do. Checked once at start: the queue's own connection
 * retries for ever and waits on every command, which at start would leave a process that neither
 * runs nor exits (a down Redis *later* is waited out and reported by /healthz instead).
 */
export async function redisAnswers(url: string, waitMs = START_WAIT_MS): Promise<void> {
  const probe = new Redis(url, {
    lazyConnect: true,
    connectTimeout: waitMs,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  // connect() rejects with "Connection is closed."; the socket's own error says why.
  let cause: unknown;
  probe.on('error', (error) => (cause ??= error));
  try {
    await probe.connect();
    await probe.ping();
  } catch (error) {
    const reason = reasonOf(cause ?? error);
    throw new Error(
      `Redis at ${withoutPassword(url)}: ${reason}; check REDIS_URL, or unset it to run jobs from the database's job table`,
    );
  } finally {
    probe.disconnect();
  }
}
