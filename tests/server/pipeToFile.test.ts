import { pbkdf2 } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { pipeToFile } from '../../src/server/http/upload';

/*
 * An upload refused mid-stream leaves no temp file behind (a loaded suite once found one): the
 * refusal rejects the copy before the file's open may have finished, so the file is removed only
 * once it is closed.
 */

const dir = mkdtempSync(path.join(tmpdir(), 'ps-pipe-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Keeps libuv's pool threads busy for a while (more tasks than any pool size), so a file's open waits. */
const busyPool = () =>
  Promise.all(
    Array.from({ length: 64 }, () => new Promise((done) => pbkdf2('x', 'y', 20_000, 32, 'sha256', done))),
  );

describe('writing an upload to a temp file', () => {
  it('answers a refusal only once the file is closed, so removing it then removes it for good', async () => {
    const file = path.join(dir, 'refused');
    const busy = busyPool();
    const source = new Readable({ read() {} });
    const copy = pipeToFile(source, file);
    source.destroy(new Error('too large'));
    await expect(copy).rejects.toThrow('too large');
    // Removed at once, as a removal on another pool thread may run before the open does.
    rmSync(file, { force: true });
    await busy;
    await new Promise((later) => setTimeout(later, 50));
    expect(existsSync(file)).toBe(false);
  });

  it('writes the whole stream', async () => {
    const file = path.join(dir, 'whole');
    await pipeToFile(Readable.from([Buffer.from('abc'), Buffer.from('def')]), file);
    expect(existsSync(file)).toBe(true);
  });
});
