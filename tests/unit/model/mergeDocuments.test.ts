import { describe, expect, it } from 'vitest';
import { addPage, newDocument, type ProjectDocument } from '../../../src/model/project';
import { mergeDocuments } from '../../../src/model/project/mergeDocuments';
import { must } from './fixtures';

/** The document with page `at` (0-based) narrating `text`. */
const narrate = (d: ProjectDocument, at: number, text: string): ProjectDocument => ({
  ...d,
  ppt: {
    ...d.ppt,
    pages: d.ppt.pages.map((p, i) => (i === at ? { ...p, text, textdome: `<p>${text}</p>` } : p)),
  },
});
const withPages = (n: number) => {
  let d = newDocument();
  for (let i = 1; i < n; i++) d = must(addPage.perform(d));
  return d;
};
const texts = (d: ProjectDocument) => d.ppt.pages.map((p) => p.text);

describe('merging unsaved local work into a save made elsewhere', () => {
  const base = narrate(narrate(withPages(3), 0, '原来第一页'), 2, '原来第三页');

  it('keeps both sides where they changed different pages', () => {
    const local = narrate(base, 0, '本机改的第一页');
    const server = narrate(base, 2, '别处改的第三页');
    const merged = mergeDocuments(base, local, server)!;
    expect(texts(merged.doc)).toEqual(['本机改的第一页', '', '别处改的第三页']);
    expect(merged.bothChangedPages).toEqual([]);
    expect(merged.bothChangedSettings).toBe(false);
  });

  it('keeps the local version of a page both sides changed, and names it', () => {
    const local = narrate(narrate(base, 0, '本机改的第一页'), 1, '本机第二页');
    const server = narrate(base, 1, '别处第二页');
    const merged = mergeDocuments(base, local, server)!;
    expect(texts(merged.doc)).toEqual(['本机改的第一页', '本机第二页', '原来第三页']);
    expect(merged.bothChangedPages).toEqual([2]);
  });

  it('takes the settings from the side that changed them, and the page count from the pages', () => {
    const local = must(addPage.perform(base));
    const server = { ...base, subtitle: 1 as const, bgMusic: '/files/u/1/res/music.m4a' };
    const merged = mergeDocuments(base, local, server)!;
    expect(merged.doc.ppt.pages).toHaveLength(4);
    expect(merged.doc.ppt.maxNum).toBe(4);
    expect(merged.doc.subtitle).toBe(1);
    expect(merged.doc.bgMusic).toBe('/files/u/1/res/music.m4a');
    expect(merged.bothChangedSettings).toBe(false);
  });

  it('keeps the local settings where both changed them, and the name saved elsewhere', () => {
    const local = { ...base, subtitle: 1 as const };
    const server = { ...base, subtitle: 2 as const, bgMusic: '/m.m4a', projectName: '改名' };
    const merged = mergeDocuments(base, local, server)!;
    expect(merged.doc.subtitle).toBe(1);
    expect(merged.doc.bgMusic).toBe('');
    expect(merged.doc.projectName).toBe('改名');
    expect(merged.bothChangedSettings).toBe(true);
  });

  it('cannot match pages that both sides added or removed differently', () => {
    const local = must(addPage.perform(narrate(base, 0, '本机')));
    const server = narrate(base, 1, '别处');
    expect(mergeDocuments(base, local, server)).toBeNull();
  });
});
