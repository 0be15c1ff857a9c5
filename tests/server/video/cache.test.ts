import { mkdtempSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probe } from '../../../src/server/adapters/media/ffmpeg';
import { PageCache } from '../../../src/server/video/pageCache';
import { startTestServer, type TestServer } from '../helpers/testServer';
import { RenderProject } from './renderProject';

describe('page cache', () => {
  let t: TestServer;
  let p: RenderProject;
  let bg: string;
  const texts = ['第一页，介绍产品背景。', '第二页，讲解核心功能。', '第三页，总结与展望，谢谢。'];
  let clips: Awaited<ReturnType<RenderProject['speak']>>[];
  const cacheDir = () => path.join(t.config.dataDir, 'cache', 'pages');

  beforeAll(async () => {
    t = await startTestServer('sqlite');
    const userId = await t.server.services.accounts.createUser('alice', 'secret123');
    p = await RenderProject.create(t, await t.login('alice', 'secret123'), userId);
    bg = await p.solid('bg.png', [30, 60, 200], 1920, 1080);
    clips = [];
    for (const text of texts) clips.push(await p.speak(text));
  }, 60_000);
  afterAll(() => t.stop());

  const doc = () =>
    p.document(
      1,
      bg,
      clips.map((c, i) => ({ text: texts[i], soundPath: c.soundPath, soundTime: c.soundTime })),
      1,
    );

  it('renders every page once, then only the page whose narration changed', async () => {
    const first = await p.render(doc(), 'first.mp4');
    expect(first.result).toMatchObject({ pageCount: 3, pagesRendered: 3, pagesCached: 0 });
    expect(readdirSync(cacheDir()).filter((f) => f.endsWith('.mp4'))).toHaveLength(3);

    const again = await p.render(doc(), 'again.mp4');
    expect(again.result).toMatchObject({ pagesRendered: 0, pagesCached: 3 });

    texts[1] = '第二页，讲解全新的核心功能和使用方法。';
    clips[1] = await p.speak(texts[1]);
    const edited = await p.render(doc(), 'edited.mp4');
    expect(edited.result).toMatchObject({ pageCount: 3, pagesRendered: 1, pagesCached: 2 });

    const info = await probe(edited.file);
    const narration = clips.reduce((sum, c) => sum + c.timings.durationMs, 0);
    expect(Math.abs(info.durationMs - narration)).toBeLessThan(200);
    expect(info.streams.find((s) => s.type === 'video')).toMatchObject({ codec: 'h264', width: 1920 });
    expect(info.streams.find((s) => s.type === 'audio')?.codec).toBe('aac');
    // Nothing half-written is left beside the entries.
    expect(readdirSync(cacheDir()).filter((f) => f.startsWith('.tmp-'))).toEqual([]);
  }, 240_000);

  it('re-renders a page when only the subtitle switch changes', async () => {
    const off = await p.render({ ...doc(), subtitle: 2 }, 'off.mp4');
    expect(off.result).toMatchObject({ pagesRendered: 3, pagesCached: 0 });
  }, 240_000);
});

describe('page cache limits', () => {
  const day = 86_400_000;
  const entry = (dir: string, name: string, bytes: number, ageMs: number) => {
    const file = path.join(dir, name);
    writeFileSync(file, Buffer.alloc(bytes));
    const at = new Date(Date.now() - ageMs);
    utimesSync(file, at, at);
  };

  it('drops entries unused for too long, then the least recently used beyond the size cap', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'page-cache-'));
    entry(dir, 'old.mp4', 10, 20 * day);
    entry(dir, 'a.mp4', 400, 1 * day);
    entry(dir, 'b.mp4', 400, 2 * day);
    entry(dir, 'c.mp4', 400, 3 * day);
    entry(dir, '.tmp-killed.mp4', 50, 2 * 3_600_000);
    const cache = new PageCache(dir, { maxBytes: 1000, maxAgeMs: 14 * day });
    expect(await cache.prune()).toEqual({ removed: 2, bytes: 800 });
    expect(readdirSync(dir).sort()).toEqual(['a.mp4', 'b.mp4']);
  });

  it('a hit refreshes the entry, so it outlives older ones', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'page-cache-'));
    entry(dir, 'k1.mp4', 400, 3 * day);
    entry(dir, 'k2.mp4', 400, 1 * day);
    const cache = new PageCache(dir, { maxBytes: 500, maxAgeMs: 14 * day });
    expect(await cache.take('k1', path.join(dir, '..', `${path.basename(dir)}-out.mp4`))).toBe(true);
    expect(await cache.take('missing', path.join(dir, 'x.out'))).toBe(false);
    await cache.prune();
    expect(readdirSync(dir)).toEqual(['k1.mp4']);
  });

  it('prunes a folder at most once an hour when asked per page (pruneHourly), per folder', async () => {
    const [dir, other] = [1, 2].map(() => mkdtempSync(path.join(tmpdir(), 'page-cache-')));
    const now = Date.now();
    const limits = { maxBytes: 1000, maxAgeMs: 14 * day };
    entry(dir, 'old1.png', 10, 20 * day);
    await new PageCache(dir, limits, '.png').pruneHourly(now);
    expect(readdirSync(dir)).toEqual([]);
    entry(dir, 'old2.png', 10, 20 * day);
    entry(other, 'old3.png', 10, 20 * day);
    await new PageCache(dir, limits, '.png').pruneHourly(now + 3_599_000);
    await new PageCache(other, limits, '.png').pruneHourly(now + 3_599_000);
    expect(readdirSync(dir)).toEqual(['old2.png']);
    expect(readdirSync(other)).toEqual([]);
    await new PageCache(dir, limits, '.png').pruneHourly(now + 3_600_000);
    expect(readdirSync(dir)).toEqual([]);
  });
});
