import { describe, expect, it } from 'vitest';
import {
  addPage,
  commandForKey,
  deleteTexture,
  DOC_COMMANDS,
  duplicatePage,
  moveCharacter,
  moveSlide,
  newDocument,
  nudgeItem,
  nudgeTexture,
  pagesFromPdf,
  pagesWithoutPdf,
  saveNarration,
  slideBox,
  stickerMarkerHtml,
  type ProjectDocument,
  type Result,
} from '../../../src/model/project';

function must<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

describe('the document command table', () => {
  it('names every command uniquely, by a name that is not its minified function name', () => {
    const names = DOC_COMMANDS.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toContain('addPage');
    for (const name of names) expect(name).toMatch(/^[a-z][A-Za-z]+$/);
  });

  it('is callable as its perform, so model code calls a command like a function', () => {
    const d = newDocument();
    expect(addPage(d)).toEqual(addPage.perform(d));
    expect(must(addPage(d)).ppt.pages).toHaveLength(2);
  });

  it('marks exactly the commands that make new pages (a copy keeps its original mode)', () => {
    const creating = DOC_COMMANDS.filter((c) => c.createsPage).map((c) => c.name);
    expect(creating.sort()).toEqual([addPage.name, pagesFromPdf.name, pagesWithoutPdf.name].sort());
    expect(duplicatePage.createsPage).toBe(false);
  });

  it('opens a new page after addPage and a copy right after its original', () => {
    const d = must(addPage(newDocument()));
    expect(addPage.showsPage?.(d)).toBe(2);
    expect(duplicatePage.showsPage?.(d, 0)).toBe(1);
    expect(pagesFromPdf.showsPage).toBeUndefined();
  });

  it('maps each key to one command: Arrow keys nudge, Delete and Backspace remove a sticker', () => {
    const keys = DOC_COMMANDS.flatMap((c) => c.keys);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'])
      expect(commandForKey(key)).toBe(nudgeItem);
    expect(commandForKey('Delete')).toBe(deleteTexture);
    expect(commandForKey('Backspace')).toBe(deleteTexture);
    expect(commandForKey('a')).toBeUndefined();
  });
});

describe('nudgeItem moves the selected item by its own rules', () => {
  const withSticker = (): ProjectDocument =>
    must(
      saveNarration(
        newDocument(),
        0,
        `你好${stickerMarkerHtml({ textureId: 'a1b2', kind: 'png', id: 'k1', path: '/t/a.png' })}世界`,
      ),
    );

  it('moves a sticker as nudgeTexture does', () => {
    const d = withSticker();
    expect(d.ppt.pages[0].textureList).toHaveLength(1);
    expect(nudgeItem(d, 0, { kind: 'sticker', index: 0 }, 1, -10).ok).toBe(true);
    expect(nudgeItem(d, 0, { kind: 'sticker', index: 0 }, 1, -10)).toEqual(nudgeTexture(d, 0, 0, 1, -10));
  });

  it('moves the slide and the presenter as moveSlide and moveCharacter do', () => {
    const d = newDocument();
    const b = slideBox(d);
    expect(nudgeItem(d, 0, { kind: 'slide' }, -1, 0)).toEqual(moveSlide(d, { ...b, x: b.x - 1 }));
    const c = d.character;
    expect(nudgeItem(d, 0, { kind: 'character' }, 0, 10)).toEqual(moveCharacter(d, { X: c.X, Y: c.Y + 10 }));
  });
});
