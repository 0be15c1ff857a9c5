import { describe, expect, it } from 'vitest';
import { isLayoutFraming, shotFraming, type ShotLayout } from '../../../src/model/project';

const preview = { width: 960, height: 540 };
const exportFrame = { width: 1920, height: 1080 };
const layout: ShotLayout = {
  slide: { x: 300, y: 60, width: 600, height: 338 },
  character: { x: 45, y: 150, width: 160, height: 320 },
  characterAspect: 0.5,
};

describe('shotFraming', () => {
  it('keeps the layout in normal framing (1) and for unknown values', () => {
    expect(shotFraming(preview, layout, 1)).toStrictEqual({
      isScale: 1,
      slide: layout.slide,
      character: layout.character,
    });
    expect(shotFraming(preview, layout, 7)).toEqual({
      isScale: 1,
      slide: layout.slide,
      character: layout.character,
    });
  });

  it('PPT全屏 (2): the slide fills the frame and the character is hidden', () => {
    expect(shotFraming(preview, layout, 2)).toEqual({
      isScale: 2,
      slide: { x: 0, y: 0, width: 960, height: 540 },
      character: null,
    });
  });

  it('PPT全屏 letterboxes to the slide image aspect when given', () => {
    const fourThree = shotFraming(preview, { ...layout, slideAspect: 4 / 3 }, 2);
    expect(fourThree.slide).toEqual({ x: 120, y: 0, width: 720, height: 540 });
    const portrait = shotFraming({ width: 928, height: 1648 }, { ...layout, slideAspect: 16 / 9 }, 2);
    expect(portrait.slide).toEqual({ x: 0, y: 563, width: 928, height: 522 });
  });

  it('PPT全屏 without a slide shows nothing', () => {
    expect(shotFraming(preview, { ...layout, slide: null }, 2)).toEqual({
      isScale: 2,
      slide: null,
      character: null,
    });
  });

  it('人物全身 (3): character height = frame height, centred, slide hidden', () => {
    expect(shotFraming(preview, layout, 3)).toEqual({
      isScale: 3,
      slide: null,
      character: { x: 345, y: 0, width: 270, height: 540 },
    });
  });

  it('人物半身 (4): the upper half fills the frame height', () => {
    expect(shotFraming(preview, layout, 4)).toEqual({
      isScale: 4,
      slide: null,
      character: { x: 210, y: 0, width: 540, height: 1080 },
    });
  });

  it('uses the box aspect when the natural aspect is unknown', () => {
    const { characterAspect: _omit, ...noAspect } = layout;
    expect(shotFraming(preview, noAspect, 3).character).toEqual({ x: 345, y: 0, width: 270, height: 540 });
  });

  it('is the same rule in export units (twice the preview numbers in landscape)', () => {
    for (const s of [2, 3, 4]) {
      const p = shotFraming(preview, layout, s);
      const e = shotFraming(exportFrame, layout, s);
      const double = (b: typeof p.slide) =>
        b && { x: b.x * 2, y: b.y * 2, width: b.width * 2, height: b.height * 2 };
      expect(e.slide).toEqual(double(p.slide));
      expect(e.character).toEqual(double(p.character));
    }
  });

  it('hides the character in body framings when there is none', () => {
    expect(shotFraming(preview, { slide: layout.slide, character: null }, 4).character).toBeNull();
  });

  it('lets the author drag only in the normal framing', () => {
    expect([1, 2, 3, 4].map(isLayoutFraming)).toEqual([true, false, false, false]);
  });
});
