import { describe, expect, it } from 'vitest';
import {
  chooseCharacter,
  keepCharacterInFrame,
  moveCharacter,
  moveSlide,
  newDocument,
  placementMessages,
  switchOrientation,
  type ProjectDocument,
} from '../../../src/model/project';
import { must } from './fixtures';

/** A landscape document with a 100x200 presenter at 100,100. */
function withPresenter(orientation: 1 | 2 = 1): ProjectDocument {
  let d = must(switchOrientation(newDocument(), orientation));
  d = { ...d, character: { ...d.character, X: 100, Y: 100, width: 100, height: 200 } };
  return d;
}

describe('moveCharacter (spec 5: blocked more than 10 units past an edge)', () => {
  it('moves within the canvas and rounds to whole units', () => {
    const d = must(moveCharacter(withPresenter(), { X: 40.4, Y: 12.6 }));
    expect([d.character.X, d.character.Y]).toEqual([40, 13]);
  });

  it('allows exactly 10 units past the left and top edges, not 11', () => {
    const d = withPresenter();
    expect(must(moveCharacter(d, { X: -10, Y: -10 })).character.X).toBe(-10);
    expect(moveCharacter(d, { X: -11, Y: 0 })).toEqual({ ok: false, error: placementMessages.outOfBounds });
    expect(moveCharacter(d, { X: 0, Y: -11 }).ok).toBe(false);
  });

  it('landscape: right bound 960 and bottom bound 540', () => {
    const d = withPresenter(1);
    // 100 wide: x + 100 may reach 970.
    expect(must(moveCharacter(d, { X: 870, Y: 100 })).character.X).toBe(870);
    expect(moveCharacter(d, { X: 871, Y: 100 }).ok).toBe(false);
    // 200 high: y + 200 may reach 550.
    expect(must(moveCharacter(d, { X: 100, Y: 350 })).character.Y).toBe(350);
    expect(moveCharacter(d, { X: 100, Y: 351 }).ok).toBe(false);
  });

  it('portrait: right bound 303, bottom bound 667 (the frame: a presenter stands on its bottom edge)', () => {
    const d = withPresenter(2);
    expect(must(moveCharacter(d, { X: 213, Y: 100 })).character.X).toBe(213);
    expect(moveCharacter(d, { X: 214, Y: 100 }).ok).toBe(false);
    // 200 high: y + 200 may reach 677.
    expect(must(moveCharacter(d, { X: 100, Y: 477 })).character.Y).toBe(477);
    expect(moveCharacter(d, { X: 100, Y: 478 }).ok).toBe(false);
  });

  it('an oversized character may still move back towards the canvas', () => {
    let d = withPresenter(2);
    d = { ...d, character: { ...d.character, X: 0, Y: 200, width: 300, height: 560 } };
    // Bottom is already 760 > 677; moving up is allowed, moving down is not.
    expect(must(moveCharacter(d, { X: 0, Y: 60 })).character.Y).toBe(60);
    expect(moveCharacter(d, { X: 0, Y: 210 }).ok).toBe(false);
  });

  it('returns the same document when nothing moves (no undo step) and refuses NaN', () => {
    const d = withPresenter();
    expect(must(moveCharacter(d, { X: 100, Y: 100 }))).toBe(d);
    expect(moveCharacter(d, { X: Number.NaN, Y: 1 })).toEqual({
      ok: false,
      error: placementMessages.invalid,
    });
  });
});

describe('moveSlide (page image position and size)', () => {
  it('sets pptX/pptY/pptWidth/pptHeight', () => {
    const d = must(moveSlide(newDocument(), { x: 500, y: 100.4, width: 400, height: 225 }));
    expect(d.scene).toMatchObject({ pptX: 500, pptY: 100, pptWidth: 400, pptHeight: 225 });
  });

  it('keeps at least 40 units a side and 20 units on the canvas', () => {
    const d = must(moveSlide(newDocument(), { x: 2000, y: -900, width: 5, height: 10 }));
    expect(d.scene).toMatchObject({ pptX: 940, pptY: -20, pptWidth: 40, pptHeight: 40 });
    const p = must(switchOrientation(newDocument(), 2));
    expect(must(moveSlide(p, { x: 400, y: 700, width: 100, height: 60 })).scene).toMatchObject({
      pptX: 355,
      pptY: 647,
    });
  });

  it('returns the same document when the box is unchanged', () => {
    const d = newDocument();
    const s = d.scene;
    expect(must(moveSlide(d, { x: s.pptX, y: s.pptY, width: s.pptWidth, height: s.pptHeight }))).toBe(d);
    expect(moveSlide(d, { x: 1, y: 1, width: Infinity, height: 1 }).ok).toBe(false);
  });
});

describe('keepCharacterInFrame', () => {
  it('lifts a tall presenter chosen at the default 333,261 so it stands inside 960x540', () => {
    const chosen = must(
      chooseCharacter(newDocument(), {
        id: 'a',
        name: '小雅',
        icon: '/i.png',
        staticImg: '/s.png',
        width: 800,
        height: 1400,
      }),
    );
    const d = must(keepCharacterInFrame(chosen));
    expect(d.character.X).toBe(333);
    expect(d.character.Y + d.character.height).toBeLessThanOrEqual(540);
    expect(d.character.Y).toBeGreaterThanOrEqual(0);
    expect(must(keepCharacterInFrame(d))).toBe(d);
  });
});
