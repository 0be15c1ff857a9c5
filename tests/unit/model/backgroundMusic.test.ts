import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MUSIC_VOLUME,
  documentSchema,
  migrateDocument,
  newDocument,
  setBackgroundMusic,
} from '../../../src/model/project';
import { must } from './fixtures';

const MUSIC = '/files/u/1/materials/0a1b2c.m4a';

describe('setBackgroundMusic', () => {
  it('chooses music and its volume, leaving the rest of the document alone', () => {
    const doc = newDocument({ projectName: '配乐' });
    expect(doc.bgMusic).toBe('');
    expect(doc.bgMusicVolume).toBe(DEFAULT_MUSIC_VOLUME);
    const next = must(setBackgroundMusic(doc, { path: MUSIC, volume: 0.55 }));
    expect(next).toEqual({ ...doc, bgMusic: MUSIC, bgMusicVolume: 0.55 });
    expect(doc.bgMusic).toBe('');
  });

  it('clamps the volume to 0..1 in whole percent', () => {
    const doc = newDocument({});
    expect(must(setBackgroundMusic(doc, { path: MUSIC, volume: 1.7 })).bgMusicVolume).toBe(1);
    expect(must(setBackgroundMusic(doc, { path: MUSIC, volume: -0.2 })).bgMusicVolume).toBe(0);
    expect(must(setBackgroundMusic(doc, { path: MUSIC, volume: 0.3333 })).bgMusicVolume).toBe(0.33);
    expect(setBackgroundMusic(doc, { path: MUSIC, volume: Number.NaN })).toEqual({
      ok: false,
      error: '背景音乐音量无效',
    });
  });

  it('removes the music with an empty path and keeps the volume for next time', () => {
    const chosen = must(setBackgroundMusic(newDocument({}), { path: MUSIC, volume: 0.8 }));
    const none = must(setBackgroundMusic(chosen, { path: '', volume: 0.8 }));
    expect(none.bgMusic).toBe('');
    expect(none.bgMusicVolume).toBe(0.8);
  });

  it('refuses paths that are not stored files', () => {
    const doc = newDocument({});
    for (const path of [
      'http://evil.example/a.mp3',
      '/files/../etc/passwd x',
      'C:\\music.mp3',
      '/library/a b.mp3',
    ]) {
      expect(setBackgroundMusic(doc, { path, volume: 0.3 }).ok, path).toBe(false);
    }
  });

  it('answers the same document when nothing changes (no undo step)', () => {
    const doc = must(setBackgroundMusic(newDocument({}), { path: MUSIC, volume: 0.4 }));
    expect(must(setBackgroundMusic(doc, { path: MUSIC, volume: 0.4 }))).toBe(doc);
  });

  it('survives a save and reload through the schema', () => {
    const doc = must(setBackgroundMusic(newDocument({}), { path: MUSIC, volume: 0.65 }));
    const back = must(migrateDocument(JSON.stringify(documentSchema.parse(doc))));
    expect(back).toMatchObject({ bgMusic: MUSIC, bgMusicVolume: 0.65 });
  });
});
