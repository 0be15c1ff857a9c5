import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import {
  saveSpokenProject,
  startS3Cluster,
  untilWorkers,
  waitForCompose,
  type Cluster,
} from './helpers/cluster';
import { testRedisUrl } from './helpers/redis';

// npm test: not run again with TEST_STORE=s3 (startS3Cluster: a bucket of its own in every profile)

/*
 * Issue 12: workers on machines of their own. Two `npm run worker` processes with a DATA_DIR each
 * share only PostgreSQL, Redis and the bucket. A render's page tasks carry their files named against
 * roots every machine has (portablePaths.ts), so whichever worker runs a page finds its inputs
 * (fetched from the bucket into its own DATA_DIR), and whichever worker runs the join finds every
 * page the tasks rendered under the same cache keys: no page is rendered twice, and the next render
 * of the project renders none.
 */

const redisUrl = await testRedisUrl();
const pgUrl = process.env.TEST_DATABASE_URL || undefined;
if (!pgUrl) console.log('TEST_DATABASE_URL is not set: the fan-out over separate machines test is skipped');

describe.skipIf(!redisUrl || !pgUrl)('a render fanned out to workers that share no DATA_DIR', () => {
  let cluster: Cluster | undefined;
  afterAll(() => cluster?.stop());

  /** The render job's result as the cluster's database holds it. */
  async function renderResult(jobId: number) {
    const client = new pg.Client({ connectionString: cluster!.env.DATABASE_URL });
    await client.connect();
    try {
      const schema = cluster!.env.DATABASE_SCHEMA;
      const { rows } = await client.query(`select result from "${schema}".jobs where id = $1`, [jobId]);
      return typeof rows[0].result === 'string' ? JSON.parse(rows[0].result) : rows[0].result;
    } finally {
      await client.end();
    }
  }

  it('renders each page once, on either worker, and the next render takes them all from the cache', async () => {
    cluster = await startS3Cluster({
      secret: 's3-fan-out-secret-s3-fan-out-secret',
      redisUrl: redisUrl!,
      pgUrl: pgUrl!,
    });
    const { call } = cluster;
    // One slot each, DATA_DIRs of their own: the join often runs on the worker that did not plan.
    cluster.startWorker();
    cluster.startWorker();
    await untilWorkers(cluster, 2);
    const token = await cluster.login();
    const { projectId } = await saveSpokenProject(call, token, '分机合成', 4, '每台机器都有自己的数据目录。');

    const compose = async () => {
      expect((await call('/virtual/v1/userPro/composeProject', { projectId }, token)).code).toBe(200);
      const { status } = await waitForCompose(call, token, projectId, { limitMs: 180_000 });
      expect(status.status, cluster!.output()).toBe('done');
      return renderResult(status.jobId);
    };
    const first = await compose();
    expect(first, cluster.output()).toMatchObject({ pageCount: 4, pagesRendered: 4, pagesCached: 0 });
    // Every page by a page task (none rendered again by the join for want of its key).
    expect(first.renderedBy, cluster.output()).toHaveLength(4);
    const again = await compose();
    expect(again).toMatchObject({ pageCount: 4, pagesRendered: 0, pagesCached: 4 });
  }, 420_000);
});
