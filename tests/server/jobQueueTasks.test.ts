import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SubTaskContext } from '../../src/server/services/jobQueue';
import { JobFailure, type JobContext } from '../../src/server/services/jobHandler';
import { openTestQueue, type TestQueue } from './helpers/jobQueues';
import { testRedisUrl } from './helpers/redis';

/*
 * Issue 12: a job fans out as a BullMQ flow (the step pattern). Its first run adds its tasks as
 * children and ends; the job's row stays running while two queue instances (standing for two
 * worker processes) run the tasks, which report the job's progress; the job runs again to join
 * once all are done. A cancelled job's running tasks are stopped and its waiting ones removed; a
 * task that fails for good fails its job at once and stops its siblings; a task whose worker
 * dies is handed to another worker, and the job joins there.
 */

const redisUrl = await testRedisUrl();
const root = path.resolve(import.meta.dirname, '../..');

/** The test's parent job: `pieces` tasks, then the join (results by piece, failures fail it). */
function fanOutParent(pieces: number, runs: number[], message = 'joined') {
  return async (ctx: JobContext) => {
    runs.push(ctx.job.id);
    const settled = ctx.fanOut!.settled;
    if (!settled) {
      return ctx.fanOut!.waitFor(
        'test.piece',
        Array.from({ length: pieces }, (_, n) => ({ id: `piece-${n}`, data: { n } })),
      );
    }
    const failed = [...settled.failures.keys()];
    if (failed.length) throw new JobFailure(`${failed.join(',')}失败`);
    const results = Array.from({ length: pieces }, (_, n) => settled.results.get(`piece-${n}`));
    return { message, result: results };
  };
}

describe.skipIf(!redisUrl)('BullMQ sub-tasks (a flow: the job waits for its children)', () => {
  const queues: TestQueue[] = [];
  afterEach(async () => {
    for (const q of queues.reverse()) await q.stop();
    queues.length = 0;
  });

  /** Two workers on one database and prefix, each running two jobs and two tasks at once. */
  async function twoWorkers(
    task: (data: { n: number }, ctx: SubTaskContext) => Promise<unknown>,
    pieces = 6,
  ) {
    const first = await openTestQueue('bullmq', { redisUrl, concurrency: 2 });
    const second = await openTestQueue('bullmq', {
      redisUrl,
      concurrency: 2,
      dataDir: first.dataDir,
      prefix: first.redis!.prefix,
    });
    queues.push(first);
    queues.unshift(second);
    const runs: number[] = [];
    for (const q of [first, second]) {
      q.queue.subTasks!.registerTask('test.piece', { run: (data, ctx) => task(data as { n: number }, ctx) });
      q.queue.register('test.parent', { concurrency: 1, run: fanOutParent(pieces, runs) });
      await q.queue.start();
    }
    return { first, second, runs };
  }

  it('run on both workers while the job waits, report its progress, and are joined in a second run', async () => {
    const { first, runs } = await twoWorkers(async ({ n }, ctx) => {
      ctx.progress(0.5);
      await new Promise((r) => setTimeout(r, 300 + 100 * n));
      const sums = await ctx.tally(1, 1);
      await ctx.parentProgress(sums.done / 6, `${sums.complete}/6 块`);
      return { n, worker: ctx.workerId };
    });
    const id = await first.queue.enqueue({ kind: 'test.parent', ownerId: 1, subjectId: 1, payload: {} });
    // The pieces' reports reach the job's row while it waits (running, holding no worker slot).
    await expect
      .poll(async () => (await first.queue.find(id))?.message, { timeout: 20_000 })
      .toMatch(/^[1-5]\/6 块$/);
    expect((await first.queue.find(id))?.status).toBe('running');
    expect(runs).toEqual([id]);
    await expect.poll(async () => (await first.queue.find(id))?.status, { timeout: 20_000 }).toBe('done');
    const row = (await first.queue.find(id))!;
    const results = JSON.parse(row.result!) as { n: number; worker: string }[];
    expect(results.map((r) => r.n)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(new Set(results.map((r) => r.worker)).size).toBe(2);
    // Prepared once, joined once; one claim of its row.
    expect(runs).toEqual([id, id]);
    expect(row.attempts).toBe(1);
  }, 30_000);

  it('stop when their job is cancelled; the waiting ones never run', async () => {
    const started: number[] = [];
    const stopped: number[] = [];
    const { first, second, runs } = await twoWorkers(
      ({ n }, ctx) =>
        new Promise((resolve, reject) => {
          started.push(n);
          const timer = setTimeout(resolve, 20_000);
          ctx.signal.addEventListener('abort', () => {
            clearTimeout(timer);
            stopped.push(n);
            reject(new Error('stopped'));
          });
        }),
    );
    const id = await second.queue.enqueue({ kind: 'test.parent', ownerId: 1, subjectId: 1, payload: {} });
    // Four task slots on two workers: four pieces run, two wait.
    await expect.poll(() => started.length, { timeout: 10_000 }).toBe(4);
    expect(await first.queue.cancel('test.parent', 1, 1)).toBe(1);
    await expect.poll(() => stopped.length, { timeout: 5_000 }).toBe(4);
    await new Promise((r) => setTimeout(r, 1500));
    expect(started).toHaveLength(4); // the waiting two were removed, not run
    expect((await first.queue.find(id))?.status).toBe('cancelled');
    expect(runs).toEqual([id]); // a cancelled job is not joined
  }, 30_000);

  it('fail their job at once when one fails for good, stopping the others', async () => {
    const stopped: number[] = [];
    let brokenRuns = 0;
    const { first } = await twoWorkers(
      ({ n }, ctx) =>
        new Promise((resolve, reject) => {
          if (n === 0) {
            brokenRuns++;
            return reject(new Error('broken piece'));
          }
          const timer = setTimeout(resolve, 20_000);
          ctx.signal.addEventListener('abort', () => {
            clearTimeout(timer);
            stopped.push(n);
            reject(new Error('stopped'));
          });
        }),
      3,
    );
    const id = await first.queue.enqueue({ kind: 'test.parent', ownerId: 1, subjectId: 1, payload: {} });
    // Three attempts of the broken piece (1 s and 2 s apart), then the job fails, naming it.
    await expect.poll(async () => (await first.queue.find(id))?.status, { timeout: 15_000 }).toBe('failed');
    expect((await first.queue.find(id))?.message).toBe('piece-0失败');
    expect(brokenRuns).toBe(3);
    await expect.poll(() => stopped.sort(), { timeout: 5_000 }).toEqual([1, 2]);
  }, 30_000);

  it('of a worker that died are run by another, which then joins the job', async () => {
    const t = await openTestQueue('bullmq', { redisUrl, concurrency: 2 });
    queues.push(t);
    const id = await t.queue.enqueue({ kind: 'test.parent', ownerId: 1, subjectId: 1, payload: {} });
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'tests/server/helpers/jobQueueTasksChild.ts',
        t.dataDir,
        redisUrl!,
        t.redis!.prefix,
      ],
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    // The child ran the job's first step and runs two of its pieces itself (two task slots).
    await expect.poll(() => output.match(/piece \d/g)?.length ?? 0, { timeout: 30_000 }).toBe(2);
    expect(output).toContain(`parent ${id}`);
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));

    const ran: number[] = [];
    t.queue.subTasks!.registerTask('test.piece', {
      run: async (data, ctx) => {
        ran.push((data as { n: number }).n);
        return { n: (data as { n: number }).n, worker: ctx.workerId };
      },
    });
    const runs: number[] = [];
    t.queue.register('test.parent', { concurrency: 1, run: fanOutParent(3, runs, '接手完成') });
    await t.queue.start();
    // The dead worker's pieces' locks run out in about 15 s; the job itself held no lock.
    await expect.poll(async () => (await t.queue.find(id))?.status, { timeout: 40_000 }).toBe('done');
    const row = (await t.queue.find(id))!;
    expect(row).toMatchObject({ message: '接手完成', attempts: 1 });
    expect((JSON.parse(row.result!) as { n: number }[]).map((r) => r.n)).toEqual([0, 1, 2]);
    expect(ran.sort()).toEqual([0, 1, 2]);
    expect(runs).toEqual([id]); // only the join ran here
  }, 60_000);
});
