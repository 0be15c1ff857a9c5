import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STARTING_POINTS, synthesisCost } from '../../src/api/points.contract';
import { buildServer } from '../../src/server/buildServer';
import { loadConfig } from '../../src/server/config';
import { synthesisProject } from './helpers/synthesisProject';
import { startTestServer, testDialects, type TestServer } from './helpers/testServer';
import { userCli } from './helpers/userCli';

const POINTS = '/api/v1/user/points';
const COMPOSE = '/virtual/v1/userPro/composeProject';

interface Entry {
  delta: number;
  kind: string;
  reason: string;
  balanceAfter: number;
}

describe('synthesisCost', () => {
  it('charges one point per started minute, at least one', () => {
    expect([0, 1, 59.99, 60, 60.01, 125, 180].map(synthesisCost)).toEqual([1, 1, 1, 1, 2, 3, 3]);
  });
});

describe.each(testDialects())('points on %s (jobs not running)', (dialect) => {
  let t: TestServer;
  let alice: string;
  let bob: string;
  beforeAll(async () => {
    // Renders stay queued, so a charge can be looked at before anything refunds it.
    t = await startTestServer(dialect, { runJobs: false });
    await t.server.services.accounts.createUser('alice', 'secret123');
    await t.server.services.accounts.createUser('bob', 'secret123');
    alice = await t.login('alice', 'secret123');
    bob = await t.login('bob', 'secret123');
  });
  afterAll(() => t.stop());

  const ledger = async (token = alice, pageIndex = 1, pageSize = 10) =>
    (await t.call('POST', POINTS, { token, body: { pageIndex, pageSize } })).body.data as {
      balance: number;
      count: number;
      list: Entry[];
    };
  const profilePoints = async (token = alice) =>
    (await t.call('GET', '/api/v1/user/profile', { token })).body.data.user.points as number;

  it('starts new accounts with the grant, as the first ledger line', async () => {
    const data = await ledger(bob);
    expect(data.balance).toBe(STARTING_POINTS);
    expect(data.count).toBe(1);
    expect(data.list[0]).toMatchObject({
      delta: STARTING_POINTS,
      kind: 'grant',
      balanceAfter: STARTING_POINTS,
    });
    expect(await profilePoints(bob)).toBe(STARTING_POINTS);
  });

  it('charges one point per started minute when the render is queued and refunds a cancel', async () => {
    // 125 s of narration: 3 started minutes.
    const projectId = await synthesisProject(t, alice, {
      name: '三分钟',
      pages: [
        { text: '第一页', seconds: 65 },
        { text: '第二页', seconds: 60 },
      ],
    });
    const before = await profilePoints();
    expect((await t.call('POST', COMPOSE, { token: alice, body: { projectId } })).body.code).toBe(200);
    expect(await profilePoints()).toBe(before - 3);
    expect((await ledger()).list[0]).toMatchObject({
      delta: -3,
      kind: 'charge',
      reason: '三分钟',
      balanceAfter: before - 3,
    });

    const cancel = await t.call('POST', '/virtual/v1/userPro/composeCancel', {
      token: alice,
      body: { projectId },
    });
    expect(cancel.body.data.status).toBe('cancelled');
    expect(await profilePoints()).toBe(before);
    expect((await ledger()).list[0]).toMatchObject({ delta: 3, kind: 'refund', balanceAfter: before });
    // Cancelling again refunds nothing more.
    await t.call('POST', '/virtual/v1/userPro/composeCancel', { token: alice, body: { projectId } });
    expect(await profilePoints()).toBe(before);
  });

  it('refuses with 积分不足 and queues nothing when the balance is short', async () => {
    await t.server.services.points.adjustByName('alice', -100_000);
    await t.server.services.points.adjustByName('alice', 1);
    const projectId = await synthesisProject(t, alice, {
      pages: [{ text: '两分钟', seconds: 90 }],
    });
    const res = await t.call('POST', COMPOSE, { token: alice, body: { projectId } });
    // 90 s is two started minutes; the balance is 1.
    expect(res.body).toMatchObject({ code: 400, msg: '积分不足：本次合成需要 2 积分，当前余额 1 积分' });
    const status = await t.call('POST', '/virtual/v1/userPro/composeStatus', {
      token: alice,
      body: { projectId },
    });
    expect(status.body.data.status).toBe('none');
    expect(await profilePoints()).toBe(1);
  });

  it('never goes negative under many parallel syntheses', async () => {
    await t.server.services.points.adjustByName('bob', -100_000);
    await t.server.services.points.adjustByName('bob', 5);
    const projects = [];
    for (let i = 0; i < 12; i++) {
      projects.push(await synthesisProject(t, bob, { pages: [{ text: `第${i}个`, seconds: 30 }] }));
    }
    const answers = await Promise.all(
      projects.map((projectId) => t.call('POST', COMPOSE, { token: bob, body: { projectId } })),
    );
    const codes = answers.map((a) => a.body.code);
    expect(codes.filter((c) => c === 200)).toHaveLength(5);
    expect(answers.filter((a) => a.body.msg.startsWith('积分不足'))).toHaveLength(7);
    const data = await ledger(bob, 1, 100);
    expect(data.balance).toBe(0);
    // The ledger adds up to the balance, line by line.
    const lines = [...data.list].reverse();
    let running = 0;
    for (const line of lines) {
      running += line.delta;
      expect(line.balanceAfter).toBe(running);
    }
    expect(running).toBe(0);
    expect(lines.filter((l) => l.kind === 'charge')).toHaveLength(5);
  });

  it('pages the ledger newest first and shows each user only their own', async () => {
    const first = await ledger(bob, 1, 3);
    const second = await ledger(bob, 2, 3);
    expect(first.list).toHaveLength(3);
    expect(first.count).toBe(second.count);
    expect(first.list[2].balanceAfter - second.list[0].balanceAfter).toBe(first.list[2].delta);
    const aliceLines = (await ledger(alice, 1, 100)).list;
    expect(aliceLines.some((l) => l.kind === 'charge' && l.delta === -1)).toBe(false);
    expect((await t.call('POST', POINTS, { body: {} })).body.code).toBe(501);
  });
});

describe.each(testDialects())('points refund of a failed render on %s', (dialect) => {
  let t: TestServer;
  let alice: string;
  beforeAll(async () => {
    t = await startTestServer(dialect);
    await t.server.services.accounts.createUser('alice', 'secret123');
    alice = await t.login('alice', 'secret123');
  });
  afterAll(() => t.stop());

  // On BullMQ a render that fails with an unexpected error is tried three times with backoff (5 s,
  // 10 s) before it is marked failed; under load that is well over a minute.
  it('gives the points back when the render fails', { timeout: 150_000 }, async () => {
    const projectId = await synthesisProject(t, alice, {
      name: '会失败',
      pages: [{ text: '音频无法读取', audio: 'garbage', seconds: 61 }],
    });
    expect((await t.call('POST', COMPOSE, { token: alice, body: { projectId } })).body.code).toBe(200);
    const status = async () =>
      (await t.call('POST', '/virtual/v1/userPro/composeStatus', { token: alice, body: { projectId } })).body
        .data.status;
    await expect.poll(status, { timeout: 120_000, interval: 100 }).toBe('failed');
    // The refund follows the failure mark; give it a moment.
    let data = { balance: 0, list: [] as Entry[] };
    const balance = async () => {
      data = (await t.call('POST', POINTS, { token: alice, body: {} })).body.data;
      return data.balance;
    };
    await expect.poll(balance, { timeout: 15_000, interval: 50 }).toBe(STARTING_POINTS);
    expect(data.list.slice(0, 2)).toMatchObject([
      { kind: 'refund', delta: 2, reason: '会失败', balanceAfter: STARTING_POINTS },
      { kind: 'charge', delta: -2, reason: '会失败', balanceAfter: STARTING_POINTS - 2 },
    ]);
  });
});

describe('npm run user -- points', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'studio-points-cli-'));
  const env = { ...process.env, DATA_DIR: dataDir, JWT_SECRET: 'cli-test-secret-cli-test-secret-1' };
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  // Five CLI processes, each starting tsx: a minute and more on a loaded machine.
  it(
    'grants and removes points, never below zero, and prints the balance',
    { timeout: 180_000 },
    async () => {
      expect((await userCli(env, 'add', 'carol', 'strongpass1')).status).toBe(0);
      // carol's grant and removal in order; beside them the two refusals, which change nothing.
      const changes = async () => {
        const grant = await userCli(env, 'points', 'carol', '50');
        expect(grant.status).toBe(0);
        expect(grant.stdout).toContain(`points of carol: ${STARTING_POINTS + 50} (+50)`);
        const remove = await userCli(env, 'points', 'carol', '-5000');
        expect(remove.stdout).toContain(`points of carol: 0 (-${STARTING_POINTS + 50})`);
      };
      const [, nobody, lots] = await Promise.all([
        changes(),
        userCli(env, 'points', 'nobody', '5'),
        userCli(env, 'points', 'carol', 'lots'),
      ]);
      expect(nobody.stderr).toContain('用户不存在');
      expect(lots.status).toBe(2);

      const server = await buildServer({
        ...loadConfig(env),
        webDir: undefined,
        logLevel: 'silent',
        runJobs: false,
      });
      try {
        const user = await server.services.accounts.profile(1);
        expect(user.user.points).toBe(0);
        const ledger = await server.services.points.ledger(1, 1, 10);
        expect(ledger.list.map((l) => [l.kind, l.delta, l.balanceAfter])).toEqual([
          ['admin', -(STARTING_POINTS + 50), 0],
          ['admin', 50, STARTING_POINTS + 50],
          ['grant', STARTING_POINTS, STARTING_POINTS],
        ]);
      } finally {
        await server.close();
      }
    },
  );
});
