import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

/**
 * The Redis the BullMQ tests use: TEST_REDIS_URL (empty: none), else 127.0.0.1:6379, when it
 * answers. Undefined, with one printed line saying so, when none does: those tests then skip, as
 * the PostgreSQL pass does without a database.
 */
export async function testRedisUrl(): Promise<string | undefined> {
  const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  if (url && (await answers(url))) return url;
  console.log(
    `Redis does not answer${url ? ` on ${url}` : ' (TEST_REDIS_URL is empty)'}: BullMQ tests skipped`,
  );
  return undefined;
}

async function answers(url: string): Promise<boolean> {
  const client = new Redis(url, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

/** A key prefix of its own for one test, so runs sharing a Redis never see each other's jobs. */
export const testPrefix = () => `test-${randomBytes(5).toString('hex')}`;

/** Deletes every key under a test's prefix. */
export async function dropPrefix(url: string, prefix: string): Promise<void> {
  const client = new Redis(url);
  let cursor = '0';
  do {
    const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
    if (keys.length) await client.del(...keys);
    cursor = next;
  } while (cursor !== '0');
  await client.quit();
}
