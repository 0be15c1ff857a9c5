import { afterEach, describe, expect, it } from 'vitest';
import { openTestQueue, type QueueImpl, type TestQueue } from './helpers/jobQueues';
import { testRedisUrl } from './helpers/redis';

/*
 * Issue 12: fairness holds across processes. Two queue instances on one PostgreSQL database (as
 * two `npm run worker` processes would be) share the per-user limit: while alice has many jobs
 * waiting, she never runs more than one at a time anywhere, bob's one job starts at once, and short
 * jobs start before long ones. Claims of one user's jobs are serialised in the database (an
 * advisory lock on PostgreSQL), since two statements in two processes both see the other's claim
 * as not yet made.
 */

const redisUrl = await testRedisUrl();
const postgres = !!process.env.TEST_DATABASE_URL;
if (!postgres) console.log('TEST_DATABASE_URL is not set: cross-process fairness on PostgreSQL skipped');
const impls: QueueImpl[] = redisUrl ? ['table', 'bullmq'] : ['table'];

describe.skipIf(!postgres).each(impls)('two %s workers on one PostgreSQL database', (impl) => {
  const queues: TestQueue[] = [];
  afterEach(async () => {
    for (const q of queues.reverse()) await q.stop();
    queues.length = 0;
  });

  it('run one job per user at a time across both, and do not make another user wait', async () => {
    const first = await openTestQueue(impl, { redisUrl, postgres: true, concurrency: 3 });
    queues.push(first);
    const second = await openTestQueue(impl, {
      redisUrl,
      postgres: true,
      schema: first.schema,
      prefix: first.redis?.prefix,
      concurrency: 3,
    });
    queues.unshift(second); // stopped first: the first one owns the schema and the prefix

    const running = new Map<number, number>();
    const most = new Map<number, number>();
    const started: { owner: number; kind: string; at: number }[] = [];
    for (const q of [first, second]) {
      for (const kind of ['test.long', 'test.short']) {
        q.queue.register(kind, {
          concurrency: 3,
          async run(ctx) {
            const owner = ctx.job.owner_id;
            started.push({ owner, kind, at: Date.now() });
            running.set(owner, (running.get(owner) ?? 0) + 1);
            most.set(owner, Math.max(most.get(owner) ?? 0, running.get(owner)!));
            await new Promise((r) => setTimeout(r, kind === 'test.long' ? 400 : 50));
            running.set(owner, running.get(owner)! - 1);
            return { message: 'ok' };
          },
        });
      }
    }
    const ALICE = 1;
    const BOB = 2;
    const CAROL = 3;
    const ids: number[] = [];
    for (let n = 0; n < 8; n++) {
      ids.push(await first.queue.enqueue({ kind: 'test.long', ownerId: ALICE, subjectId: n, payload: {} }));
    }
    ids.push(await first.queue.enqueue({ kind: 'test.long', ownerId: BOB, subjectId: 1, payload: {} }));
    ids.push(await second.queue.enqueue({ kind: 'test.short', ownerId: CAROL, subjectId: 1, payload: {} }));
    const t0 = Date.now();
    await Promise.all([first.queue.start(), second.queue.start()]);
    await expect
      .poll(
        async () =>
          (await Promise.all(ids.map((id) => first.queue.find(id)))).every((r) => r?.status === 'done'),
        {
          timeout: 30_000,
          interval: 100,
        },
      )
      .toBe(true);

    // Alice's eight jobs ran one after another although six slots were free.
    expect(most.get(ALICE)).toBe(1);
    const aliceStarts = started.filter((s) => s.owner === ALICE).map((s) => s.at);
    expect(aliceStarts).toHaveLength(8);
    expect(aliceStarts.at(-1)! - aliceStarts[0]).toBeGreaterThanOrEqual(7 * 380);
    // Bob's first job and Carol's short one did not wait behind Alice's queue.
    const bob = started.find((s) => s.owner === BOB)!;
    const carol = started.find((s) => s.owner === CAROL)!;
    expect(bob.at - t0).toBeLessThan(1500);
    expect(carol.at - t0).toBeLessThan(1500);
    expect(started.filter((s) => s.at < bob.at && s.owner === ALICE).length).toBeLessThanOrEqual(2);
  }, 60_000);
});
