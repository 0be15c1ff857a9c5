import { afterAll, describe, expect, it } from 'vitest';
import { startTestServer, testDialects, type TestServer } from './helpers/testServer';
import { dropPrefix, testPrefix, testRedisUrl } from './helpers/redis';
import { openTcpProxy } from './helpers/tcpProxy';

/*
 * Issue 12: GET /healthz answers without a login: 200 with the version, uptime and the live job
 * workers (their heartbeats) when the database and the queue answer, 503 when one does not.
 */

const redisUrl = await testRedisUrl();

async function healthz(t: TestServer) {
  const res = await t.server.http.inject({ method: 'GET', url: '/healthz' });
  return { status: res.statusCode, body: res.json() };
}

describe.each(testDialects())('GET /healthz with the job table on %s', (dialect) => {
  let t: TestServer | undefined;
  afterAll(async () => {
    await t?.stop();
  });

  it('is 200 and lists this process as a live worker; 503 once the database is gone', async () => {
    t = await startTestServer(dialect, { redisUrl: undefined }); // the job table even with TEST_QUEUE=bullmq
    const { status, body } = await healthz(t);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      status: 'ok',
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      database: { ok: true },
      queue: { engine: 'table', ok: true },
    });
    expect(body.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(body.workers).toEqual([
      expect.objectContaining({ pid: process.pid, role: 'web', running: [], secondsSinceSeen: 0 }),
    ]);

    // A stopped queue forgets its heartbeat at once.
    await t.server.jobs.stop();
    expect((await healthz(t)).body.workers).toEqual([]);

    await t.server.database.close();
    const down = await healthz(t);
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({ status: 'unavailable', database: { ok: false } });
    expect(down.body.database.error).toBeTruthy();
    t = undefined; // its database is closed already
  });
});

describe.skipIf(!redisUrl)('GET /healthz with BullMQ', () => {
  const prefix = testPrefix();
  const servers: TestServer[] = [];
  afterAll(async () => {
    for (const t of servers) await t.stop();
    await dropPrefix(redisUrl!, prefix);
  });

  it('lists every live worker, with the jobs it runs, from a web process that runs none', async () => {
    const web = await startTestServer('sqlite', { redisUrl, redisPrefix: prefix, runJobs: false });
    servers.push(web);
    expect((await healthz(web)).body.workers).toEqual([]);
    const worker = await startTestServer('sqlite', {
      redisUrl,
      redisPrefix: prefix,
      role: 'worker',
      dataDir: web.config.dataDir,
    });
    servers.push(worker);
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    worker.server.jobs.register('test.health', {
      concurrency: 1,
      run: async () => {
        await released;
        return { message: 'ok' };
      },
    });
    const id = await web.server.jobs.enqueue({ kind: 'test.health', ownerId: 1, subjectId: 1, payload: {} });
    await expect
      .poll(async () => (await healthz(web)).body.workers, { timeout: 10_000, interval: 100 })
      .toEqual([
        expect.objectContaining({ role: 'worker', pid: process.pid, running: [{ id, kind: 'test.health' }] }),
      ]);
    const { body } = await healthz(web);
    expect(body).toMatchObject({ status: 'ok', queue: { engine: 'bullmq', ok: true } });
    release();
    await expect
      .poll(async () => (await healthz(web)).body.workers[0]?.running, { timeout: 10_000 })
      .toEqual([]);
  });

  it('is 503 when Redis stops answering', async () => {
    // Started through a relay (a start refuses a Redis that does not answer, startFailure.test.ts),
    // then cut: the queue's commands wait for a connection that never comes.
    const relay = await openTcpProxy(Number(new URL(redisUrl!).port || 6379), new URL(redisUrl!).hostname);
    const viaRelay = `redis://127.0.0.1:${relay.port}`;
    const t = await startTestServer('sqlite', { redisUrl: viaRelay, redisPrefix: prefix, runJobs: false });
    servers.push(t);
    expect((await healthz(t)).status).toBe(200);
    await relay.cut();
    const { status, body } = await healthz(t);
    expect(status).toBe(503);
    expect(body).toMatchObject({ status: 'unavailable', database: { ok: true }, queue: { ok: false } });
  });
});
