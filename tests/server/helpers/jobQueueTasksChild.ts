import { openTestQueue } from './jobQueues';

/*
 * A second worker process for the sub-task takeover test: runs the first step of `test.parent`
 * jobs (three `test.piece` children, then waiting-children), takes pieces that never finish here,
 * and says `piece <n>` for each one it starts, so the test can kill it while the job waits.
 */
const [dataDir, url, prefix] = process.argv.slice(2);
const t = await openTestQueue('bullmq', { dataDir, redisUrl: url, prefix, concurrency: 2 });
t.queue.subTasks!.registerTask('test.piece', {
  async run(data) {
    console.log(`piece ${(data as { n: number }).n}`);
    await new Promise((r) => setTimeout(r, 120_000));
  },
});
t.queue.register('test.parent', {
  concurrency: 1,
  async run(ctx) {
    console.log(`parent ${ctx.job.id}`);
    if (!ctx.fanOut!.settled) {
      return ctx.fanOut!.waitFor(
        'test.piece',
        [0, 1, 2].map((n) => ({ id: `piece-${n}`, data: { n } })),
      );
    }
    return { message: 'child joined' };
  },
});
await t.queue.start();
console.log('ready');
