import { describe, expect, it } from 'vitest';
import {
  CURRENT_SCHEMA_VERSION,
  documentSchema,
  migrateDocument,
  newDocument,
  newPage,
  pageSchema,
  textureSchema,
  childSchema,
} from '../../../src/model/project';
import { must } from './fixtures';

describe('document schema defaults (spec 3)', () => {
  it('fills every project default: level 1, distinguishability 1, subtitle 2, soundSpeed 1', () => {
    const d = documentSchema.parse({});
    expect(d.level).toBe(1);
    expect(d.distinguishability).toBe(1);
    expect(d.subtitle).toBe(2);
    expect(d.soundSpeed).toBe(1);
    expect(d.schemaVersion).toBe(CURRENT_SCHEMA_VERSION);
    for (const k of ['uuid', 'userid', 'projectName', 'name', 'text', 'bgMusic', 'path'] as const)
      expect(d[k]).toBe('');
    expect(d.bgMusicVolume).toBe(0.3);
  });

  it('gives the character X 333, Y 261, type 1', () => {
    const c = documentSchema.parse({}).character;
    expect([c.X, c.Y, c.type]).toEqual([333, 261, 1]);
    expect(Object.keys(c).sort()).toEqual(
      [
        'uuid',
        'icon',
        'video',
        'staticImg',
        'name',
        'type',
        'voiceName',
        'tonename',
        'voiceId',
        'isPublic',
        'X',
        'Y',
        'width',
        'height',
        'lipsVideo',
      ].sort(),
    );
  });

  it('gives the scene pptWidth 294, pptHeight 168, pptX 586, pptY 162, type 1', () => {
    const s = documentSchema.parse({}).scene;
    expect([s.pptWidth, s.pptHeight, s.pptX, s.pptY, s.type]).toEqual([294, 168, 586, 162, 1]);
    expect(s).toHaveProperty('backWidth');
    expect(s).toHaveProperty('backHeight');
  });

  it('gives a page istts 2, duration 1000, formattedTime "0" and empty lists', () => {
    const p = pageSchema.parse({});
    expect(p.istts).toBe(2);
    expect(p.duration).toBe(1000);
    expect(p.formattedTime).toBe('0');
    expect(p.textureList).toEqual([]);
    expect(p.childList).toEqual([]);
    for (const k of ['img', 'icon', 'video', 'videoid', 'text', 'textdome', 'tts', 'pageMouthVideo']) {
      expect(p).toHaveProperty(k, '');
    }
    for (const k of ['switchType', 'enlargeStartTime', 'enlargeEndTime', 'soundTime', 'isSound', 'isVideo']) {
      expect(p).toHaveProperty(k);
    }
  });

  it('gives a texture a 100x100 box and a child segment isScale 1', () => {
    expect(textureSchema.parse({})).toMatchObject({ width: 100, height: 100 });
    expect(childSchema.parse({})).toMatchObject({ isScale: 1, ttsText: '', tts: '', mouthVideo: '' });
  });

  it('coerces numbers that arrive as strings and ids that arrive as numbers', () => {
    const d = documentSchema.parse({
      distinguishability: '2',
      subtitle: '1',
      character: { X: '12.5', uuid: 42, isPublic: '2' },
      ppt: { pages: [{ istts: '1', isVideo: '1', duration: '2000', childList: [{ isScale: '3' }] }] },
    });
    expect(d.distinguishability).toBe(2);
    expect(d.subtitle).toBe(1);
    expect(d.character.X).toBe(12.5);
    expect(d.character.uuid).toBe('42');
    expect(d.character.isPublic).toBe(2);
    const p = d.ppt.pages[0];
    expect([p.istts, p.isVideo, p.duration, p.childList[0].isScale]).toEqual([1, 1, 2000, 3]);
  });

  it('replaces wrong values with defaults instead of failing', () => {
    const d = documentSchema.parse({
      level: 'high',
      distinguishability: 7,
      character: null,
      scene: 'none',
      ppt: { pages: [null, 5, { istts: 9, duration: 'x', textureList: 'oops' }] },
    });
    expect(d.level).toBe(1);
    expect(d.distinguishability).toBe(1);
    expect(d.character.X).toBe(333);
    expect(d.scene.pptX).toBe(586);
    expect(d.ppt.pages).toHaveLength(1);
    expect(d.ppt.pages[0]).toMatchObject({ istts: 2, duration: 1000, textureList: [] });
  });

  it('drops unknown fields so stored documents stay clean', () => {
    const d = documentSchema.parse({ evil: '<script>', character: { hack: 1 } }) as Record<string, unknown>;
    expect(d).not.toHaveProperty('evil');
    expect(d.character).not.toHaveProperty('hack');
  });
});

describe('factories', () => {
  it('newDocument starts with one blank text page and the given name', () => {
    const d = newDocument({ uuid: 'x', projectName: '文字视频1' });
    expect(d.uuid).toBe('x');
    expect(d.projectName).toBe('文字视频1');
    expect(d.ppt.pages).toHaveLength(1);
    expect(d.ppt.maxNum).toBe(1);
    expect(d.ppt.pages[0]).toMatchObject({ index: 1, istts: 2, text: '' });
  });

  it('newDocument makes distinct ids', () => {
    expect(newDocument().uuid).not.toBe(newDocument().uuid);
  });

  it('newPage applies overrides over defaults', () => {
    expect(newPage({ text: '你好' })).toMatchObject({ text: '你好', duration: 1000 });
  });
});

describe('migrateDocument', () => {
  const legacy = {
    projectName: '旧项目',
    soundSpeed: 1.5,
    distinguishability: '1',
    ppt: {
      maxNum: 9,
      pages: [
        { index: 5, text: '第一行\n第二行', isVideo: 2, dome: '<span>x</span>' },
        { index: 0, text: '', isVideo: '1', video: '' },
        { index: 3, text: '有视频', isVideo: 1, video: '/v/1.mp4' },
      ],
    },
  };

  it('upgrades a version 0 document (no schemaVersion) to the current version', () => {
    const d = must(migrateDocument(legacy));
    expect(d.schemaVersion).toBe(CURRENT_SCHEMA_VERSION);
    expect(d.projectName).toBe('旧项目');
  });

  it('renumbers page indexes and ppt.maxNum', () => {
    const d = must(migrateDocument(legacy));
    expect(d.ppt.pages.map((p) => p.index)).toEqual([1, 2, 3]);
    expect(d.ppt.maxNum).toBe(3);
  });

  it('sets soundSpeed to 1 on load (spec 3)', () => {
    expect(must(migrateDocument(legacy)).soundSpeed).toBe(1);
  });

  it('builds the rich text of plain-text-only pages and re-reads markers stored as strings', () => {
    const p = must(migrateDocument(legacy)).ppt.pages[0];
    expect(p.textdome).toBe('第一行<br>第二行');
    expect(p.dome).toEqual([]);
  });

  it('normalises isVideo: 2 means none, and a flag without a file is none', () => {
    const pages = must(migrateDocument(legacy)).ppt.pages;
    expect(pages.map((p) => p.isVideo)).toEqual([0, 0, 1]);
  });

  it('accepts the JSON text of userPro detail', () => {
    expect(must(migrateDocument(JSON.stringify(legacy))).ppt.pages).toHaveLength(3);
  });

  it('keeps a current document as it is apart from the load rules', () => {
    const d = newDocument({ uuid: 'same' });
    const again = must(migrateDocument(JSON.parse(JSON.stringify(d))));
    expect(again).toEqual(d);
  });

  it('refuses broken JSON, non-objects and documents from a newer release', () => {
    expect(migrateDocument('{oops')).toMatchObject({ ok: false, error: '项目内容不是有效的JSON' });
    expect(migrateDocument([1, 2])).toMatchObject({ ok: false });
    expect(migrateDocument(null)).toMatchObject({ ok: false });
    expect(migrateDocument({ schemaVersion: CURRENT_SCHEMA_VERSION + 1 })).toMatchObject({ ok: false });
  });
});
