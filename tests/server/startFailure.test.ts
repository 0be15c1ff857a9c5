import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runScript } from './helpers/userCli';

const dataDir = mkdtempSync(path.join(tmpdir(), 'studio-start-'));

/** A local port nothing listens on (taken from the OS, then let go). */
async function deadPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** The environment of a start that would succeed, but for `extra`. */
const startEnv = (extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv => ({
  ...process.env,
  DATA_DIR: dataDir,
  PORT: '0',
  JWT_SECRET: 'start-test-secret-start-test-secret',
  ...extra,
});

describe('a start that cannot succeed', () => {
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('exits 1 with one line naming the Redis that does not answer: the web process, the worker, npm run jobs', async () => {
    const port = await deadPort();
    const env = startEnv({ REDIS_URL: `redis://:hunter2@127.0.0.1:${port}` });
    // Before the check, both retried Redis for ever, printing a stack every half second.
    const started = Date.now();
    const [web, worker, jobs] = await Promise.all([
      runScript('src/server/main.ts', env),
      runScript('src/server/worker.ts', env),
      runScript('src/server/cli/jobs.ts', env, 'list'),
    ]);
    expect(Date.now() - started).toBeLessThan(30_000);
    const why = `Redis at redis://:***@127.0.0.1:${port}: does not answer (ECONNREFUSED); check REDIS_URL, or unset it to run jobs from the database's job table`;
    for (const run of [web, worker]) {
      expect(run.status).toBe(1);
      expect(run.stderr.trim()).toBe(`Presenter Studio cannot start: ${why}`);
      expect(run.stdout).not.toContain('is running');
    }
    // `npm run jobs` says it the way it reports its other failures.
    expect(jobs.status).toBe(1);
    expect(jobs.stderr.trim()).toBe(`list failed: ${why}`);
  });

  it('exits 1 with one line naming the PostgreSQL that does not answer', async () => {
    const port = await deadPort();
    const env = startEnv({ DATABASE_URL: `postgres://studio:hunter2@127.0.0.1:${port}/studio` });
    const run = await runScript('src/server/main.ts', env);
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe(
      `Presenter Studio cannot start: PostgreSQL at postgres://studio:***@127.0.0.1:${port}/studio: does not answer (ECONNREFUSED); check DATABASE_URL, or unset it to use SQLite in DATA_DIR`,
    );
  });

  it('exits 1 with one line when its port is taken', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as { port: number };
    try {
      const run = await runScript('src/server/main.ts', startEnv({ HOST: '127.0.0.1', PORT: String(port) }));
      expect(run.status).toBe(1);
      expect(run.stderr.trim()).toBe(
        `Presenter Studio cannot start: listen EADDRINUSE: address already in use 127.0.0.1:${port}`,
      );
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });

  it('exits 1 with the setting to fix when production mode has no JWT_SECRET', async () => {
    const env = startEnv({ NODE_ENV: 'production', JWT_SECRET: '' });
    const run = await runScript('src/server/main.ts', env);
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe(
      'Presenter Studio cannot start: JWT_SECRET must be set when NODE_ENV=production',
    );
  });
});
