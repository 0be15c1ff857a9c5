import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PortablePaths } from '../../../src/server/video/portablePaths';

describe('portable file names of a render task', () => {
  const here = mkdtempSync(path.join(tmpdir(), 'portable-'));
  afterAll(() => rmSync(here, { recursive: true, force: true }));
  const copies = path.join(here, 'a', 'cache', 'objects');
  const app = path.join(here, 'app');
  const fetched: string[] = [];
  const paths = new PortablePaths([
    {
      name: 's3',
      dir: copies,
      fetch: async (rest) => {
        fetched.push(rest);
        return path.join(here, 'b', 'cache', 'objects', rest);
      },
    },
    { name: 'app', dir: app, versioned: true },
  ]);

  it('names files under a root and leaves every other string alone', () => {
    const plan = {
      background: path.join(copies, 'e1', 'u/7/scene.png'),
      rig: { body: path.join(app, 'assets/library/characters/xiaoya/torso.png') },
      audio: [{ file: '/tmp/elsewhere.wav', text: '大家好' }],
      fps: 25,
    };
    expect(paths.portable(plan)).toEqual({
      background: 'portable:s3:e1/u/7/scene.png',
      rig: { body: 'portable:app:assets/library/characters/xiaoya/torso.png' },
      audio: [{ file: '/tmp/elsewhere.wav', text: '大家好' }],
      fps: 25,
    });
    // The app's files count by content (installs differ in mtimes), the others not.
    const body = path.join(app, 'torso.png');
    mkdirSync(app, { recursive: true });
    writeFileSync(body, 'pixels');
    const hash = paths.contentHash(body);
    expect(hash).toMatch(/^[0-9a-f]{16}$/);
    writeFileSync(body, 'other pixels');
    expect(paths.contentHash(body)).not.toBe(hash);
    expect(paths.contentHash('/tmp/elsewhere.wav')).toBeNull();
  });

  it('turns names into this machine’s files, fetching the copies it lacks', async () => {
    const present = path.join(copies, 'e2', 'u/7/a.wav');
    mkdirSync(path.dirname(present), { recursive: true });
    writeFileSync(present, 'x');
    const local = await paths.local({
      clips: ['portable:s3:e2/u/7/a.wav', 'portable:s3:e3/u/7/b.wav'],
      body: 'portable:app:assets/x.png',
    });
    expect(local).toEqual({
      clips: [present, path.join(here, 'b', 'cache', 'objects', 'e3/u/7/b.wav')],
      body: path.join(app, 'assets', 'x.png'),
    });
    expect(fetched).toEqual(['e3/u/7/b.wav']);
  });
});
