import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The module keeps what it wrote for the life of the process: each test imports it afresh.
const fresh = async () => {
  vi.resetModules();
  return import('../../../src/server/adapters/media/fontconfig');
};

describe('the fontconfig ffmpeg children run with', () => {
  const tmp = process.env.TMPDIR;
  afterEach(() => {
    if (tmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = tmp;
  });

  it('names no font folder and a cache of its own', async () => {
    const env = (await fresh()).ffmpegEnv();
    const conf = readFileSync(env.FONTCONFIG_FILE!, 'utf8');
    expect(conf).toMatch(/<cachedir>[^<]+presenter-studio-fontconfig[^<]+<\/cachedir>/);
    expect(conf).not.toMatch(/<dir|<include/);
  });

  it('leaves the system setup when the temp folder cannot take it: ffmpeg still runs', async () => {
    process.env.TMPDIR = '/dev/null/not-a-folder';
    const env = (await fresh()).ffmpegEnv();
    expect(env.FONTCONFIG_FILE).toBe(process.env.FONTCONFIG_FILE);
  });
});
