import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../src/server/buildServer';
import { loadConfig } from '../../src/server/config';
import { userCli } from './helpers/userCli';

const dataDir = mkdtempSync(path.join(tmpdir(), 'studio-cli-'));
const env = { ...process.env, DATA_DIR: dataDir, JWT_SECRET: 'cli-test-secret-cli-test-secret-1' };

describe('npm run user -- add', () => {
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('creates an account that can log in, and refuses duplicates and weak passwords', async () => {
    const created = await userCli(env, 'add', 'operator', 'strongpass1');
    expect(created.status).toBe(0);
    expect(created.stdout).toContain('created user operator');
    // The refusals change nothing: run at once (each process starts tsx and the server's modules).
    const [duplicate, weak, nonsense] = await Promise.all([
      userCli(env, 'add', 'operator', 'strongpass1'),
      userCli(env, 'add', 'weak', '123'),
      userCli(env, 'nonsense'),
    ]);
    expect(duplicate.stderr).toContain('用户名已存在');
    expect(weak.stderr).toContain('长度最低在 6 个字符');
    expect(nonsense.status).toBe(2);

    const server = await buildServer({
      ...loadConfig(env),
      webDir: undefined,
      logLevel: 'silent',
      runJobs: false,
    });
    try {
      const res = await server.http.inject({
        method: 'POST',
        url: '/virtual/v1/login',
        payload: { username: 'operator', password: 'strongpass1' },
      });
      expect(res.json()).toMatchObject({ code: 200 });
    } finally {
      await server.close();
    }
  });
});
