import { describe, expect, it } from 'vitest';
import { FIGURE_HEADROOM, isLayoutFraming, shotFraming, type ShotLayout } from '../../../src/model/project';

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

  // A user's own picture, 400 x 700, with the person in x 100-300, y 300-700 (the top 3/7 empty).
  const photo: ShotLayout = {
    ...layout,
    characterAspect: 400 / 700,
    characterFigure: { x: 0.25, y: 3 / 7, width: 0.5, height: 4 / 7 },
  };
  // Within a pixel: the box is rounded to whole pixels.
  const figureBox = (box: { x: number; y: number; width: number; height: number }) => ({
    top: box.y + (3 / 7) * box.height,
    bottom: box.y + box.height,
    centre: box.x + 0.5 * box.width,
  });

  it('人物全身 with a measured figure: the figure, not the picture, fills the frame below the headroom', () => {
    const character = shotFraming(preview, photo, 3).character!;
    const fig = figureBox(character);
    expect(Math.abs(fig.top - 540 * FIGURE_HEADROOM)).toBeLessThanOrEqual(1);
    expect(Math.abs(fig.bottom - 540)).toBeLessThanOrEqual(1);
    expect(Math.abs(fig.centre - 480)).toBeLessThanOrEqual(1);
  });

  it('人物半身 with a measured figure: its upper half fills the frame, the head near the top', () => {
    const character = shotFraming(preview, photo, 4).character!;
    const fig = figureBox(character);
    expect(Math.abs(fig.top - 540 * FIGURE_HEADROOM)).toBeLessThanOrEqual(1);
    // The figure's middle is the frame's bottom edge.
    expect(Math.abs((fig.top + fig.bottom) / 2 - 540)).toBeLessThanOrEqual(1);
    expect(Math.abs(fig.centre - 480)).toBeLessThanOrEqual(1);
    // Before the figure was measured, the empty top of the picture took 3/7 x 2 = 86% of the frame.
    const unmeasured = shotFraming(preview, { ...photo, characterFigure: undefined }, 4).character!;
    expect(figureBox(unmeasured).top / 540).toBeCloseTo(6 / 7, 2);
  });

  it('a figure that is the whole picture, or not a real part of it, frames the picture as before', () => {
    for (const characterFigure of [
      { x: 0, y: 0, width: 1, height: 1 },
      { x: 0, y: 0, width: 0, height: 0 },
      { x: 0.5, y: 0.5, width: 0.8, height: 0.2 },
      { x: Number.NaN, y: 0, width: 0.5, height: 0.5 },
    ]) {
      for (const s of [3, 4]) {
        expect(shotFraming(preview, { ...layout, characterFigure }, s)).toStrictEqual(
          shotFraming(preview, layout, s),
        );
      }
    }
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
