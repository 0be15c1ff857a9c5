import { openTestQueue } from './jobQueues';

/*
 * A second worker process for the sub-task takeover test: runs `test.parent` jobs whose three
 * `test.piece` tasks never finish here, says `piece <n>` for each one it starts, so the test can
 * kill it while the job waits for its pieces.
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
    const tasks = [0, 1, 2].map((n) => ({ id: `piece-${n}`, data: { n } }));
    await t.queue.subTasks!.runAll('test.piece', ctx.job.id, tasks, {
      signal: ctx.signal,
      onProgress: () => undefined,
    });
    return { message: 'child joined' };
  },
});
await t.queue.start();
console.log('ready');
