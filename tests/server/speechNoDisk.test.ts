import { describe, expect, it } from 'vitest';
import type { ProjectsRepo } from '../../src/server/adapters/db/projects.repo';
import { SpeechService } from '../../src/server/services/speech.service';
import { MemoryFileStore } from './helpers/memoryFileStore';

/*
 * Services do no I/O of their own: given a file store in memory, text-to-speech synthesises,
 * stores and answers from its cache without a data folder. (No project is named, so the projects
 * repository is never asked; a call to it would throw.)
 */
describe('SpeechService with a file store in memory', () => {
  const noProjects = new Proxy({} as ProjectsRepo, {
    get: (_, name) => () => {
      throw new Error(`projects.${String(name)} was not expected`);
    },
  });

  it('speaks into the store and answers a second request from it', async () => {
    const store = new MemoryFileStore();
    const speech = new SpeechService(noProjects, store);
    const first = await speech.textToSpeech(7, {
      timbreId: 'espeak-zh-female',
      text: '今天是2026年，增长了35%。',
    });

    const keys = [...store.objects.keys()].sort();
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^u\/7\/audio\/[0-9a-f]{32}\.json$/);
    expect(keys[1]).toBe(keys[0].replace(/\.json$/, '.wav'));
    expect(first.soundPath).toBe(`/files/${keys[1]}`);
    const wav = await store.read(keys[1]);
    expect(wav.subarray(0, 4).toString('latin1')).toBe('RIFF');
    const timings = JSON.parse(await store.readText(keys[0]));
    // The subtitle words keep the text as typed, though the voice read 二零二六 and 百分之三十五.
    expect(timings.words.map((w: { text: string }) => w.text).join('')).toContain('2026');
    expect(timings.mouth.length).toBeGreaterThan(3);
    expect(first.soundTime).toBeGreaterThan(2);

    const writes = store.objects.size;
    store.objects.set(keys[1], Buffer.from('cached wav'));
    const again = await speech.textToSpeech(7, {
      timbreId: 'espeak-zh-female',
      text: '今天是2026年，增长了35%。',
    });
    expect(again).toEqual(first);
    expect(store.objects.size).toBe(writes);
    expect((await store.read(keys[1])).toString()).toBe('cached wav');
  });

  it('fails loudly if a service reaches for the disk through it', async () => {
    await expect(new MemoryFileStore().localPath()).rejects.toThrow('has no disk');
  });
});
