import { afterEach, describe, expect, it, vi } from 'vitest';
import { BullTaskTransport } from '../../src/server/adapters/queue/bullmqTasks';
import type { JobContext } from '../../src/server/services/jobHandler';
import { openTestQueue, type TestQueue } from './helpers/jobQueues';
import { testRedisUrl } from './helpers/redis';

/*
 * Issue 12: a cancel that lands while a fanned-out job is between the end of its first step and
 * its move to waiting-children. The job is still active then, so the cancel can neither remove it
 * nor its tasks, and the job's own abort is already gone. The window is opened on purpose by
 * stubbing the step that adds the tasks (BullTaskTransport.addChildren): the cancel runs inside it,
 * before or after the real step, so no sleep decides who wins.
 */

const redisUrl = await testRedisUrl();

describe.skipIf(!redisUrl)('a cancel between a job adding its tasks and waiting for them', () => {
  let t: TestQueue | undefined;
  afterEach(async () => {
    vi.restoreAllMocks();
    releasing = true;
    release.forEach((r) => r());
    await t?.stop();
    t = undefined;
  });

  /** Pieces started, each with whether the cancel had returned by then; pieces stopped. */
  let started: { n: number; afterCancel: boolean }[] = [];
  let stopped: number[] = [];
  let release: (() => void)[] = [];
  /** At the end: pieces end at once, so the queue can close. */
  let releasing = false;
  let cancelled = false;

  /** A queue with two task slots whose job fans out six pieces that run until stopped. */
  async function openQueue() {
    started = [];
    stopped = [];
    release = [];
    releasing = false;
    cancelled = false;
    t = await openTestQueue('bullmq', { redisUrl, concurrency: 2 });
    const runs: number[] = [];
    t.queue.subTasks!.registerTask('test.piece', {
      run: (data, ctx) =>
        new Promise((resolve) => {
          const { n } = data as { n: number };
          started.push({ n, afterCancel: cancelled });
          release.push(() => resolve({ n }));
          if (releasing) resolve({ n });
          ctx.signal.addEventListener('abort', () => {
            stopped.push(n);
            resolve({ n });
          });
        }),
    });
    t.queue.register('test.parent', {
      concurrency: 1,
      async run(ctx: JobContext) {
        runs.push(ctx.job.id);
        if (ctx.fanOut!.settled) return { message: 'joined' };
        return ctx.fanOut!.waitFor(
          'test.piece',
          Array.from({ length: 6 }, (_, n) => ({ id: `piece-${n}`, data: { n } })),
        );
      },
    });
    return { t, runs };
  }

  /** Runs `during` inside the step that adds the tasks: before the real step or after it. */
  function openWindow(when: 'before' | 'after', during: () => Promise<void>) {
    const addChildren = BullTaskTransport.prototype.addChildren;
    vi.spyOn(BullTaskTransport.prototype, 'addChildren').mockImplementation(async function (
      this: BullTaskTransport,
      ...args
    ) {
      if (when === 'before') await during();
      await addChildren.apply(this, args);
      if (when === 'after') await during();
    });
  }

  it('stops the tasks already running at once and starts none of the others', async () => {
    const { t, runs } = await openQueue();
    let stoppedInWindow: number[] | undefined;
    openWindow('after', async () => {
      // Both task slots took a piece before the job could move to waiting-children.
      await expect.poll(() => started.length, { timeout: 10_000 }).toBe(2);
      expect(await t.queue.cancel('test.parent', 1, 1)).toBe(1);
      cancelled = true;
      // At once: while the job is still in the window, not only once it has moved.
      await expect
        .poll(() => stopped.length, { timeout: 2_000 })
        .toBe(2)
        .catch(() => undefined);
      stoppedInWindow = [...stopped].sort();
    });
    await t.queue.start();
    const id = await t.queue.enqueue({ kind: 'test.parent', ownerId: 1, subjectId: 1, payload: {} });
    await expect.poll(() => stoppedInWindow, { timeout: 15_000 }).toBeDefined();
    expect(stoppedInWindow).toEqual([0, 1]);
    await new Promise((r) => setTimeout(r, 1500));
    expect(started.filter((s) => s.afterCancel)).toEqual([]);
    expect(started).toHaveLength(2);
    expect((await t.queue.find(id))?.status).toBe('cancelled');
    expect(runs).toEqual([id]); // a cancelled job is not joined
  }, 30_000);

  it('starts no task when the cancel lands before the tasks are added', async () => {
    const { t, runs } = await openQueue();
    openWindow('before', async () => {
      expect(await t.queue.cancel('test.parent', 1, 1)).toBe(1);
      cancelled = true;
    });
    await t.queue.start();
    const id = await t.queue.enqueue({ kind: 'test.parent', ownerId: 1, subjectId: 1, payload: {} });
    await expect.poll(() => cancelled, { timeout: 10_000 }).toBe(true);
    await new Promise((r) => setTimeout(r, 2000));
    expect(started).toEqual([]);
    expect((await t.queue.find(id))?.status).toBe('cancelled');
    expect(runs).toEqual([id]);
  }, 30_000);
});
