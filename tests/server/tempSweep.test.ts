import { existsSync, mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sweepTemporaries } from '../../src/server/adapters/tempSweeper';
import { pdfOfSlides } from './helpers/pdfMaker';
import { multipart, startTestServer, type TestServer } from './helpers/testServer';

/*
 * Issue 11: crashes leave nothing behind. What a killed process left (uploads and scratch folders
 * in DATA_DIR/tmp, half-rasterised decks, audio and cached pages being written) is removed when
 * the embedded server starts, and after every job whatever nobody has touched for a while goes.
 * tests/server/video/crash.test.ts kills a real server at each stage and checks the same.
 */

const put = (file: string, content = 'x') => {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  return file;
};
const ageMinutes = (file: string, minutes: number) => {
  const when = new Date(Date.now() - minutes * 60_000);
  utimesSync(file, when, when);
};

describe('temporary files', () => {
  let t: TestServer | undefined;
  afterAll(async () => {
    await t?.stop();
  });

  it('are all removed when the embedded server starts; stored files stay', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sweep-'));
    const deckDir = path.join(dataDir, 'files/u/1/ppt/0f0e');
    const leftovers = [
      put(path.join(dataDir, 'tmp/4be1c0ffee.pdf')),
      put(path.join(dataDir, 'tmp/render-17/page-1.mp4')),
      put(path.join(deckDir, '.raster-0123456789ab.tmp/images/1.png')),
      put(path.join(dataDir, 'files/u/1/audio/take.wav.0123456789ab.tmp.wav')),
      put(path.join(dataDir, 'cache/pages/.tmp-0123456789ab.mp4')),
      // Head sprites being converted (spriteFrames.ts): the PAM inputs and the NUT segments.
      put(path.join(dataDir, 'cache/heads/look/.tmp-0123456789ab-in-3.pam')),
      put(path.join(dataDir, 'cache/heads/look/.tmp-0123456789ab-out-3.nut')),
    ];
    const kept = [
      put(path.join(deckDir, 'images/1.png')),
      put(path.join(deckDir, 'source.pdf')),
      put(path.join(dataDir, 'cache/pages/3f2a.mp4')),
    ];
    t = await startTestServer('sqlite', { dataDir });
    for (const file of leftovers) expect(existsSync(file), file).toBe(false);
    expect(existsSync(path.join(deckDir, '.raster-0123456789ab.tmp'))).toBe(false);
    for (const file of kept) expect(existsSync(file), file).toBe(true);
  });

  it('that nobody touched for ten minutes go after a job; fresh ones stay', async () => {
    const tmp = path.join(t!.config.dataDir, 'tmp');
    const stale = put(path.join(tmp, 'abandoned-upload.bin'));
    ageMinutes(stale, 30);
    const fresh = put(path.join(tmp, 'upload-in-progress.bin'));
    await t!.server.services.accounts.createUser('carol', 'secret123');
    const token = await t!.login('carol', 'secret123');
    const form = multipart('resources', 'a.pdf', pdfOfSlides(1), { name: 'a.pdf', source: '1', type: '2' });
    const { pptId } = (await t!.call('POST', '/virtual/v1/userPpt/upload', { token, ...form })).body.data;
    await expect
      .poll(async () => {
        const res = await t!.call('POST', '/virtual/v1/userPpt/info', { token, body: { pptId, type: 2 } });
        return res.body.data.status;
      })
      .toBe('ready');
    await expect.poll(() => existsSync(stale)).toBe(false);
    expect(existsSync(fresh)).toBe(true);
  });

  it('keep what changed recently inside a folder (a job still writing)', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sweep-'));
    const folder = path.join(dataDir, 'tmp/render-3');
    const old = put(path.join(folder, 'inputs.txt'));
    ageMinutes(old, 60);
    ageMinutes(folder, 60);
    put(path.join(folder, 'page-2.mp4'));
    expect(await sweepTemporaries(dataDir, { olderThanMs: 10 * 60_000, deep: true })).toBe(0);
    expect(existsSync(old)).toBe(true);
  });
});
