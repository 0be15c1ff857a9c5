import { describe, expect, it } from 'vitest';
import {
  CHARACTER_MAX_SIZE,
  CUSTOM_SCENE_SIZE,
  DEFAULT_PAGE_IMAGE_SIZE,
  DEFAULT_TEXTURE_SIZE,
  EXPORT_FRAME,
  PREVIEW_FRAME,
  characterDragAllowed,
  dragCharacter,
  roundUpEven,
  toExport,
  toExportDocument,
  newDocument,
  newPage,
  withPages,
} from '../../../src/model/project';

describe('frame sizes (spec 9)', () => {
  it('preview 960x540 landscape, 375x667 portrait', () => {
    expect(PREVIEW_FRAME[1]).toEqual({ width: 960, height: 540 });
    expect(PREVIEW_FRAME[2]).toEqual({ width: 375, height: 667 });
  });
  it('export 1920x1080 landscape; portrait 375 and 667 times 2.47 rounded up to even: 928x1648', () => {
    expect(EXPORT_FRAME[1]).toEqual({ width: 1920, height: 1080 });
    expect(EXPORT_FRAME[2]).toEqual({ width: 928, height: 1648 });
  });
  it('custom scenes 1920x1080 / 750x1334, character max 3840x2160 / 1500x2668, defaults 300x168 and 100x100', () => {
    expect(CUSTOM_SCENE_SIZE).toEqual({ 1: { width: 1920, height: 1080 }, 2: { width: 750, height: 1334 } });
    expect(CHARACTER_MAX_SIZE).toEqual({
      1: { width: 3840, height: 2160 },
      2: { width: 1500, height: 2668 },
    });
    expect(DEFAULT_PAGE_IMAGE_SIZE).toEqual({ width: 300, height: 168 });
    expect(DEFAULT_TEXTURE_SIZE).toEqual({ width: 100, height: 100 });
  });
});

describe('preview -> export: x2 landscape, x2.47 portrait, rounded up to even', () => {
  it('rounds up to even numbers', () => {
    expect(roundUpEven(247)).toBe(248);
    expect(roundUpEven(248)).toBe(248);
    expect(roundUpEven(246.01)).toBe(248);
    expect(roundUpEven(-12.35)).toBe(-12);
  });
  it('is not fooled by float noise: 200 x 2.47 is exactly 494', () => {
    expect(200 * 2.47).not.toBe(494); // the trap this guards against
    expect(toExport(200, 2)).toBe(494);
  });
  it('landscape doubles (333 -> 666, 45.5 -> 92), portrait multiplies by 2.47 (100 -> 248)', () => {
    expect(toExport(333, 1)).toBe(666);
    expect(toExport(45.5, 1)).toBe(92);
    expect(toExport(100, 2)).toBe(248);
  });

  it('toExportDocument scales character, slide frame, background and stickers, without touching the input', () => {
    const base = newDocument();
    const page = newPage({
      textureList: [
        { textureId: 'a1b2', path: '', x: 10.2, y: 3, width: 100, height: 100, position: 1, id: 'k' },
      ],
    });
    const doc = withPages({ ...base, character: { ...base.character, width: 201, height: 400 } }, [page]);
    const e = toExportDocument(doc);
    expect([e.character.X, e.character.Y, e.character.width, e.character.height]).toEqual([
      666, 522, 402, 800,
    ]);
    expect([e.scene.pptX, e.scene.pptY, e.scene.pptWidth, e.scene.pptHeight]).toEqual([1172, 324, 588, 336]);
    expect([e.scene.backWidth, e.scene.backHeight]).toEqual([1920, 1080]);
    expect(e.ppt.pages[0].textureList[0]).toMatchObject({ x: 22, y: 6, width: 200, height: 200 });
    expect(doc.character.X).toBe(333);

    const portrait = toExportDocument({ ...doc, distinguishability: 2 });
    expect(portrait.character.X).toBe(824); // 333 * 2.47 = 822.51 -> 824
    expect([portrait.scene.backWidth, portrait.scene.backHeight]).toEqual([928, 1648]);
    expect(portrait.ppt.pages[0].textureList[0].width).toBe(248);
  });
});

describe('character drag bounds (spec 5)', () => {
  it('allows up to 10 units past an edge, blocks beyond', () => {
    expect(characterDragAllowed({ x: -10, y: -10, width: 100, height: 100 }, 1)).toBe(true);
    expect(characterDragAllowed({ x: -11, y: 0, width: 100, height: 100 }, 1)).toBe(false);
    expect(characterDragAllowed({ x: 0, y: -11, width: 100, height: 100 }, 1)).toBe(false);
  });
  it('right bound 960 landscape, 303 portrait; bottom 540 landscape, 667 portrait', () => {
    expect(characterDragAllowed({ x: 870, y: 0, width: 100, height: 100 }, 1)).toBe(true); // 970
    expect(characterDragAllowed({ x: 871, y: 0, width: 100, height: 100 }, 1)).toBe(false);
    expect(characterDragAllowed({ x: 213, y: 0, width: 100, height: 100 }, 2)).toBe(true); // 313
    expect(characterDragAllowed({ x: 214, y: 0, width: 100, height: 100 }, 2)).toBe(false);
    expect(characterDragAllowed({ x: 0, y: 450, width: 100, height: 100 }, 1)).toBe(true); // 550
    expect(characterDragAllowed({ x: 0, y: 451, width: 100, height: 100 }, 1)).toBe(false);
    // Portrait: standing on the bottom edge of the 667-high frame, 10 units of slack below it.
    expect(characterDragAllowed({ x: 0, y: 577, width: 100, height: 100 }, 2)).toBe(true); // 677
    expect(characterDragAllowed({ x: 0, y: 578, width: 100, height: 100 }, 2)).toBe(false);
  });
  it('a blocked step keeps the previous box', () => {
    const prev = { x: 860, y: 0, width: 100, height: 100 };
    expect(dragCharacter(prev, { ...prev, x: 880 }, 1)).toBe(prev);
    expect(dragCharacter(prev, { ...prev, x: 800 }, 1)).toEqual({ ...prev, x: 800 });
  });
  it('a character already past a bound can still move sideways or back in', () => {
    const tall = { x: 45, y: 200, width: 200, height: 500 }; // bottom 700 > 677
    expect(dragCharacter(tall, { ...tall, x: 60 }, 2)).toEqual({ ...tall, x: 60 });
    expect(dragCharacter(tall, { ...tall, y: 150 }, 2)).toEqual({ ...tall, y: 150 });
    expect(dragCharacter(tall, { ...tall, y: 210 }, 2)).toBe(tall);
  });
});
