import { afterEach, describe, expect, it } from 'vitest';
import { JobFailure, type JobContext, type JobHandler } from '../../src/server/services/jobRunner';
import { openTestQueue, type QueueImpl, type TestQueue } from './helpers/jobQueues';
import { testRedisUrl } from './helpers/redis';

/*
 * Issue 12: one job interface, two implementations. The same contract runs against the durable
 * job table (the embedded default) and BullMQ on the real Redis: enqueue -> run -> progress ->
 * done, failures, retries, cancel, per-user fairness and priorities. Status is read from the job
 * table rows in both, which is what composeStatus and the other status reads answer from.
 */

const redisUrl = await testRedisUrl();
const impls: QueueImpl[] = redisUrl ? ['table', 'bullmq'] : ['table'];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A gate a test opens when it wants a job to go on. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  return { open, opened };
}

describe.each(impls)('the job queue on %s', (impl) => {
  let t: TestQueue;
  const open = async (concurrency = 1) => {
    t = await openTestQueue(impl, { redisUrl, concurrency });
    return t.queue;
  };
  afterEach(async () => {
    await t?.stop();
  });
  const row = (id: number) => t.queue.find(id);
  /** A handler that records who started when, and waits `ms` (the table's slots: `concurrency`). */
  const recorder = (log: string[], running: Set<string>, ms: number, concurrency = 1): JobHandler => ({
    concurrency,
    async run(ctx: JobContext) {
      const name = `${ctx.job.owner_id}/${ctx.job.subject_id}`;
      log.push(name);
      running.add(name);
      await sleep(ms);
      running.delete(name);
      return { message: 'ok' };
    },
  });

  it('runs a job: queued, running with progress, done with its result', async () => {
    const queue = await open();
    const step = gate();
    const finish = gate();
    queue.register('test.echo', {
      concurrency: 1,
      async run(ctx) {
        await ctx.progress(0.5, '一半');
        step.open();
        await finish.opened;
        return { message: '完成', result: { echoed: (ctx.payload as { word: string }).word } };
      },
    });
    const id = await queue.enqueue({ kind: 'test.echo', ownerId: 7, subjectId: 3, payload: { word: 'hi' } });
    expect((await row(id))?.status).toBe('queued');
    await queue.start();
    await step.opened;
    expect(await row(id)).toMatchObject({ status: 'running', progress: 0.5, message: '一半' });
    expect((await queue.latest('test.echo', 7, 3))?.id).toBe(id);
    finish.open();
    await expect.poll(async () => (await row(id))?.status).toBe('done');
    expect(await row(id)).toMatchObject({ progress: 1, message: '完成', result: '{"echoed":"hi"}' });
  });

  it('fails a job with its own reason at once, and gives back what it took', async () => {
    const queue = await open();
    let runs = 0;
    const failedHook: number[] = [];
    queue.register('test.bad', {
      concurrency: 1,
      async run() {
        runs++;
        throw new JobFailure('第2页的语音尚未合成完成');
      },
      failed: async (job) => void failedHook.push(job.id),
    });
    const id = await queue.enqueue({ kind: 'test.bad', ownerId: 1, subjectId: 1, payload: {} });
    await queue.start();
    await expect.poll(async () => (await row(id))?.status).toBe('failed');
    expect((await row(id))?.message).toBe('第2页的语音尚未合成完成');
    await sleep(400);
    expect([runs, failedHook]).toEqual([1, [id]]);
  });

  it(
    impl === 'bullmq'
      ? 'retries an unexpected error with backoff, and fails after the last attempt'
      : 'fails an unexpected error at once (the embedded profile has no one else to retry on)',
    async () => {
      const queue = await open();
      const runs = new Map<number, number>();
      const failedHook: number[] = [];
      queue.register('test.flaky', {
        concurrency: 1,
        async run(ctx) {
          const n = (runs.get(ctx.job.subject_id) ?? 0) + 1;
          runs.set(ctx.job.subject_id, n);
          // Subject 1 recovers on its second run; subject 2 never does.
          if (ctx.job.subject_id === 2 || n === 1) throw new Error('disk hiccup');
          return { message: 'ok' };
        },
        failed: async (job) => void failedHook.push(job.subject_id),
      });
      const flaky = await queue.enqueue({ kind: 'test.flaky', ownerId: 1, subjectId: 1, payload: {} });
      const broken = await queue.enqueue({ kind: 'test.flaky', ownerId: 2, subjectId: 2, payload: {} });
      await queue.start();
      if (impl === 'bullmq') {
        await expect.poll(async () => (await row(flaky))?.status).toBe('done');
        await expect.poll(async () => (await row(broken))?.status).toBe('failed');
        expect((await row(broken))?.message).toBe('处理失败，请稍后重试');
        expect([runs.get(1), runs.get(2), failedHook]).toEqual([2, 3, [2]]);
      } else {
        await expect.poll(async () => (await row(broken))?.status).toBe('failed');
        await expect.poll(async () => (await row(flaky))?.status).toBe('failed');
        expect([runs.get(1), runs.get(2), failedHook.sort()]).toEqual([1, 1, [1, 2]]);
      }
    },
  );

  it('cancels a running job at once and a queued one before it runs', async () => {
    const queue = await open();
    const started = gate();
    const ran: number[] = [];
    let stoppedAfterMs = -1;
    queue.register('test.long', {
      concurrency: 1,
      perOwner: 2,
      async run(ctx) {
        ran.push(ctx.job.subject_id);
        started.open();
        const t0 = Date.now();
        await new Promise((resolve) => ctx.signal.addEventListener('abort', resolve));
        stoppedAfterMs = Date.now() - t0;
        throw ctx.signal.reason;
      },
    });
    const running = await queue.enqueue({ kind: 'test.long', ownerId: 1, subjectId: 1, payload: {} });
    const waiting = await queue.enqueue({ kind: 'test.long', ownerId: 1, subjectId: 2, payload: {} });
    await queue.start();
    await started.opened;
    expect(await queue.cancel('test.long', 1, 2)).toBe(1);
    const t0 = Date.now();
    expect(await queue.cancel('test.long', 1, 1)).toBe(1);
    await expect.poll(() => stoppedAfterMs, { interval: 20 }).toBeGreaterThanOrEqual(0);
    expect(Date.now() - t0).toBeLessThan(2000);
    expect(await row(running)).toMatchObject({ status: 'cancelled', message: '已取消' });
    expect((await row(waiting))?.status).toBe('cancelled');
    await sleep(500);
    expect(ran).toEqual([1]);
  });

  it("runs another user's first job before one user's queued ones, one at a time per user", async () => {
    const queue = await open(1);
    const log: string[] = [];
    queue.register('test.fair', recorder(log, new Set(), 50));
    for (let n = 1; n <= 3; n++)
      await queue.enqueue({ kind: 'test.fair', ownerId: 1, subjectId: n, payload: {} });
    await queue.enqueue({ kind: 'test.fair', ownerId: 2, subjectId: 1, payload: {} });
    await queue.start();
    await expect.poll(() => log.length).toBe(4);
    expect(log).toEqual(['1/1', '2/1', '1/2', '1/3']);
  });

  it("with free slots, one user's long queue never takes them all", async () => {
    const queue = await open(2);
    const log: string[] = [];
    const running = new Set<string>();
    let overlapOfOne = false;
    let twoUsersAtOnce = false;
    const base = recorder(log, running, 300, 2);
    queue.register('test.slots', {
      ...base,
      async run(ctx) {
        const result = base.run(ctx);
        const mine = [...running].filter((n) => n.startsWith(`${ctx.job.owner_id}/`));
        if (mine.length > 1) overlapOfOne = true;
        if (running.size === 2) twoUsersAtOnce = true;
        return result;
      },
    });
    for (let n = 1; n <= 4; n++)
      await queue.enqueue({ kind: 'test.slots', ownerId: 1, subjectId: n, payload: {} });
    await queue.enqueue({ kind: 'test.slots', ownerId: 2, subjectId: 1, payload: {} });
    await queue.start();
    await expect.poll(() => log.length).toBe(5);
    // User 2's single job ran beside user 1's first, not after user 1's queue.
    expect(log.indexOf('2/1')).toBeLessThanOrEqual(1);
    expect([overlapOfOne, twoUsersAtOnce]).toEqual([false, true]);
  });

  it('runs a short job before long ones that were queued earlier', async () => {
    const queue = await open(1);
    const log: string[] = [];
    queue.register('test.render', recorder(log, new Set(), 100));
    queue.register('test.pdf', recorder(log, new Set(), 10));
    await queue.enqueue({ kind: 'test.render', ownerId: 1, subjectId: 1, payload: {}, priority: 'long' });
    await queue.enqueue({ kind: 'test.render', ownerId: 2, subjectId: 1, payload: {}, priority: 'long' });
    await queue.enqueue({ kind: 'test.pdf', ownerId: 3, subjectId: 1, payload: {}, priority: 'short' });
    await queue.start();
    await expect.poll(() => log.length).toBe(3);
    expect(log.indexOf('3/1')).toBeLessThan(log.indexOf('2/1'));
  });
});
