import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probe } from '../../src/server/adapters/media/ffmpeg';
import { startTestBucket, type TestBucket } from './helpers/s3Store';
import { RenderProject } from './video/renderProject';
import { multipart, startTestServer, type TestServer } from './helpers/testServer';

/* The server on the S3 store: decks rasterised into the bucket, renders from it, /files redirects. */

const fixture = (name: string) => readFileSync(path.resolve(import.meta.dirname, '../fixtures', name));

/** Every file below a folder (relative paths), [] when it does not exist. */
const filesUnder = (dir: string) =>
  existsSync(dir)
    ? readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    : [];

describe('the server with the S3 store', () => {
  let bucket: TestBucket;
  let t: TestServer;
  let alice: string;
  let bob: string;
  beforeAll(async () => {
    bucket = await startTestBucket();
    t = await startTestServer('sqlite', { s3: bucket.config });
    await t.server.services.accounts.createUser('alice', 'secret123');
    await t.server.services.accounts.createUser('bob', 'secret123');
    alice = await t.login('alice', 'secret123');
    bob = await t.login('bob', 'secret123');
  });
  afterAll(async () => {
    await t.stop();
    await bucket.stop();
  });

  it('rasterises an uploaded PDF into the bucket and serves its pages to the owner only', async () => {
    expect(t.server.files.kind).toBe('s3');
    const form = multipart('resources', '季度汇报.pdf', fixture('slides-zh-3p.pdf'), {
      name: '季度汇报',
      description: '',
      source: '1',
      type: '2',
    });
    const up = await t.call('POST', '/virtual/v1/userPpt/upload', {
      token: alice,
      payload: form.payload,
      headers: form.headers,
    });
    expect(up.body.code).toBe(200);
    let ready: { status: string; basePath: string; uuidStr: string; thumb: string } | undefined;
    await expect
      .poll(async () => {
        const res = await t.call('POST', '/virtual/v1/userPpt/info', {
          token: alice,
          body: { pptId: up.body.data.pptId, type: 2 },
        });
        ready = res.body.data;
        return ready!.status;
      })
      .toBe('ready');

    const page = `${ready!.basePath}${ready!.uuidStr}/images/1.png`;
    const res = await t.server.http.inject({ method: 'GET', url: page, headers: { cookie: `jwt=${alice}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect((await sharp(res.rawPayload).metadata()).width).toBe(1920);
    // A range, as <video> asks for, and a revalidation by ETag.
    const head = await t.server.http.inject({
      method: 'GET',
      url: page,
      headers: { cookie: `jwt=${alice}`, range: 'bytes=0-7' },
    });
    expect(head.statusCode).toBe(206);
    expect(head.headers['content-range']).toBe(`bytes 0-7/${res.rawPayload.length}`);
    expect(head.rawPayload.equals(res.rawPayload.subarray(0, 8))).toBe(true);
    const onlyHeaders = await t.server.http.inject({
      method: 'HEAD',
      url: page,
      headers: { cookie: `jwt=${alice}` },
    });
    expect([
      onlyHeaders.statusCode,
      onlyHeaders.headers['content-length'],
      onlyHeaders.rawPayload.length,
    ]).toEqual([200, String(res.rawPayload.length), 0]);
    const again = await t.server.http.inject({
      method: 'GET',
      url: page,
      headers: { cookie: `jwt=${alice}`, 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    const past = await t.server.http.inject({
      method: 'GET',
      url: page,
      headers: { cookie: `jwt=${alice}`, range: `bytes=${res.rawPayload.length}-` },
    });
    expect(past.statusCode).toBe(416);
    // The same ownership rules as on disk: not bob's, not without a session or signature.
    expect(
      (await t.server.http.inject({ method: 'GET', url: page, headers: { cookie: `jwt=${bob}` } }))
        .statusCode,
    ).toBe(403);
    expect((await t.server.http.inject({ method: 'GET', url: page })).statusCode).toBe(403);
    const signed = t.server.files.signedUrl(page.replace('/files/', ''));
    expect((await t.server.http.inject({ method: 'GET', url: signed })).statusCode).toBe(200);
    const deck = `${ready!.basePath}${ready!.uuidStr}`.replace('/files/', '');
    const missing = `/files/${deck}/images/99.png`;
    expect(
      (await t.server.http.inject({ method: 'GET', url: missing, headers: { cookie: `jwt=${alice}` } }))
        .statusCode,
    ).toBe(404);

    // The deck is in the bucket; nothing of alice's is under DATA_DIR/files.
    expect(await t.server.files.exists(`${deck}/source.pdf`)).toBe(true);
    expect(await t.server.files.exists(`${deck}/thumb.png`)).toBe(true);
    expect(filesUnder(path.join(t.config.dataDir, 'files'))).toEqual([]);
    expect(filesUnder(path.join(t.config.dataDir, 'tmp'))).toEqual([]);
  });

  it('renders a project whose background and narration are in the bucket', async () => {
    const userId = await t.server.services.accounts.createUser('dave', 'secret123');
    const token = await t.login('dave', 'secret123');
    const project = await RenderProject.create(t, token, userId);
    const background = `u/${userId}/test/bg.png`;
    const png = await sharp({
      create: { width: 1280, height: 720, channels: 3, background: { r: 30, g: 60, b: 200 } },
    })
      .png()
      .toBuffer();
    await t.server.files.write(background, png);
    const clip = await project.speak('大家好，欢迎收看。');
    expect(await t.server.files.exists(clip.soundPath.replace('/files/', ''))).toBe(true);

    const doc = project.document(1, `/files/${background}`, [{ text: '大家好，欢迎收看。', ...clip }], 2);
    const { file, result } = await project.render(doc, 'rendered.mp4');
    expect(await t.server.files.exists(result.key)).toBe(true);
    const info = await probe(file);
    expect(info.durationMs).toBeGreaterThan(clip.timings.durationMs - 100);
    expect(info.streams.some((s) => s.type === 'audio')).toBe(true);
    // The render read local copies and stored its video in the bucket: still nothing in DATA_DIR/files.
    expect(filesUnder(path.join(t.config.dataDir, 'files'))).toEqual([]);
  });

  it('redirects /files to a presigned URL when the bucket has a public address', async () => {
    const direct = await startTestServer('sqlite', {
      s3: { ...bucket.config, publicEndpoint: bucket.config.endpoint },
    });
    try {
      await direct.server.files.write('u/1/hello.txt', 'hello');
      await direct.server.services.accounts.createUser('carol', 'secret123');
      const carol = await direct.login('carol', 'secret123');
      const res = await direct.server.http.inject({
        method: 'GET',
        url: '/files/u/1/hello.txt',
        headers: { authorization: `Bearer ${carol}` },
      });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/t-[0-9a-f]+\/u\/1\/hello\.txt\?/);
      expect(await (await fetch(String(res.headers.location))).text()).toBe('hello');
    } finally {
      await direct.stop();
    }
  });
});
