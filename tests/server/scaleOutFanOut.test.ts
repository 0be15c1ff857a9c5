import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { probe } from '../../src/server/adapters/media/ffmpeg';
import type { WorkerBeat } from '../../src/server/services/jobQueue';
import {
  jobRow,
  saveSpokenProject,
  startSharedCluster,
  untilWorkers,
  waitForCompose,
  type Cluster,
} from './helpers/cluster';
import { testRedisUrl } from './helpers/redis';

/*
 * Issue 12: a render fans out. With the web server at WORKERS=0 and two `npm run worker`
 * processes, every page is a task any worker takes: both render pages of one video, which is
 * joined from the shared page cache. Rendering the project again takes every page from that cache.
 * A worker killed with SIGKILL mid-page loses nothing: its page is handed to the other worker and
 * the video still finishes.
 */

const redisUrl = await testRedisUrl();

describe.skipIf(!redisUrl)('a render on two `npm run worker` processes', () => {
  // TEST_STORE=s3: the web server and the workers share a test bucket as well.
  let cluster: Cluster | undefined;
  afterAll(() => cluster?.stop());
  const call: Cluster['call'] = (url, body, token) => cluster!.call(url, body, token);

  const liveWorkers = () => cluster!.liveWorkers();

  /** The render job's row as the web server's database holds it. */
  const renderRow = (jobId: number) => jobRow(cluster!.web.dataDir, jobId);

  async function composeAndWait(projectId: number, token: string, whileRendering?: () => Promise<void>) {
    expect((await call('/virtual/v1/userPro/composeProject', { projectId }, token)).code).toBe(200);
    const { status } = await waitForCompose(call, token, projectId, { whileRendering });
    expect(status.status, cluster!.output()).toBe('done');
    return status;
  }
  const saveProject = (token: string, pages: number, text: string) =>
    saveSpokenProject(call, token, '分页合成', pages, text);

  it('renders pages on both workers, reuses them, and survives a worker killed mid-page', async () => {
    cluster = await startSharedCluster({ secret: 'fan-out-secret-fan-out-secret-fan', redisUrl: redisUrl! });
    const { web } = cluster;
    // One slot each: both must take pages for the video to finish in time.
    cluster.startWorker();
    cluster.startWorker();
    await untilWorkers(cluster, 2);
    const token = await cluster.login();

    // 1. Both workers render pages of one video.
    const first = await saveProject(token, 6, '每一页都是一个任务，任何工作进程都可以领取。');
    const done = await composeAndWait(first.projectId, token);
    const { result, attempts } = renderRow(done.jobId);
    expect(attempts, cluster.output()).toBe(1);
    expect(result, cluster.output()).toMatchObject({ pageCount: 6, pagesRendered: 6, pagesCached: 0 });
    expect(new Set(result.renderedBy).size).toBe(2);
    const video = await fetch(web.url + done.video.url);
    const file = path.join(web.dataDir, 'fan-out.mp4');
    writeFileSync(file, Buffer.from(await video.arrayBuffer()));
    const probed = await probe(file);
    rmSync(file);
    expect(probed.streams.map((s) => s.type).sort()).toEqual(['audio', 'video']);
    expect(Math.abs(probed.durationMs - first.seconds * 1000)).toBeLessThan(600);

    // 2. The same project again: every page comes from the shared page cache.
    const again = await composeAndWait(first.projectId, token);
    expect(renderRow(again.jobId).result).toMatchObject({ pageCount: 6, pagesRendered: 0, pagesCached: 6 });

    // 3. A worker dies mid-page (not the one waiting for the pages): the video still finishes.
    const second = await saveProject(token, 6, '工作进程突然退出时，它的页面交给另一个工作进程。');
    let killed: WorkerBeat | undefined;
    const kill = async () => {
      await expect
        .poll(
          async () =>
            (killed = (await liveWorkers()).find(
              (w) =>
                w.running.some((r) => r.kind === 'render.page') &&
                !w.running.some((r) => r.kind === 'render'),
            )),
          { timeout: 60_000, interval: 100 },
        )
        .toBeTruthy();
      const group = Number(
        execFileSync('ps', ['-o', 'pgid=', '-p', String(killed!.pid)])
          .toString()
          .trim(),
      );
      process.kill(-group, 'SIGKILL');
    };
    const finished = await composeAndWait(second.projectId, token, kill);
    expect(killed).toBeTruthy();
    const survived = renderRow(finished.jobId).result;
    expect(survived).toMatchObject({ pageCount: 6, pagesRendered: 6 });
    // The killed worker's heartbeat runs out; the one still alive rendered pages of this video.
    await expect.poll(async () => (await liveWorkers()).length, { timeout: 30_000 }).toBe(1);
    expect(survived.renderedBy).toContain((await liveWorkers())[0].id);
  }, 420_000);
});
