import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SubTaskFailed, type SubTaskContext } from '../../src/server/services/jobQueue';
import { JobFailure } from '../../src/server/services/jobHandler';
import { openTestQueue, type TestQueue } from './helpers/jobQueues';
import { testRedisUrl } from './helpers/redis';

/*
 * Issue 12: sub-tasks on BullMQ (a render's pages). Two queue instances stand for two worker
 * processes: a job's tasks run on both while the job waits, results come back in order; a
 * cancelled job's running tasks are stopped and its waiting ones removed; a task that fails for
 * good fails its job and stops its siblings.
 */

const redisUrl = await testRedisUrl();
const root = path.resolve(import.meta.dirname, '../..');

describe.skipIf(!redisUrl)('BullMQ sub-tasks', () => {
  const queues: TestQueue[] = [];
  afterEach(async () => {
    for (const q of queues.reverse()) await q.stop();
    queues.length = 0;
  });

  /** Two workers on one database and prefix, each running `slots` tasks at once. */
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
    for (const q of [first, second]) {
      q.queue.subTasks!.registerTask('test.piece', { run: (data, ctx) => task(data as { n: number }, ctx) });
      q.queue.register('test.parent', {
        concurrency: 1,
        async run(ctx) {
          const results = await q.queue
            .subTasks!.runAll(
              'test.piece',
              ctx.job.id,
              Array.from({ length: pieces }, (_, n) => ({ id: `piece-${n}`, data: { n } })),
              { signal: ctx.signal, onProgress: () => undefined },
            )
            .catch((error: unknown) => {
              if (error instanceof SubTaskFailed) throw new JobFailure(`第${error.index}块失败`);
              throw error;
            });
          return { message: 'joined', result: results };
        },
      });
      await q.queue.start();
    }
    return { first, second };
  }

  it('run on both workers while the job waits, results in order', async () => {
    const { first } = await twoWorkers(async ({ n }, ctx) => {
      ctx.progress(0.5);
      await new Promise((r) => setTimeout(r, 300));
      return { n, worker: ctx.workerId };
    });
    const id = await first.queue.enqueue({ kind: 'test.parent', ownerId: 1, subjectId: 1, payload: {} });
    await expect.poll(async () => (await first.queue.find(id))?.status, { timeout: 20_000 }).toBe('done');
    const results = JSON.parse((await first.queue.find(id))!.result!) as { n: number; worker: string }[];
    expect(results.map((r) => r.n)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(new Set(results.map((r) => r.worker)).size).toBe(2);
  }, 30_000);

  it('stop when their job is cancelled', async () => {
    const started: number[] = [];
    const stopped: number[] = [];
    const { first, second } = await twoWorkers(
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
    // Four slots on two workers: four pieces run, two wait.
    await expect.poll(() => started.length, { timeout: 10_000 }).toBe(4);
    expect(await first.queue.cancel('test.parent', 1, 1)).toBe(1);
    await expect.poll(() => stopped.length, { timeout: 5_000 }).toBe(4);
    await new Promise((r) => setTimeout(r, 1500));
    expect(started).toHaveLength(4); // the waiting two were removed, not run
    expect((await first.queue.find(id))?.status).toBe('cancelled');
  }, 30_000);

  it('fail their job when one fails for good, stopping the others', async () => {
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
    // Three attempts of the broken piece (1 s and 2 s apart), then the job fails at once, naming it.
    await expect.poll(async () => (await first.queue.find(id))?.status, { timeout: 15_000 }).toBe('failed');
    expect((await first.queue.find(id))?.message).toBe('第0块失败');
    expect(brokenRuns).toBe(3);
    await expect.poll(() => stopped.sort(), { timeout: 5_000 }).toEqual([1, 2]);
  }, 30_000);

  it('are finished when the worker running their job dies: another takes the job over and joins them', async () => {
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
    // The child waits for its job's pieces, two of which it runs itself (two slots).
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
    t.queue.register('test.parent', {
      concurrency: 1,
      async run(ctx) {
        const tasks = [0, 1, 2].map((n) => ({ id: `piece-${n}`, data: { n } }));
        const result = await t.queue.subTasks!.runAll('test.piece', ctx.job.id, tasks, {
          signal: ctx.signal,
          onProgress: () => undefined,
        });
        return { message: '接手完成', result };
      },
    });
    await t.queue.start();
    // The job's lock runs out in about 2 s here, the dead worker's pieces' in about 15 s.
    await expect.poll(async () => (await t.queue.find(id))?.status, { timeout: 40_000 }).toBe('done');
    const row = (await t.queue.find(id))!;
    expect(row).toMatchObject({ message: '接手完成', attempts: 2 });
    expect((JSON.parse(row.result!) as { n: number }[]).map((r) => r.n)).toEqual([0, 1, 2]);
    expect(ran.sort()).toEqual([0, 1, 2]);
  }, 60_000);
});
