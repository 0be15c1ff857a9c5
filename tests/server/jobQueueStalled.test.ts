import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestQueue, type TestQueue } from './helpers/jobQueues';
import { testRedisUrl } from './helpers/redis';

/*
 * Issue 12: a job whose worker process dies mid-job (SIGKILL: no goodbye, its lock just stops
 * being renewed) is picked up by another worker through BullMQ's stalled-job check and finishes.
 */

const redisUrl = await testRedisUrl();
const root = path.resolve(import.meta.dirname, '../..');

describe.skipIf(!redisUrl)('a BullMQ job whose worker is killed', () => {
  let t: TestQueue | undefined;
  afterAll(async () => {
    await t?.stop();
  });

  it('is finished by another worker', async () => {
    t = await openTestQueue('bullmq', { redisUrl });
    const id = await t.queue.enqueue({ kind: 'test.stall', ownerId: 1, subjectId: 1, payload: {} });
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'tests/server/helpers/jobQueueChild.ts', t.dataDir, redisUrl!, t.redis!.prefix],
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    await expect.poll(() => output, { timeout: 30_000, interval: 50 }).toContain(`started ${id}`);
    expect(await t.queue.find(id)).toMatchObject({ status: 'running', progress: 0.25, attempts: 1 });
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));

    // This process becomes the other worker; it finishes what the dead one started.
    const ranHere: number[] = [];
    t.queue.register('test.stall', {
      concurrency: 1,
      async run(ctx) {
        ranHere.push(ctx.job.id);
        return { message: '接手完成' };
      },
    });
    await t.queue.start();
    await expect.poll(async () => (await t!.queue.find(id))?.status, { timeout: 20_000 }).toBe('done');
    expect(await t.queue.find(id)).toMatchObject({ message: '接手完成', attempts: 2 });
    expect(ranHere).toEqual([id]);
  }, 60_000);
});
