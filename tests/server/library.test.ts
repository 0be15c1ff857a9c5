import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/testServer';

describe('built-in library', () => {
  let t: TestServer;
  let token: string;
  beforeAll(async () => {
    t = await startTestServer('sqlite');
    await t.server.services.accounts.createUser('alice', 'secret123');
    token = await t.login('alice', 'secret123');
  });
  afterAll(() => t.stop());
  const post = (url: string, body: object) => t.call('POST', url, { token, body });
  const image = async (url: string) => {
    const res = await t.server.http.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    return sharp(res.rawPayload).metadata();
  };

  it('lists at least 4 usable public presenters, women and men, paged by 10, with a full mouth rig', async () => {
    const res = (
      await post('/virtual/v1/virtual/list', { pageIndex: 1, pageSize: 10, isPublic: 1, status: 1 })
    ).body;
    expect(res.code).toBe(200);
    const list = res.data.list;
    expect(list.length).toBeGreaterThanOrEqual(4);
    expect(new Set(list.map((c: { sex: number }) => c.sex))).toEqual(new Set([1, 2]));
    expect(new Set(list.map((c: { style: string }) => c.style))).toEqual(new Set(['business', 'casual']));
    for (const c of list) {
      expect(c.status).toBe(1);
      expect(Object.keys(c.rig.mouths).sort()).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'X']);
      const body = await image(c.rig.body);
      expect([body.width, body.height]).toEqual([c.width, c.height]);
      const mouth = await image(c.rig.mouths.D);
      expect([mouth.width, mouth.height]).toEqual([c.rig.mouth.width, c.rig.mouth.height]);
    }
    const second = (await post('/virtual/v1/virtual/list', { pageIndex: 2, pageSize: 3, isPublic: 1 })).body
      .data;
    expect(second.list[0].id).toBe(list[3].id);
    expect((await post('/virtual/v1/virtual/list', { isPublic: 2 })).body.data).toMatchObject({
      count: 0,
      list: [],
    });
  });

  it('lists at least 6 landscape 1920x1080 and 4 portrait 750x1334 scenes', async () => {
    const landscape = (await post('/virtual/v1/scene/list', { pageIndex: 1, pageSize: 50, sizeType: 1 })).body
      .data;
    const portrait = (await post('/virtual/v1/scene/list', { pageIndex: 1, pageSize: 50, sizeType: 2 })).body
      .data;
    expect(landscape.count).toBeGreaterThanOrEqual(6);
    expect(portrait.count).toBeGreaterThanOrEqual(4);
    const l = await image(landscape.list[0].path);
    const p = await image(portrait.list[0].path);
    expect([l.width, l.height]).toEqual([1920, 1080]);
    expect([p.width, p.height]).toEqual([750, 1334]);
    expect(landscape.list.every((s: { userId: unknown }) => s.userId === null)).toBe(true);
    const paged = (await post('/virtual/v1/scene/list', { pageIndex: 1, pageSize: 2, sizeType: 1 })).body
      .data;
    expect(paged.list).toHaveLength(2);
  });

  it('lists public voices with Chinese names, filtered by sex (1 male, other female)', async () => {
    const all = (
      await post('/notice/v1/timbre/list', { pageIndex: 1, pageSize: 50, isPublic: 1, platform: 1 })
    ).body.data;
    expect(all.count).toBe(4);
    expect(all.list.every((v: { show_name: string }) => /[\u4e00-\u9fa5]/.test(v.show_name))).toBe(true);
    const male = (await post('/notice/v1/timbre/list', { isPublic: 1, sex: 1 })).body.data.list;
    const female = (await post('/notice/v1/timbre/list', { isPublic: 1, sex: 2 })).body.data.list;
    expect(male.map((v: { sex: number }) => v.sex)).toEqual([1, 1]);
    expect(female.map((v: { sex: number }) => v.sex)).toEqual([2, 2]);
    expect(new Set(all.list.map((v: { lang: string }) => v.lang))).toEqual(new Set(['zh', 'en']));
  });

  it('requires a login', async () => {
    expect((await t.call('POST', '/virtual/v1/scene/list', { body: {} })).body.code).toBe(501);
  });
});
