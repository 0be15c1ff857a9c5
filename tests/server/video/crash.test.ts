import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probe } from '../../../src/server/adapters/media/ffmpeg';
import { startRealServer, type RealServer } from '../../e2e/helpers/realServer';
import { apiCall } from '../../e2e/helpers/apiCall';
import { saveSpokenProject, waitForCompose, type Call } from '../helpers/cluster';
import { pdfOfSlides } from '../helpers/pdfMaker';
import { childStore, listBucketKeys } from '../helpers/s3Store';

describe('a render interrupted by a crash', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'studio-crash-'));
  const env: Record<string, string> = { JWT_SECRET: 'crash-test-secret-crash-test-secret' };
  let server: RealServer | undefined;
  // TEST_STORE=s3: every restart of the server uses the same test bucket.
  let store: Awaited<ReturnType<typeof childStore>> | undefined;
  beforeAll(async () => {
    store = await childStore();
    Object.assign(env, store.env);
  });
  afterAll(async () => {
    await server?.stop();
    await store?.bucket?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const call: Call = (url, body, token) => apiCall(server!.url, url, body, token);

  it('resumes after SIGKILL and a restart, and the video finishes and plays', async () => {
    server = await startRealServer(env, { dataDir, keepData: true });
    const token = (await call('/virtual/v1/login', { username: 'demo', password: 'demo123456' })).token!;
    const text = '服务器在合成过程中被强制结束，重新启动以后，合成任务应当自动继续并最终完成。';
    const { projectId, tts } = await saveSpokenProject(call, token, '崩溃恢复', 4, text);
    expect((await call('/virtual/v1/userPro/composeProject', { projectId }, token)).code).toBe(200);

    let status;
    for (let i = 0; i < 600; i++) {
      status = (await call('/virtual/v1/userPro/composeStatus', { projectId }, token)).data;
      if (status.status === 'rendering' && status.percent >= 5) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(status.status).toBe('rendering');
    await server.kill();

    server = await startRealServer(env, { dataDir, keepData: true });
    ({ status } = await waitForCompose(call, token, projectId, { limitMs: 240_000 }));
    expect(status.status).toBe('done');
    const video = await fetch(server.url + status.video.url);
    expect(video.status).toBe(200);
    const file = path.join(dataDir, 'resumed.mp4');
    writeFileSync(file, Buffer.from(await video.arrayBuffer()));
    const info = await probe(file);
    expect(info.streams.map((s) => s.type).sort()).toEqual(['audio', 'video']);
    expect(Math.abs(info.durationMs - 4 * tts.soundTime * 1000)).toBeLessThan(300);
    // The render's scratch folder and half-cached pages of the killed run are gone.
    expect(await temporaries()).toEqual([]);
  }, 400_000);

  /**
   * Temporaries anywhere in the data folder: DATA_DIR/tmp entries (at any depth: with S3 a deck is
   * rasterised in a scratch folder there) and write-beside names, on disk or in the test bucket.
   */
  const temporaries = async () => {
    const tmp = path.join(dataDir, 'tmp');
    const loose = existsSync(tmp) ? readdirSync(tmp, { recursive: true }).map((n) => `tmp/${String(n)}`) : [];
    const halfWritten = (n: string) => /\.raster-|\.tmp-|\.tmp\./.test(n);
    const beside = ['files', 'cache'].flatMap((top) =>
      existsSync(path.join(dataDir, top))
        ? readdirSync(path.join(dataDir, top), { recursive: true }).map(String).filter(halfWritten)
        : [],
    );
    const inBucket = store?.bucket ? (await listBucketKeys(store.bucket.config)).filter(halfWritten) : [];
    return [...loose, ...beside, ...inBucket];
  };

  /** Starts a multipart upload of `bytes` and sends only the first half, leaving it hanging. */
  const hangingUpload = (token: string, bytes: Buffer) => {
    const url = new URL('/virtual/v1/userPpt/upload', server!.url);
    const boundary = 'crashboundary';
    const req = request(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
    });
    req.on('error', () => undefined);
    req.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="resources"; filename="big.pdf"\r\n` +
        'Content-Type: application/pdf\r\n\r\n',
    );
    req.write(bytes.subarray(0, bytes.length / 2));
  };

  it('leaves no temporary file after kills during an upload and during rasterising', async () => {
    await server?.stop();
    server = await startRealServer(env, { dataDir, keepData: true });
    const token = (await call('/virtual/v1/login', { username: 'demo', password: 'demo123456' })).token!;
    const form = new FormData();
    // Long enough that the kill below lands mid-deck (it comes a few pages in), no longer: the
    // restarted server rasterises the whole deck again before the check.
    form.append('name', '一百页.pdf');
    form.append('resources', new Blob([new Uint8Array(pdfOfSlides(100))]), '一百页.pdf');
    const uploaded = await fetch(`${server.url}/virtual/v1/userPpt/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const { pptId } = ((await uploaded.json()) as { data: { pptId: number } }).data;
    const info = async () => (await call('/virtual/v1/userPpt/info', { pptId, type: 2 }, token)).data;
    await expect
      .poll(async () => (await info()).pagesDone, { timeout: 60_000, interval: 20 })
      .toBeGreaterThan(5);
    hangingUpload(token, Buffer.concat([pdfOfSlides(1), Buffer.alloc(8 * 1024 * 1024, 0x20)]));
    await expect.poll(() => readdirSync(path.join(dataDir, 'tmp')).length).toBeGreaterThan(0);
    await server.kill();
    // The crash left a half-rasterised deck and a half-received upload.
    expect((await temporaries()).some((n) => n.includes('.raster-'))).toBe(true);
    expect((await temporaries()).some((n) => n.startsWith('tmp/'))).toBe(true);

    // Generous limits: under the suite's load a server start alone took 10 s and the whole deck
    // again 12 s (2026-11-27), and CI machines are slower still.
    server = await startRealServer(env, { dataDir, keepData: true });
    await expect.poll(async () => (await info()).status, { timeout: 120_000, interval: 200 }).toBe('ready');
    expect(await temporaries()).toEqual([]);
  }, 300_000);
});
