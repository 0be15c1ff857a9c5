import { readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, startTestServer, testDialects, type TestServer } from './helpers/testServer';

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();

describe.each(testDialects())('account on %s', (dialect) => {
  let t: TestServer;
  let token: string;
  beforeAll(async () => {
    t = await startTestServer(dialect);
    await t.server.services.accounts.createUser('dora', 'secret123');
    token = await t.login('dora', 'secret123');
  });
  afterAll(() => t.stop());

  const pwdset = (body: object, tok = token) => t.call('POST', '/api/v1/user/pwdset', { body, token: tok });
  const filesIn = (dir: string) => {
    const full = path.join(t.config.dataDir, dir);
    return existsSync(full) ? readdirSync(full) : [];
  };

  it.each([
    [{ oldPassword: '', newPassword: 'abcdef', checknewPassword: 'abcdef' }, '请输入密码'],
    [{ oldPassword: 'sec ret', newPassword: 'abcdef', checknewPassword: 'abcdef' }, '输入密码不应包含空格!'],
    [{ oldPassword: 'secret123', newPassword: '', checknewPassword: '' }, '请输入新密码'],
    [
      { oldPassword: 'secret123', newPassword: 'abc def', checknewPassword: 'abc def' },
      '输入新密码不应包含空格!',
    ],
    [{ oldPassword: 'secret123', newPassword: 'abcde', checknewPassword: 'abcde' }, '长度最低在 6 个字符'],
    [{ oldPassword: 'secret123', newPassword: 'abcdef', checknewPassword: '' }, '请再次输入新密码'],
    [
      { oldPassword: 'secret123', newPassword: 'abcdef', checknewPassword: 'abcdeg' },
      '两次输入新密码不一致!',
    ],
    [{ oldPassword: 'wrong-one', newPassword: 'abcdef', checknewPassword: 'abcdef' }, '原密码错误'],
  ])('refuses password change %j with %s', async (form, msg) => {
    expect((await pwdset(form)).body).toMatchObject({ code: 400, msg });
  });

  it('changes the password: old one stops working, other sessions are signed out', async () => {
    const other = await t.login('dora', 'secret123');
    const res = await pwdset({
      oldPassword: 'secret123',
      newPassword: 'newpass99',
      checknewPassword: 'newpass99',
    });
    expect(res.body).toMatchObject({ code: 200, msg: '密码修改成功' });
    const old = await t.call('POST', '/virtual/v1/login', {
      body: { username: 'dora', password: 'secret123' },
    });
    expect(old.body.code).toBe(400);
    expect(await t.login('dora', 'newpass99')).toMatch(/^ey/);
    expect((await t.call('GET', '/api/v1/user/profile', { token })).body.code).toBe(200);
    expect((await t.call('GET', '/api/v1/user/profile', { token: other })).body.code).toBe(501);
  });

  const uploadAvatar = (content: Buffer, name = 'a.png') => {
    const form = multipart('file', name, content, {}, 'image/png');
    return t.call('POST', '/api/v1/user/avatar', { token, payload: form.payload, headers: form.headers });
  };

  it('throttles wrong old passwords like logins: after 5 in 15 minutes even the right one waits', async () => {
    await t.server.services.accounts.createUser('erin', 'secret123');
    await t.server.services.accounts.createUser('finn', 'secret123');
    const erin = await t.login('erin', 'secret123');
    const finn = await t.login('finn', 'secret123');
    const wrong = { oldPassword: 'guess123', newPassword: 'abcdef1', checknewPassword: 'abcdef1' };
    for (let i = 0; i < 5; i++)
      expect((await pwdset(wrong, erin)).body).toMatchObject({ code: 400, msg: '原密码错误' });
    const right = { oldPassword: 'secret123', newPassword: 'abcdef1', checknewPassword: 'abcdef1' };
    const refused = await pwdset(right, erin);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 429, msg: '原密码错误次数过多，请 15 分钟后再试' });
    // The password did not change, and another user is not affected.
    expect(await t.login('erin', 'secret123')).toBeTruthy();
    expect((await pwdset(right, finn)).body.code).toBe(200);
  });

  it('stores a real PNG avatar, serves it by signed URL and shows it in the profile', async () => {
    const res = await uploadAvatar(await png(400, 400));
    expect(res.body).toMatchObject({ code: 200, msg: '头像上传成功' });
    const url = res.body.data as string;
    expect(url).toMatch(/^\/files\/avatars\/\d+-[0-9a-f]+\.png\?exp=\d+&sig=/);
    const file = await t.server.http.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect((await sharp(file.rawPayload).metadata()).width).toBe(400);
    expect((await t.call('GET', '/api/v1/user/profile', { token })).body.data.user.avatar).toBe(url);

    const tampered = url.replace(/sig=.{4}/, 'sig=AAAA');
    expect((await t.server.http.inject({ method: 'GET', url: tampered })).statusCode).toBe(403);
    expect((await t.server.http.inject({ method: 'GET', url: url.split('?')[0] })).statusCode).toBe(403);

    // A second upload replaces the first file instead of piling up.
    await uploadAvatar(await png(300, 300));
    expect(await t.stored.list('avatars')).toHaveLength(1);
  });

  it('refuses a text file named .png, a 150x150 image and an 11 MB image, leaving nothing behind', async () => {
    const before = await t.stored.list('avatars');
    const text = await uploadAvatar(Buffer.from('this is not an image at all'), 'evil.png');
    expect(text.body).toMatchObject({ code: 400, msg: 'Image only' });
    const small = await uploadAvatar(await png(150, 150));
    expect(small.body).toMatchObject({
      code: 400,
      msg: "Image's size is too low. Expected at least: 200*199",
    });
    const noise = Buffer.alloc(2100 * 1900 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const big = await sharp(noise, { raw: { width: 2100, height: 1900, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(11 * 1024 * 1024);
    const large = await uploadAvatar(big);
    expect(large.body).toMatchObject({ code: 413, msg: 'Image exceeds size limit: 10240kb' });
    expect(await t.stored.list('avatars')).toEqual(before);
    expect(filesIn('tmp')).toEqual([]);
  });

  it('refuses an avatar without a token', async () => {
    const form = multipart('file', 'a.png', await png(300, 300));
    const res = await t.call('POST', '/api/v1/user/avatar', { payload: form.payload, headers: form.headers });
    expect(res.body.code).toBe(501);
  });
});
