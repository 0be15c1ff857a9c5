import { mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageCacheKey } from '../../../src/server/video/pageCache';
import type { PagePlan } from '../../../src/server/video/planTypes';

describe('page cache key', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'cache-key-'));
  const file = (name: string) => {
    const f = path.join(dir, name);
    writeFileSync(f, name);
    return f;
  };
  const rig = {
    width: 800,
    height: 1400,
    body: file('body.png'),
    blink: file('blink.png'),
    mouths: { X: file('X.png'), A: file('A.png') },
    mouth: { x: 340, y: 392, width: 120, height: 80 },
    eyes: { x: 316, y: 318, width: 168, height: 50 },
  };
  const plan: PagePlan = {
    index: 1,
    frame: { width: 1920, height: 1080 },
    fps: 25,
    durationMs: 2000,
    background: file('bg.png'),
    slide: { file: file('slide.png'), box: { x: 10, y: 10, width: 800, height: 450 } },
    character: { rig, box: { x: 90, y: 300, width: 400, height: 700 } },
    audio: [
      { file: file('a.wav'), durationMs: 2000, mouth: [{ startMs: 0, shape: 'A' }], text: '你好', words: [] },
    ],
    subtitles: false,
  };
  const key = pageCacheKey(plan, null);

  it('is stable for the same page', () => {
    expect(pageCacheKey(structuredClone(plan), null)).toBe(key);
    expect(key).toMatch(/^[0-9a-f]{40}$/);
  });

  it('changes with anything the page shows or sounds like', () => {
    const variants: PagePlan[] = [
      { ...plan, index: 2 }, // blink seed
      { ...plan, durationMs: 2040 },
      { ...plan, frame: { width: 928, height: 1648 } },
      { ...plan, slide: { ...plan.slide!, box: { ...plan.slide!.box, x: 12 } } },
      { ...plan, character: { ...plan.character, box: { ...plan.character.box, y: 302 } } },
      { ...plan, audio: [{ ...plan.audio[0], mouth: [{ startMs: 40, shape: 'A' }] }] },
      { ...plan, audio: [{ ...plan.audio[0], file: file('b.wav') }] },
    ];
    const keys = new Set([key, ...variants.map((v) => pageCacheKey(v, null))]);
    expect(keys.size).toBe(variants.length + 1);
    expect(pageCacheKey(plan, '[Script Info]\nA')).not.toBe(key);
    expect(pageCacheKey(plan, '[Script Info]\nA')).not.toBe(pageCacheKey(plan, '[Script Info]\nB'));
  });

  it('changes when a file is replaced in place (size or modification time)', () => {
    const before = pageCacheKey(plan, null);
    writeFileSync(plan.slide!.file, 'a different slide');
    expect(pageCacheKey(plan, null)).not.toBe(before);
    const touched = pageCacheKey(plan, null);
    utimesSync(plan.background!, new Date(), new Date(Date.now() + 5000));
    expect(pageCacheKey(plan, null)).not.toBe(touched);
  });
});
