import { describe, expect, it } from 'vitest';
import {
  newDocument,
  pagesFromPdf,
  preferVoiceMode,
  VOICE_MODE,
  TEXT_MODE,
} from '../../../src/model/project';

describe('voice video projects', () => {
  it('put untouched pages, including PDF placeholder pages, in voice mode (istts 1)', () => {
    const fromPdf = pagesFromPdf(newDocument(), {
      name: 'deck',
      uuidStr: 'u1',
      basePath: '/files/u/1/ppt/',
      pageCount: 2,
    });
    expect(fromPdf.ok).toBe(true);
    const doc = preferVoiceMode(fromPdf.ok ? fromPdf.value : newDocument());
    expect(doc.ppt.pages.map((p) => p.istts)).toEqual([VOICE_MODE, VOICE_MODE]);
    expect(doc.ppt.pages.every((p) => p.text === '' && p.img.endsWith('.png'))).toBe(true);
  });

  it('leave written narration and pages with audio alone, and return the same document when nothing changes', () => {
    const base = newDocument();
    const written = {
      ...base,
      ppt: { ...base.ppt, pages: [{ ...base.ppt.pages[0], text: '我写好的讲解词' }] },
    };
    expect(preferVoiceMode(written)).toBe(written);
    expect(preferVoiceMode(written).ppt.pages[0].istts).toBe(TEXT_MODE);
    const voiced = preferVoiceMode(base);
    expect(preferVoiceMode(voiced)).toBe(voiced);
  });
});
