import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/testServer';

/* Issue 16: /home/my typed without the hash opens 我的 instead of a JSON 404. */

describe('app addresses without the hash', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer('sqlite');
  });
  afterAll(async () => {
    await t.stop();
  });

  it.each([
    ['/home/my', '/home/#/my'],
    ['/home/video?videoid=3', '/home/#/video?videoid=3'],
    ['/home/helptool/', '/home/#/helptool'],
  ])('%s opens the screen (%s) instead of answering JSON', async (url, location) => {
    const res = await t.server.http.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(location);
  });

  it('keeps a missing file and an unknown API a 404', async () => {
    expect((await t.server.http.inject({ method: 'GET', url: '/home/assets/gone.js' })).statusCode).toBe(404);
    expect((await t.server.http.inject({ method: 'POST', url: '/virtual/v1/nothing' })).statusCode).toBe(404);
  });
});
