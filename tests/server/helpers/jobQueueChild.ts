import { openTestQueue } from './jobQueues';

/*
 * A second worker process for the stalled-job test: runs `test.stall` jobs from the given
 * SQLite data dir and BullMQ prefix, says `started <id>` once one is under way, and then works
 * on it for a long time, so the test can kill it mid-job.
 */
const [dataDir, url, prefix] = process.argv.slice(2);
const t = await openTestQueue('bullmq', { dataDir, redisUrl: url, prefix });
t.queue.register('test.stall', {
  concurrency: 1,
  async run(ctx) {
    await ctx.progress(0.25, '四分之一');
    console.log(`started ${ctx.job.id}`);
    await new Promise((r) => setTimeout(r, 120_000));
    return { message: 'child finished' };
  },
});
await t.queue.start();
console.log('ready');
