import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { startTestServer, testDialects, type TestServer } from './helpers/testServer';

describe.each(testDialects())('auth on %s', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect);
    await t.server.services.accounts.createUser('alice', 'secret123');
    await t.server.services.accounts.createUser('bob', 'secret123');
  });
  afterAll(() => t.stop());

  const login = (username: string, password: string, extra: object = {}, ip = '10.0.0.1') =>
    t.call('POST', '/virtual/v1/login', {
      body: { username, password, version: '1', ...extra },
      headers: { 'x-forwarded-for': ip },
    });

  it('logs in with the right password and answers the token at top level and in data', async () => {
    const res = await login('alice', 'secret123');
    expect(res.body.code).toBe(200);
    expect(res.body.token).toMatch(/^ey/);
    expect(res.body.data.token).toBe(res.body.token);
  });

  it('refuses a wrong password or unknown user with the same message', async () => {
    const wrong = await login('bob', 'nope-nope');
    const unknown = await login('nobody', 'nope-nope');
    expect(wrong.body).toMatchObject({ code: 400, msg: '用户名或密码错误' });
    expect(unknown.body).toMatchObject({ code: 400, msg: '用户名或密码错误' });
    await login('bob', 'secret123'); // success clears bob's failures
  });

  it('requires a captcha after 3 failed attempts for a user and accepts the right answer once', async () => {
    await t.server.services.accounts.createUser('carol', 'secret123');
    for (let i = 0; i < 2; i++) expect((await login('carol', 'bad')).body.data.captchaRequired).toBe(false);
    expect((await login('carol', 'bad')).body).toMatchObject({ code: 400, data: { captchaRequired: true } });
    // Even the right password is refused without the captcha now.
    expect((await login('carol', 'secret123')).body).toMatchObject({ code: 428, msg: '请输入验证码' });

    const captcha = (await t.call('GET', '/api/v1/captcha')).body.data;
    expect(captcha.svg).toContain('<svg');
    const row = await t.server.database.db
      .selectFrom('captchas')
      .select('answer')
      .where('id', '=', captcha.captchaId)
      .executeTakeFirstOrThrow();
    const wrongAnswer = await login('carol', 'secret123', {
      captchaId: captcha.captchaId,
      captchaCode: 'zzzz',
    });
    expect(wrongAnswer.body).toMatchObject({ code: 428, msg: '验证码错误' });

    // A captcha can be tried once: the one just used is gone, so a fresh one is needed.
    const fresh = (await t.call('GET', '/api/v1/captcha')).body.data;
    const answer = (
      await t.server.database.db
        .selectFrom('captchas')
        .select('answer')
        .where('id', '=', fresh.captchaId)
        .executeTakeFirstOrThrow()
    ).answer;
    expect(row.answer).toHaveLength(4);
    const ok = await login('carol', 'secret123', {
      captchaId: fresh.captchaId,
      captchaCode: answer.toUpperCase(),
    });
    expect(ok.body.code).toBe(200);
  });

  it('returns the profile with non-empty roles and the user fields', async () => {
    const token = await t.login('alice', 'secret123');
    const res = await t.call('GET', '/api/v1/user/profile', { token });
    expect(res.body.code).toBe(200);
    expect(res.body.data.roles).toEqual(['user']);
    expect(res.body.data.quanxian).toEqual([]);
    expect(res.body.data.user).toMatchObject({
      username: 'alice',
      nickname: 'alice',
      avatar: '',
      points: 1000,
    });
  });

  it('answers code 501 for a missing, forged, expired or revoked token', async () => {
    const noToken = await t.call('GET', '/api/v1/user/profile');
    expect(noToken.body.code).toBe(501);

    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setJti('x')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not-our-secret-not-our-secret-123'));
    expect((await t.call('GET', '/api/v1/user/profile', { token: forged })).body.code).toBe(501);
    expect((await t.call('GET', '/api/v1/user/profile', { token: 'garbage' })).body.code).toBe(501);

    const expired = await t.server.tokens.sign(1, -60);
    expect((await t.call('GET', '/api/v1/user/profile', { token: expired.token })).body.code).toBe(501);

    const token = await t.login('alice', 'secret123');
    expect((await t.call('GET', '/api/v1/user/profile', { token })).body.code).toBe(200);
    expect((await t.call('POST', '/api/v1/user/logout', { token })).body.code).toBe(200);
    expect((await t.call('GET', '/api/v1/user/profile', { token })).body.code).toBe(501);
  });

  it('a validly signed token that was never issued is refused', async () => {
    const unissued = await t.server.tokens.sign(1);
    expect((await t.call('GET', '/api/v1/user/profile', { token: unissued.token })).body.code).toBe(501);
  });
});

describe('login rate limit', () => {
  it('answers HTTP 429 with an envelope after the per-minute limit', async () => {
    const t = await startTestServer('sqlite', { loginRateLimit: 3 });
    try {
      const statuses: number[] = [];
      let last: { status: number; body: { code: number; msg: string } } | undefined;
      for (let i = 0; i < 4; i++) {
        last = await t.call('POST', '/virtual/v1/login', { body: { username: 'x', password: 'y' } });
        statuses.push(last.status);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      expect(last!.body).toMatchObject({ code: 429, msg: '登录尝试过于频繁，请稍后再试' });
    } finally {
      await t.stop();
    }
  });
});

describe('demo account', () => {
  it('is created on a first start outside production and never in production', async () => {
    const dev = await startTestServer('sqlite');
    const prod = await startTestServer('sqlite', { production: true });
    try {
      expect(await dev.server.services.accounts.ensureDemoUser(false)).toBe(true);
      expect(await dev.login('demo', 'demo123456')).toMatch(/^ey/);
      expect(await dev.server.services.accounts.ensureDemoUser(false)).toBe(false);
      expect(await prod.server.services.accounts.ensureDemoUser(true)).toBe(false);
      const res = await prod.call('POST', '/virtual/v1/login', {
        body: { username: 'demo', password: 'demo123456' },
      });
      expect(res.body.code).toBe(400);
    } finally {
      await dev.stop();
      await prod.stop();
    }
  });
});
