import { describe, expect, it } from 'vitest';
import {
  chooseCharacter,
  chooseScene,
  chooseVoice,
  fitCharacter,
  keepCharacterInFrame,
  newDocument,
  switchOrientation,
} from '../../../src/model/project';
import { must, readyDocument } from './fixtures';

describe('chooseScene (spec 4)', () => {
  it('sets the scene fields and the project resolution from sizeType', () => {
    const d = must(chooseScene(newDocument(), { id: 12, name: '教室', path: '/s/12.png', sizeType: 1 }));
    expect(d.scene).toMatchObject({
      uuid: '12',
      icon: '/s/12.png',
      path: '/s/12.png',
      name: '教室',
      type: 1,
    });
    expect(d.distinguishability).toBe(1);
    expect([d.scene.backWidth, d.scene.backHeight]).toEqual([960, 540]);
  });

  it('a portrait scene switches the project to portrait and refits the presenter', () => {
    const start = readyDocument();
    const d = must(chooseScene(start, { id: 3, name: '竖屏', path: '/s/3.png', sizeType: 2, userId: 9 }));
    expect(d.distinguishability).toBe(2);
    expect(d.scene).toMatchObject({ uuid: '3', icon: '/s/3.png', type: 2, backWidth: 375, backHeight: 667 });
    // Portrait stands the presenter on the bottom edge, right side within the 303 bound.
    expect(d.character.Y + d.character.height).toBe(667);
    expect(d.character.X + d.character.width).toBeLessThanOrEqual(303);
  });
});

describe('chooseCharacter and chooseVoice (spec 4)', () => {
  it('copies cover, name, static image, video and type; keeps the voice', () => {
    let d = must(chooseVoice(newDocument(), { id: 8, name: 'en-m1', show_name: '英文男声', isPublic: 2 }));
    d = must(
      chooseCharacter(d, {
        id: 4,
        name: '小明',
        icon: '/c/4.png',
        staticImg: '/c/4s.png',
        video: '/c/4.mp4',
        type: 2,
      }),
    );
    expect(d.character).toMatchObject({
      uuid: '4',
      icon: '/c/4.png',
      name: '小明',
      staticImg: '/c/4s.png',
      video: '/c/4.mp4',
      type: 2,
      voiceName: '英文男声',
      tonename: 'en-m1',
      voiceId: '8',
      isPublic: 2,
      X: 333,
      Y: 261,
    });
  });

  it('fits the presenter from its natural size by 1/2.5', () => {
    const d = must(
      chooseCharacter(newDocument(), {
        id: 1,
        name: 'a',
        icon: '',
        staticImg: '',
        width: 1000,
        height: 1250,
      }),
    );
    expect([d.character.width, d.character.height]).toEqual([400, 500]);
  });
});

describe('fitCharacter: natural / 2.5 inside 960x540, or in portrait 303 wide (the right bound) and below the slide', () => {
  it('scales by 1/2.5 when it fits', () => {
    expect(fitCharacter({ width: 500, height: 1000 }, 1)).toEqual({ width: 200, height: 400 });
  });
  it('shrinks keeping the aspect ratio when 1/2.5 is still too big', () => {
    expect(fitCharacter({ width: 1000, height: 2000 }, 1)).toEqual({ width: 270, height: 540 });
    expect(fitCharacter({ width: 3840, height: 2160 }, 2)).toEqual({ width: 303, height: 170 });
    // Portrait: at most 467 tall, the 667 frame less the default slide (24 + 168) and an 8-unit gap.
    expect(fitCharacter({ width: 1000, height: 2000 }, 2)).toEqual({ width: 234, height: 467 });
    expect(fitCharacter({ width: 500, height: 1000 }, 2)).toEqual({ width: 200, height: 400 });
  });
});

describe('switchOrientation (spec 4)', () => {
  it('clears the background, resets slide frame and presenter, refits the presenter', () => {
    const start = readyDocument();
    const moved = { ...start, character: { ...start.character, X: 500, Y: 10 } };
    const d = must(switchOrientation(moved, 2, { width: 1000, height: 2000 }));
    expect(d.distinguishability).toBe(2);
    expect(d.scene.uuid).toBe('');
    expect(d.scene.icon).toBe('');
    // 1000x2000 / 2.5 = 400x800, fitted below the slide (467 tall); standing on the bottom edge at 45.
    expect([d.character.width, d.character.height]).toEqual([234, 467]);
    expect([d.character.X, d.character.Y]).toEqual([45, 200]);
    // The slide centred near the top, its bottom edge above the presenter's head.
    expect([d.scene.pptX, d.scene.pptY, d.scene.pptWidth, d.scene.pptHeight]).toEqual([41, 24, 294, 168]);
    expect(d.scene.pptY + d.scene.pptHeight).toBeLessThan(d.character.Y);
    expect(d.character.voiceId).toBe(start.character.voiceId);
  });

  it('back to landscape restores the spec slide frame 294x168 at 586,162', () => {
    const portrait = must(switchOrientation(readyDocument(), 2));
    const d = must(switchOrientation(portrait, 1));
    expect([d.scene.pptX, d.scene.pptY, d.scene.pptWidth, d.scene.pptHeight]).toEqual([586, 162, 294, 168]);
  });

  it('without a natural size, treats the current size as natural / 2.5 (the preview size is kept if it fits)', () => {
    const start = readyDocument(); // 1000x2000 natural -> 270x540 landscape
    // Too tall for the 467 below the portrait slide: shrunk to it, standing on the bottom edge.
    expect(must(switchOrientation(start, 2)).character).toMatchObject({
      width: 234,
      height: 467,
      X: 45,
      Y: 200,
    });
    const small = { ...start, character: { ...start.character, width: 150, height: 300 } };
    expect(must(switchOrientation(small, 2)).character).toMatchObject({
      width: 150,
      height: 300,
      X: 45,
      Y: 367,
    });
    const big = { ...start, character: { ...start.character, width: 600, height: 400 } };
    expect(must(switchOrientation(big, 2)).character).toMatchObject({
      width: 303,
      height: 202,
      X: 0,
      Y: 465,
    });
    // Back to landscape: at 45, raised from the spec's 150 so it stands whole in the 540 frame.
    expect(must(switchOrientation(must(switchOrientation(start, 2)), 1)).character).toMatchObject({
      X: 45,
      Y: 0,
    });
    // A presenter that fits below 150 stands at the spec's default place.
    expect(must(switchOrientation(must(switchOrientation(small, 2)), 1)).character).toMatchObject({
      width: 150,
      height: 300,
      X: 45,
      Y: 150,
    });
  });

  it('portrait and back gives the presenter a fresh choice gives, whole in the frame (not 267x467 at 45,150)', () => {
    const presenter = {
      id: 9,
      name: '小蓝',
      icon: '/c/9.png',
      staticImg: '/c/9s.png',
      width: 773,
      height: 1350,
    };
    const fresh = must(keepCharacterInFrame(must(chooseCharacter(readyDocument(), presenter))));
    expect(fresh.character).toMatchObject({ width: 309, height: 540, Y: 0 });
    const portrait = must(switchOrientation(fresh, 2));
    expect(portrait.character).toMatchObject({ width: 267, height: 467, X: 36, Y: 200 });
    // Without the natural size (the library list not at hand) and with it.
    for (const natural of [undefined, presenter]) {
      const back = must(switchOrientation(portrait, 1, natural)).character;
      expect(back).toMatchObject({ width: 309, height: 540, X: 45, Y: 0 });
    }
  });

  it('the presenter lies whole inside the new frame, aspect kept, in both directions', () => {
    const naturals = [
      { width: 773, height: 1350 },
      { width: 1000, height: 2000 },
      { width: 500, height: 1000 },
      { width: 3840, height: 2160 },
      { width: 1200, height: 1200 },
    ];
    for (const n of naturals) {
      const chosen = must(
        chooseCharacter(readyDocument(), { id: 1, name: 'a', icon: '', staticImg: '/a.png', ...n }),
      );
      let d = must(keepCharacterInFrame(chosen));
      for (const to of [2, 1, 2, 1] as const) {
        for (const natural of [undefined, n]) {
          const next = must(switchOrientation(d, to, natural));
          const c = next.character;
          const frame = to === 1 ? { width: 960, height: 540 } : { width: 303, height: 667 };
          expect(c.X).toBeGreaterThanOrEqual(0);
          expect(c.Y).toBeGreaterThanOrEqual(0);
          expect(c.X + c.width).toBeLessThanOrEqual(frame.width);
          expect(c.Y + c.height).toBeLessThanOrEqual(frame.height);
          expect(Math.abs(c.width / c.height - n.width / n.height)).toBeLessThan(0.01);
          if (natural) d = next;
        }
      }
    }
  });

  it('stickers larger than the new frame shrink with their aspect kept', () => {
    const base = readyDocument();
    const sticker = {
      id: 's',
      textureId: 't',
      path: '/t.png',
      x: 400,
      y: 100,
      width: 500,
      height: 300,
      position: 1,
    };
    const withSticker = (d: typeof base, box: Partial<typeof sticker>) => ({
      ...d,
      ppt: {
        ...d.ppt,
        pages: d.ppt.pages.map((p, i) => (i === 0 ? { ...p, textureList: [{ ...sticker, ...box }] } : p)),
      },
    });
    const portrait = must(switchOrientation(withSticker(base, {}), 2)).ppt.pages[0].textureList[0];
    expect(portrait).toMatchObject({ x: 0, y: 100, width: 375, height: 225 });
    const tall = withSticker(must(switchOrientation(base, 2)), { x: 50, y: 60, width: 300, height: 600 });
    const landscape = must(switchOrientation(tall, 1)).ppt.pages[0].textureList[0];
    expect(landscape).toMatchObject({ x: 50, y: 0, width: 270, height: 540 });
  });

  it('the same orientation changes nothing', () => {
    const start = readyDocument();
    expect(must(switchOrientation(start, 1))).toBe(start);
  });
});
