import { describe, expect, it } from 'vitest';
import {
  moveCharacter,
  moveSlide,
  placeCharacter,
  saveNarration,
  stickerMarkerHtml,
  switchOrientation,
  type ProjectDocument,
} from '../../../src/model/project';
import { buildStageScene, gestureStep, hitTest, StageGesture, type StageTarget } from '../../../src/render';
import { must, readyDocument } from '../model/fixtures';

/** Presenter 270x540 at 40,100; slide 160x90 at 300,150 (its left edge under the presenter); a sticker at 120,160. */
function layout(): ProjectDocument {
  let d = must(moveCharacter(readyDocument(), { X: 40, Y: 100 }));
  d = must(moveSlide(d, { x: 300, y: 150, width: 160, height: 90 }));
  d = must(
    saveNarration(
      d,
      0,
      stickerMarkerHtml({ textureId: 'ab12', kind: 'png', id: 's1', path: '/t.png' }) + '你好',
    ),
  );
  const p = d.ppt.pages[0];
  const sticker = { ...p.textureList[0], x: 120, y: 160, width: 50, height: 50 };
  return { ...d, ppt: { ...d.ppt, pages: [{ ...p, textureList: [sticker] }, ...d.ppt.pages.slice(1)] } };
}

const target = (
  kind: StageTarget['kind'],
  corner: StageTarget['corner'] = null,
  index = -1,
): StageTarget => ({
  id: kind === 'sticker' ? `sticker:${index}` : kind,
  kind,
  index,
  corner,
});

describe('hitTest: the topmost item, the selected item’s handles first', () => {
  const scene = buildStageScene({ doc: layout(), pageAt: 0, isScale: 1 });

  it('picks the topmost of overlapping items: sticker over presenter over slide', () => {
    expect(hitTest(scene, { x: 130, y: 170 }, null, 5)).toMatchObject({ id: 'sticker:0', corner: null });
    expect(hitTest(scene, { x: 110, y: 200 }, null, 5)).toMatchObject({ id: 'presenter', corner: null });
    expect(hitTest(scene, { x: 400, y: 230 }, null, 5)).toMatchObject({ id: 'slide', kind: 'slide' });
  });

  it('never picks the background, and nothing in a shot framing', () => {
    expect(hitTest(scene, { x: 900, y: 500 }, null, 5)).toBeNull();
    const framed = buildStageScene({ doc: layout(), pageAt: 0, isScale: 3 });
    expect(hitTest(framed, { x: 480, y: 270 }, 'presenter', 5)).toBeNull();
  });

  it('the selected item’s corner handles win over the items above it', () => {
    // The slide's top-left corner (300,150) lies under the presenter; selected, its handle is found first.
    expect(hitTest(scene, { x: 302, y: 151 }, null, 5)).toMatchObject({ id: 'presenter' });
    expect(hitTest(scene, { x: 302, y: 151 }, 'slide', 5)).toMatchObject({ id: 'slide', corner: 'nw' });
    expect(hitTest(scene, { x: 171, y: 211 }, 'sticker:0', 5)).toMatchObject({
      id: 'sticker:0',
      corner: 'se',
    });
    // A handle is as large as the radius says (the stage passes 10 screen px / scale).
    expect(hitTest(scene, { x: 177, y: 211 }, 'sticker:0', 5)).toMatchObject({
      id: 'presenter',
      corner: null,
    });
  });
});

describe('gesture rules', () => {
  const start = { x: 40, y: 100, width: 100, height: 200 };

  it('the presenter stops 10 units past an edge and slides along it', () => {
    const t = target('presenter');
    expect(gestureStep(t, start, start, -49, 0, false, 1)).toEqual({ ...start, x: -9 });
    // Past the left bound: the x step is refused, the y step still happens.
    const prev = { ...start, x: -9 };
    expect(gestureStep(t, start, prev, -100, 20, false, 1)).toEqual({ ...prev, y: 120 });
    // Right bound 960 and bottom 540 (landscape).
    expect(gestureStep(t, start, start, 830, 0, false, 1).x).toBe(870);
    expect(gestureStep(t, start, start, 831, 0, false, 1)).toEqual(start);
    expect(gestureStep(t, start, start, 0, 250, false, 1).y).toBe(350);
  });

  it('portrait: right bound 303, and the presenter may stand on the bottom edge (667)', () => {
    const t = target('presenter');
    const p = { x: 0, y: 100, width: 200, height: 350 };
    expect(gestureStep(t, p, p, 113, 0, false, 2).x).toBe(113);
    expect(gestureStep(t, p, p, 114, 0, false, 2)).toEqual(p);
    expect(gestureStep(t, p, p, 0, 217, false, 2).y).toBe(317);
  });

  it('the presenter resizes at a corner keeping its proportions, opposite corner fixed', () => {
    const se = gestureStep(target('presenter', 'se'), start, start, 50, 100, false, 1);
    expect(se).toEqual({ x: 40, y: 100, width: 150, height: 300 });
    const nw = gestureStep(target('presenter', 'nw'), start, start, 20, 40, false, 1);
    expect(nw).toEqual({ x: 60, y: 140, width: 80, height: 160 });
    expect(nw.width / nw.height).toBeCloseTo(0.5);
    // Growing past the bottom bound is refused (the previous box stays).
    expect(gestureStep(target('presenter', 'se'), start, start, 200, 400, false, 1)).toEqual(start);
  });

  it('stickers keep their aspect at a corner unless Shift frees them, and stay inside the frame', () => {
    const s = { x: 120, y: 160, width: 50, height: 50 };
    expect(gestureStep(target('sticker', 'se', 0), s, s, 30, 10, false, 1)).toEqual({
      x: 120,
      y: 160,
      width: 70,
      height: 70,
    });
    expect(gestureStep(target('sticker', 'se', 0), s, s, 30, 10, true, 1)).toEqual({
      x: 120,
      y: 160,
      width: 80,
      height: 60,
    });
    expect(gestureStep(target('sticker', null, 0), s, s, 2000, 2000, false, 1)).toEqual({
      x: 910,
      y: 490,
      width: 50,
      height: 50,
    });
  });

  it('a sticker touching the right edge resizes from its corner (down and left), as a drag on the stage does', () => {
    const s = { x: 910, y: 160, width: 50, height: 50 };
    const g = new StageGesture(target('sticker', 'se', 0), s, { x: 960, y: 210 }, 1);
    expect(g.move({ x: 960, y: 240 }, false)).toBe(true);
    expect(g.box).toEqual({ x: 895, y: 160, width: 65, height: 65 });
    expect(g.box.x + g.box.width).toBe(960);
    expect(g.move({ x: 940, y: 190 }, false)).toBe(true);
    expect(g.box).toEqual({ x: 910, y: 160, width: 30, height: 30 });
    // Shift: growing down works; growing right past the frame does not.
    expect(g.move({ x: 990, y: 240 }, true)).toBe(true);
    expect(g.box).toEqual({ x: 910, y: 160, width: 50, height: 80 });
  });

  it('the slide moves with 20 units kept on the canvas and resizes from any corner', () => {
    const s = { x: 100, y: 150, width: 160, height: 90 };
    expect(gestureStep(target('slide'), s, s, -1000, 0, false, 1).x).toBe(20 - 160);
    expect(gestureStep(target('slide', 'se'), s, s, 160, 90, false, 1)).toEqual({
      x: 100,
      y: 150,
      width: 320,
      height: 180,
    });
    expect(gestureStep(target('slide', 'nw'), s, s, 80, 0, true, 1)).toEqual({
      x: 180,
      y: 150,
      width: 80,
      height: 90,
    });
  });

  it('a gesture starts from a snapshot, reports change, and ends where the pointer left it', () => {
    const g = new StageGesture(
      target('sticker', null, 0),
      { x: 120, y: 160, width: 50, height: 50 },
      { x: 130, y: 170 },
      1,
    );
    expect(g.changed).toBe(false);
    expect(g.move({ x: 140, y: 175 }, false)).toBe(true);
    expect(g.move({ x: 140, y: 175 }, false)).toBe(false);
    expect(g.box).toEqual({ x: 130, y: 165, width: 50, height: 50 });
    expect(g.changed).toBe(true);
    expect(g.move({ x: 130, y: 170 }, false)).toBe(true);
    expect(g.changed).toBe(false);
  });
});

describe('model commands behind the gestures', () => {
  it('placeCharacter moves and resizes in one step within the bounds', () => {
    const d = layout();
    expect(must(placeCharacter(d, { x: 60, y: 140, width: 80, height: 160 })).character).toMatchObject({
      X: 60,
      Y: 140,
      width: 80,
      height: 160,
    });
    expect(placeCharacter(d, { x: 900, y: 140, width: 80, height: 160 }).ok).toBe(false);
  });

  it('switching orientation brings stickers back inside the new frame and stands the presenter on the bottom edge', () => {
    const d = layout();
    const far = {
      ...d,
      ppt: {
        ...d.ppt,
        pages: d.ppt.pages.map((p) => ({
          ...p,
          textureList: p.textureList.map((t) => ({ ...t, x: 800, y: 400 })),
        })),
      },
    };
    const portrait = must(switchOrientation(far, 2, { width: 1000, height: 2000 }));
    const t = portrait.ppt.pages[0].textureList[0];
    expect(t.x + t.width).toBeLessThanOrEqual(375);
    expect(t.y + t.height).toBeLessThanOrEqual(667);
    const c = portrait.character;
    expect(c.Y + c.height).toBe(667);
    expect(c.X + c.width).toBeLessThanOrEqual(303);
  });
});
