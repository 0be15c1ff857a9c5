import { afterEach, describe, expect, it } from 'vitest';
import { JobsAdminRepo } from '../../src/server/adapters/db/jobsAdmin.repo';
import { UsersRepo } from '../../src/server/adapters/db/users.repo';
import { JobFailure } from '../../src/server/services/jobHandler';
import { cleanJobs, formatAge, listJobs, retryJob, type JobsCliDeps } from '../../src/server/cli/jobs';
import { openTestQueue, type QueueImpl, type TestQueue } from './helpers/jobQueues';
import { testRedisUrl } from './helpers/redis';

/*
 * Issue 12: `npm run jobs -- list|retry|clean` on a real database, with either queue: the list
 * shows kind, user, status, progress and age; a failed job retried by id runs again to the end;
 * clean removes old finished jobs but keeps what status reads and 我的视频 answer from.
 */

const redisUrl = await testRedisUrl();
const databases = process.env.TEST_DATABASE_URL ? [false, true] : [false];
const cases: [QueueImpl, boolean][] = (['table', 'bullmq'] as const)
  .filter((impl) => impl === 'table' || redisUrl)
  .flatMap((impl) => databases.map((pgDb) => [impl, pgDb] as [QueueImpl, boolean]));
const DAY = 86_400_000;

describe.each(cases)('npm run jobs with the %s queue (PostgreSQL: %s)', (impl, postgres) => {
  let t: TestQueue | undefined;
  afterEach(async () => {
    await t?.stop();
    t = undefined;
  });

  async function setUp() {
    t = await openTestQueue(impl, { redisUrl, postgres });
    const users = new UsersRepo(t.database.db);
    const owner = await users.insert({
      username: 'alice',
      passwordHash: 'x',
      nickname: 'alice',
      roles: ['user'],
      points: 0,
    });
    const deps: JobsCliDeps = { admin: new JobsAdminRepo(t.database.db), queue: t.queue };
    return { t, owner, deps };
  }

  it('lists jobs and retries a failed one, which then runs to the end', async () => {
    const { t, owner, deps } = await setUp();
    let runs = 0;
    t.queue.register('test.cli', {
      concurrency: 1,
      async run(ctx) {
        runs++;
        await ctx.progress(0.5, '一半');
        if (runs === 1) throw new JobFailure('素材缺失');
        return { message: '完成' };
      },
    });
    await t.queue.start();
    const id = await t.queue.enqueue({ kind: 'test.cli', ownerId: owner, subjectId: 7, payload: {} });
    await expect.poll(async () => (await t.queue.find(id))?.status, { timeout: 15_000 }).toBe('failed');

    const listed = await listJobs(deps, {});
    const [header, line] = listed.split('\n');
    expect(header.split(/\s+/)).toEqual([
      'ID',
      'KIND',
      'USER',
      'STATUS',
      'PROGRESS',
      'TRIES',
      'AGE',
      'MESSAGE',
    ]);
    expect(line.split(/\s+/)).toEqual([
      String(id),
      'test.cli',
      'alice',
      'failed',
      '50%',
      '1',
      expect.stringMatching(/^\d+s$/),
      '素材缺失',
    ]);
    expect(await listJobs(deps, { status: 'done' })).toBe('no jobs');

    await expect(retryJob(deps, 999_999)).rejects.toThrow('does not exist');
    expect(await retryJob(deps, id)).toBe(`job ${id} (test.cli) is queued again`);
    await expect.poll(async () => (await t.queue.find(id))?.status, { timeout: 15_000 }).toBe('done');
    expect(runs).toBe(2);
    expect(await t.queue.find(id)).toMatchObject({ message: '完成', progress: 1, attempts: 1 });
    await expect(retryJob(deps, id)).rejects.toThrow('only a failed or cancelled job can be retried');
  }, 40_000);

  it('does not retry a job whose subject has a newer one', async () => {
    const { t, owner, deps } = await setUp();
    const old = await t.jobs.enqueue({ kind: 'test.cli', ownerId: owner, subjectId: 1, payload: {} });
    await t.jobs.finish(old, 'failed', '失败');
    await t.jobs.enqueue({ kind: 'test.cli', ownerId: owner, subjectId: 1, payload: {} });
    await expect(retryJob(deps, old)).rejects.toThrow('newer job');
    expect((await t.queue.find(old))?.status).toBe('failed');
  });

  it('cleans finished jobs older than N days, keeping each subject’s newest job and finished renders', async () => {
    const { t, owner, deps } = await setUp();
    const add = async (
      kind: string,
      subjectId: number,
      status: 'done' | 'failed' | 'cancelled' | 'queued',
      ageDays: number,
    ) => {
      const id = await t.jobs.enqueue({ kind, ownerId: owner, subjectId, payload: {} });
      if (status !== 'queued') await t.jobs.finish(id, status, '');
      await t.database.db
        .updateTable('jobs')
        .set({ updated_at: Date.now() - ageDays * DAY })
        .where('id', '=', id)
        .execute();
      return id;
    };
    const oldFailed = await add('pdf.rasterize', 1, 'failed', 10);
    const oldDone = await add('pdf.rasterize', 1, 'done', 9);
    const newestOfSubject = await add('pdf.rasterize', 1, 'cancelled', 8);
    const recent = await add('voice.tts', 2, 'done', 1);
    const recentNewer = await add('voice.tts', 2, 'done', 1);
    const oldRender = await add('render', 3, 'done', 30);
    const oldFailedRender = await add('render', 3, 'failed', 30);
    const newestRender = await add('render', 3, 'failed', 29);
    const queued = await add('voice.train', 4, 'queued', 50);
    const newerQueued = await add('voice.train', 4, 'queued', 50);

    const said = await cleanJobs(deps, 7);
    expect(said).toMatch(/^removed 3 job row\(s\) finished over 7 day\(s\) ago/);
    const left = (await t.database.db.selectFrom('jobs').select('id').orderBy('id').execute()).map(
      (r) => r.id,
    );
    expect(left).toEqual([
      newestOfSubject,
      recent,
      recentNewer,
      oldRender,
      newestRender,
      queued,
      newerQueued,
    ]);
    expect(left).not.toContain(oldFailed);
    expect(left).not.toContain(oldDone);
    expect(left).not.toContain(oldFailedRender);
  });
});

describe('job ages', () => {
  it('read as seconds, minutes, hours and days', () => {
    expect([formatAge(45_000), formatAge(12 * 60_000), formatAge(3 * 3_600_000), formatAge(2 * DAY)]).toEqual(
      ['45s', '12m', '3h', '2d'],
    );
  });
});
