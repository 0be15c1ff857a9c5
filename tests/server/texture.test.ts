import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXTURE_ID_PATTERN, textureMessages } from '../../src/api/texture.contract';
import { ffprobePath } from '../../src/server/adapters/media/ffmpeg';
import { synthesisProject } from './helpers/synthesisProject';
import { multipart, startTestServer, testDialects, type TestServer } from './helpers/testServer';

interface Item {
  textureId: string;
  name: string;
  path: string;
  type: number;
  width: number;
  height: number;
  isGlobal: number;
  own: boolean;
  durationMs: number;
}

/** Frames ffprobe counts in a GIF (decoded, not trusted from the header). */
function ffprobeFrames(content: Buffer): number {
  const dir = mkdtempSync(path.join(tmpdir(), 'texture-test-'));
  try {
    const file = path.join(dir, 'sticker.gif');
    writeFileSync(file, content);
    const args = ['-v', 'error', '-count_frames', '-select_streams', 'v:0'];
    args.push('-show_entries', 'stream=nb_read_frames', '-of', 'csv=p=0', file);
    return Number(spawnSync(ffprobePath(), args, { encoding: 'utf8' }).stdout.trim());
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A small animated GIF: a square moving across `frames` frames. */
function animatedGif(frames = 4, side = 64): Promise<Buffer> {
  const raw = Buffer.alloc(side * side * 4 * frames);
  for (let f = 0; f < frames; f++) {
    for (let y = 20; y < 40; y++) {
      for (let x = f * 10; x < f * 10 + 20; x++) {
        const i = ((f * side + y) * side + x) * 4;
        raw[i] = 230;
        raw[i + 1] = 60;
        raw[i + 2] = 60;
        raw[i + 3] = 255;
      }
    }
  }
  return sharp(raw, { raw: { width: side, height: side * frames, channels: 4, pageHeight: side } })
    .gif({ loop: 0, delay: Array.from({ length: frames }, () => 100) })
    .toBuffer();
}

describe.each(testDialects())('stickers / texture API (%s)', (dialect) => {
  let t: TestServer;
  let alice: string;
  let bob: string;
  let aliceId: number;
  let png: Buffer;
  let gif: Buffer;
  let jpeg: Buffer;

  beforeAll(async () => {
    t = await startTestServer(dialect, { runJobs: false });
    aliceId = await t.server.services.accounts.createUser('alice', 'secret123');
    await t.server.services.accounts.createUser('bob', 'secret123');
    alice = await t.login('alice', 'secret123');
    bob = await t.login('bob', 'secret123');
    png = await sharp({ create: { width: 120, height: 80, channels: 4, background: '#2f7bf5aa' } })
      .png()
      .toBuffer();
    gif = await animatedGif();
    jpeg = await sharp({ create: { width: 60, height: 60, channels: 3, background: '#e5484d' } })
      .jpeg()
      .toBuffer();
  });
  afterAll(() => t.stop());

  const post = (token: string, url: string, body: object) => t.call('POST', url, { token, body });
  const list = async (token: string, textureType: number, pageIndex = 1, pageSize = 100) =>
    (await post(token, '/virtual/v1/texture/list', { pageIndex, pageSize, textureType })).body.data as {
      list: Item[];
      count: number;
    };
  const upload = async (token: string, file: Buffer, filename: string, textureType: number, name = '') => {
    const form = multipart('resource', filename, file, {
      textureName: name,
      textureType: String(textureType),
      duration: '1.5',
      isGlobal: '2',
    });
    return (await t.call('POST', '/virtual/v1/texture/upload', { token, ...form })).body;
  };
  const info = (token: string, textureId: string) => post(token, '/virtual/v1/texture/info', { textureId });
  const fetchFile = async (url: string, token?: string) => {
    const res = await t.server.http.inject({
      method: 'GET',
      url,
      headers: token ? { cookie: `jwt=${token}` } : {},
    });
    return res;
  };
  const tmpFiles = () => {
    const dir = path.join(t.config.dataDir, 'tmp');
    return existsSync(dir) ? readdirSync(dir) : [];
  };

  it('lists at least 20 built-in PNG stickers and 10 looping GIFs, 4-character ids, fetchable files', async () => {
    const pngs = await list(alice, 1);
    const gifs = await list(alice, 2);
    expect(pngs.count).toBeGreaterThanOrEqual(20);
    expect(gifs.count).toBeGreaterThanOrEqual(10);
    const ids = new Set<string>();
    for (const [items, format] of [
      [pngs.list, 'png'],
      [gifs.list, 'gif'],
    ] as const) {
      for (const s of items) {
        expect(s.textureId).toMatch(TEXTURE_ID_PATTERN);
        expect(s.isGlobal).toBe(1);
        expect(s.own).toBe(false);
        expect(s.name.length).toBeGreaterThan(0);
        expect(s.path).toMatch(/^\/library\/stickers\//);
        ids.add(s.textureId);
        const res = await fetchFile(s.path);
        expect(res.statusCode).toBe(200);
        const meta = await sharp(res.rawPayload, { animated: true }).metadata();
        expect(meta.format).toBe(format);
        expect([meta.width, meta.pageHeight ?? meta.height]).toEqual([s.width, s.height]);
        expect(meta.hasAlpha).toBe(true);
        if (format === 'gif') {
          // Really animated and looping: several decoded frames, loop forever.
          expect(ffprobeFrames(res.rawPayload)).toBeGreaterThanOrEqual(8);
          expect(meta.loop).toBe(0);
          expect(s.durationMs).toBeGreaterThan(0);
        }
      }
    }
    expect(ids.size).toBe(pngs.count + gifs.count);

    // Paging: pageSize defaults to 10.
    const first = (await post(alice, '/virtual/v1/texture/list', { textureType: 1 })).body.data;
    expect(first.list).toHaveLength(10);
    expect(first.pageSize).toBe(10);
    const second = await list(alice, 1, 2, 10);
    expect(second.list[0].textureId).toBe(pngs.list[10].textureId);
  });

  it('uploads a real PNG and an animated GIF under u/<owner>/textures with new 4-character ids', async () => {
    const before = await list(alice, 1);
    const up = await upload(alice, png, 'my-arrow.png', 1, '我的箭头');
    expect([up.code, up.msg]).toEqual([200, textureMessages.uploaded]);
    const item = up.data as Item;
    expect(item.textureId).toMatch(/^u[0-9a-z]{3}$/);
    expect(item).toMatchObject({ name: '我的箭头', type: 1, width: 120, height: 80, isGlobal: 2, own: true });
    expect(item.path).toBe(`/files/u/${aliceId}/textures/${item.textureId}.png`);
    const own = await fetchFile(item.path, alice);
    expect(own.statusCode).toBe(200);
    expect((await sharp(own.rawPayload).metadata()).format).toBe('png');

    const after = await list(alice, 1);
    expect(after.count).toBe(before.count + 1);
    expect(after.list.at(-1)?.textureId).toBe(item.textureId);

    const g = await upload(alice, gif, 'bounce.gif', 2);
    expect(g.code).toBe(200);
    const gItem = g.data as Item;
    expect(gItem).toMatchObject({ name: 'bounce', type: 2, width: 64, height: 64, own: true });
    expect(gItem.durationMs).toBe(400);
    expect(gItem.textureId).not.toBe(item.textureId);
    const stored = await fetchFile(gItem.path, alice);
    expect(ffprobeFrames(stored.rawPayload)).toBe(4);
    expect((await list(alice, 2)).list.map((s) => s.textureId)).toContain(gItem.textureId);
    // A GIF upload does not appear among the PNGs.
    expect((await list(alice, 1)).list.map((s) => s.textureId)).not.toContain(gItem.textureId);
    expect(tmpFiles()).toEqual([]);
  });

  it('checks the format by content: the spec messages for PNG and GIF, nothing kept', async () => {
    const count = async () => (await t.stored.list(`u/${aliceId}/textures`)).length;
    const before = await count();
    const attempts: [Buffer, string, number, string][] = [
      [jpeg, 'photo.png', 1, textureMessages.notPng],
      [gif, 'anim.png', 1, textureMessages.notPng],
      [Buffer.from('不是图片'), 'notes.png', 1, textureMessages.notPng],
      [png, 'still.gif', 2, textureMessages.notGif],
      [jpeg, 'photo.gif', 2, textureMessages.notGif],
      [Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(40)]), 'broken.gif', 2, textureMessages.notGif],
    ];
    for (const [file, name, type, message] of attempts) {
      const res = await upload(alice, file, name, type);
      expect([name, res.code, res.msg]).toEqual([name, 400, message]);
    }
    const big = Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024 + 10)]);
    const tooBig = await upload(alice, big, 'huge.png', 1);
    expect([tooBig.code, tooBig.msg]).toEqual([413, textureMessages.tooLarge]);
    const badType = await upload(alice, png, 'x.png', 3);
    expect(badType.code).toBe(400);
    const wrongField = multipart('file', 'x.png', png, { textureType: '1' });
    const missing = await t.call('POST', '/virtual/v1/texture/upload', { token: alice, ...wrongField });
    expect(missing.body.msg).toBe(textureMessages.fileRequired);
    expect(await count()).toBe(before);
    expect(tmpFiles()).toEqual([]);
  });

  it('info answers built-in and own stickers with a cache-busting timestamp; others are refused', async () => {
    const builtIn = (await list(alice, 2)).list[0];
    const res = await info(alice, builtIn.textureId);
    expect(res.body.code).toBe(200);
    expect(res.body.data.path).toMatch(new RegExp(`^${builtIn.path.replace(/[.]/g, '\\.')}\\?t=\\d{13}$`));
    expect((await fetchFile(res.body.data.path)).statusCode).toBe(200);

    const mine = (await upload(alice, png, 'secret.png', 1)).data as Item;
    const own = await info(alice, mine.textureId.toUpperCase());
    expect(own.body.code).toBe(200);
    expect(own.body.data.path).toMatch(new RegExp(`^${mine.path.replace(/[.]/g, '\\.')}\\?t=\\d+$`));
    expect(own.body.data.textureId).toBe(mine.textureId);

    // Bob never sees, gets info for, loads or deletes Alice's upload.
    for (const type of [1, 2]) {
      expect((await list(bob, type)).list.some((s) => s.own)).toBe(false);
    }
    const theirs = await info(bob, mine.textureId);
    expect([theirs.body.code, theirs.body.msg]).toEqual([404, textureMessages.notFound]);
    expect((await fetchFile(mine.path, bob)).statusCode).toBe(403);
    const del = await post(bob, '/virtual/v1/texture/delete', { textureId: mine.textureId });
    expect(del.body.code).toBe(404);
    for (const bad of ['', 'zzzz', 's00', '../x', 'u0000']) {
      expect((await info(alice, bad)).body.code).not.toBe(200);
    }
  });

  it('deletes own uploads only; built-in stickers cannot be deleted', async () => {
    const mine = (await upload(alice, png, 'temp.png', 1)).data as Item;
    const file = mine.path;
    expect(await t.stored.exists(file)).toBe(true);
    const res = await post(alice, '/virtual/v1/texture/delete', { textureId: mine.textureId });
    expect([res.body.code, res.body.msg]).toEqual([200, textureMessages.deleted]);
    expect(await t.stored.exists(file)).toBe(false);
    expect((await info(alice, mine.textureId)).body.code).toBe(404);
    const builtIn = await post(alice, '/virtual/v1/texture/delete', { textureId: 's001' });
    expect([builtIn.body.code, builtIn.body.msg]).toEqual([403, textureMessages.builtIn]);
  });

  it('deletes a sticker a project places only when told to, naming the project first (409)', async () => {
    const mine = (await upload(alice, png, 'placed.png', 1)).data as Item;
    await synthesisProject(t, alice, {
      name: '贴图项目',
      pages: [{ text: '你好' }],
      edit: (doc) => ({
        ...doc,
        ppt: {
          ...doc.ppt,
          pages: doc.ppt.pages.map((p) => ({
            ...p,
            textureList: [
              {
                textureId: mine.textureId,
                path: mine.path,
                x: 10,
                y: 10,
                width: 100,
                height: 100,
                position: 1,
                id: 'k1',
              },
            ],
          })),
        },
      }),
    });
    const asked = await post(alice, '/virtual/v1/texture/delete', { textureId: mine.textureId });
    expect(asked.body.code).toBe(409);
    expect(asked.body.msg).toContain('贴图项目');
    // What happens is said as it is: the project opens without the sticker (restoreTextures).
    expect(asked.body.msg).toContain('删除后会从这些项目的页面上移除');
    expect(await t.stored.exists(mine.path)).toBe(true);
    const forced = await post(alice, '/virtual/v1/texture/delete', {
      textureId: mine.textureId,
      force: true,
    });
    expect(forced.body.code).toBe(200);
    expect(await t.stored.exists(mine.path)).toBe(false);
  });

  it('resolves a usable texture id to its file for renderers, never another user’s', async () => {
    const s = await t.server.services.textures.resolveFile(aliceId, 'g001');
    expect(s && existsSync(s.file)).toBe(true);
    const mine = (await upload(alice, png, 'r.png', 1)).data as Item;
    expect((await t.server.services.textures.resolveFile(aliceId, mine.textureId))?.type).toBe(1);
    expect(await t.server.services.textures.resolveFile(aliceId + 1, mine.textureId)).toBeUndefined();
  });
});
