import { afterEach, describe, expect, it } from 'vitest';
import { LEASE_MS } from '../../src/server/services/jobExecution';
import type { BullJobQueue } from '../../src/server/services/jobQueueBull';
import { BullTransport } from '../../src/server/adapters/queue/bullmq';
import { LostJobReconciler } from '../../src/server/services/jobQueueReconcile';
import { openTestQueue, type TestQueue } from './helpers/jobQueues';
import { dropPrefix, testRedisUrl } from './helpers/redis';

/*
 * Issue 12: Redis here keeps nothing on disk, so a restart loses every BullMQ job. A job waiting
 * for its tasks then stays running in the job table, holding its owner's slot until its 6 h
 * lease runs out. The lost-job check (jobQueueReconcile.ts) queues such a row again at its next
 * pass; the job starts over and finishes, and its owner's next job is no longer held up. Rows
 * whose job is waiting for its tasks, or whose step a process is running, are left alone.
 */

const redisUrl = await testRedisUrl();

describe.skipIf(!redisUrl)('jobs that Redis has lost', () => {
  let t: TestQueue | undefined;
  const release: (() => void)[] = [];
  afterEach(async () => {
    release.forEach((r) => r());
    await t?.stop();
    t = undefined;
  });

  it('are queued again by one check, finish, and no longer hold up their owner', async () => {
    t = await openTestQueue('bullmq', { redisUrl, concurrency: 2 });
    const queue = t.queue as BullJobQueue;
    /** Pieces before the loss hang (a long page), after it they end at once. */
    let lost = false;
    const pieces: { n: number; lost: boolean }[] = [];
    queue.subTasks.registerTask('test.piece', {
      async run(data) {
        const { n } = data as { n: number };
        pieces.push({ n, lost });
        if (!lost) await new Promise<void>((r) => release.push(r));
        return { n };
      },
    });
    const runs: number[] = [];
    queue.register('test.parent', {
      concurrency: 1,
      async run(ctx) {
        runs.push(ctx.job.id);
        if (ctx.fanOut!.settled) return { message: `joined ${ctx.fanOut!.settled.results.size}` };
        return ctx.fanOut!.waitFor(
          'test.piece',
          [0, 1, 2].map((n) => ({ id: `piece-${n}`, data: { n } })),
        );
      },
    });
    // Another owner's job whose step is running when Redis is lost (its worker is alive).
    let endSlowStep = () => undefined as void;
    const slowStep = new Promise<void>((r) => (endSlowStep = r));
    release.push(() => endSlowStep());
    queue.register('test.slow', {
      concurrency: 1,
      async run() {
        await slowStep;
        return { message: 'slow done' };
      },
    });
    await queue.start();

    const render = await queue.enqueue({ kind: 'test.parent', ownerId: 1, subjectId: 1, payload: {} });
    const slow = await queue.enqueue({ kind: 'test.slow', ownerId: 2, subjectId: 1, payload: {} });
    await expect.poll(() => pieces.length, { timeout: 10_000 }).toBe(2);
    await expect.poll(async () => (await queue.find(slow))?.status, { timeout: 10_000 }).toBe('running');
    // Waiting for its pieces (a lease of hours) or running its step: neither is touched.
    const waiting = (await queue.find(render))!;
    expect(waiting).toMatchObject({ status: 'running', attempts: 1 });
    expect(waiting.locked_until - Date.now()).toBeGreaterThan(LEASE_MS);
    expect(await queue.reconciler.check()).toEqual([]);

    // Redis restarts: every job, task and key of this queue is gone.
    await dropPrefix(redisUrl!, t.redis!.prefix);
    lost = true;
    release.splice(1).forEach((r) => r()); // the old pieces end; their results go nowhere
    const next = await queue.enqueue({ kind: 'test.parent', ownerId: 1, subjectId: 2, payload: {} });
    await new Promise((r) => setTimeout(r, 1000));
    // The lost render holds its owner's slot: the owner's next job cannot start.
    expect(await queue.find(render)).toMatchObject({ status: 'running' });
    expect(await queue.find(next)).toMatchObject({ status: 'queued' });

    // One check notices it; the slow job's step is still running, so it is left alone.
    expect(await queue.reconciler.check()).toEqual([render]);
    expect((await queue.find(slow))?.status).toBe('running');
    await expect.poll(async () => (await queue.find(next))?.status, { timeout: 15_000 }).toBe('done');
    await expect.poll(async () => (await queue.find(render))?.status, { timeout: 15_000 }).toBe('done');
    expect(await queue.find(render)).toMatchObject({ message: 'joined 3', attempts: 2 });
    // First step before the loss, first step again, join; its three pieces ran again after it.
    expect(runs.filter((id) => id === render)).toHaveLength(3);
    expect(pieces.filter((p) => p.lost).length).toBeGreaterThanOrEqual(3);
    endSlowStep();
    await expect.poll(async () => (await queue.find(slow))?.status, { timeout: 5_000 }).toBe('done');
    expect(await queue.reconciler.check()).toEqual([]);
  }, 40_000);

  it('are looked for on a timer, by one worker at a time', async () => {
    t = await openTestQueue('bullmq', { redisUrl });
    // Two workers' checks on one Redis, every 200 ms: each interval's chore goes to one of them.
    const transport = new BullTransport(t.redis!);
    const checks: string[] = [];
    const reconcilers = ['a', 'b'].map((name) => {
      const reconciler = new LostJobReconciler(
        {
          jobs: t!.jobs,
          holds: async () => true,
          submit: async () => undefined,
          takeChore: (chore, ttlMs) => transport.takeChore(chore, ttlMs),
          log: () => undefined,
        },
        200,
      );
      reconciler.check = async () => {
        checks.push(name);
        return [];
      };
      return reconciler;
    });
    reconcilers.forEach((r) => r.start());
    await new Promise((r) => setTimeout(r, 1100));
    await Promise.all(reconcilers.map((r) => r.stop()));
    await transport.close();
    // Five intervals: about five checks, not ten.
    expect(checks.length).toBeGreaterThanOrEqual(3);
    expect(checks.length).toBeLessThanOrEqual(7);
  });
});
