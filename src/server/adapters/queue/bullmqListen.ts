import type { Worker } from 'bullmq';
import type { Redis } from 'ioredis';

/** A subscriber connection of its own on `channel` (a subscribed connection can do nothing else). */
export async function listen(
  connection: Redis,
  channel: string,
  onMessage: (message: string) => void,
): Promise<Redis> {
  const subscriber = connection.duplicate();
  subscriber.on('error', () => undefined);
  subscriber.on('message', (_channel: string, message: string) => onMessage(message));
  await subscriber.subscribe(channel);
  return subscriber;
}

/** Stops a BullMQ worker (waiting for what it runs) and its subscriber. */
export async function stopListening(
  worker: Worker | undefined,
  subscriber: Redis | undefined,
): Promise<void> {
  await worker?.close();
  await subscriber?.quit().catch(() => undefined);
}
