import { describe, expect, it } from 'vitest';
import {
  EXPORT_FRAME,
  moveCharacter,
  moveSlide,
  saveNarration,
  shotFraming,
  shotMarkerHtml,
  SHOT_TAGS,
  stickerMarkerHtml,
  switchOrientation,
  toExportDocument,
  type ProjectDocument,
} from '../../../src/model/project';
import { blinkTimes } from '../../../src/model/speech';
import {
  buildStageScene,
  containBox,
  fitScale,
  inVideo,
  isGifPath,
  presenterAspects,
  presenterScene,
} from '../../../src/render';
import { must, readyDocument } from '../model/fixtures';

const tag = (label: string) => SHOT_TAGS.find((t) => t.label === label)!.id;

/** Page 1 with a PNG sticker at the start, then 人物全身 with a GIF, then PPT全屏. */
function framedDocument(orientation: 1 | 2 = 1): ProjectDocument {
  let d = readyDocument();
  // Portrait keeps the presenter where the switch stood it (on the bottom edge).
  if (orientation === 2) d = must(switchOrientation(d, 2, { width: 1000, height: 2000 }));
  else d = must(moveCharacter(d, { X: 40, Y: 100 }));
  d = must(moveSlide(d, { x: 300, y: 60, width: 160, height: 90 }));
  const html =
    stickerMarkerHtml({ textureId: 'ab12', kind: 'png', id: 's1', path: '/files/t/ab12.png' }) +
    '大家好。' +
    shotMarkerHtml(tag('人物全身')) +
    stickerMarkerHtml({ textureId: 'cd34', kind: 'gif', id: 's2', path: '/files/t/cd34.gif' }) +
    '这是我的全身。' +
    shotMarkerHtml(tag('PPT全屏')) +
    '这一页铺满画面。';
  return must(saveNarration(d, 0, html));
}

const kinds = (s: ReturnType<typeof buildStageScene>) => s.items.map((i) => i.kind);

describe('buildStageScene: what the stage shows, in drawing order', () => {
  it('draws background, slide, presenter, then stickers in narration order, with export boxes', () => {
    const d = framedDocument();
    const s = buildStageScene({ doc: d, pageAt: 0, isScale: 1 });
    expect(kinds(s)).toEqual(['background', 'slide', 'presenter', 'sticker', 'gif']);
    expect(s.frame).toEqual({ width: 960, height: 540 });
    expect(s.exportFrame).toEqual({ width: 1920, height: 1080 });
    const e = toExportDocument(d);
    const slide = s.items[1];
    expect(slide.box).toEqual({ x: 300, y: 60, width: 160, height: 90 });
    expect(slide.exportBox).toEqual({
      x: e.scene.pptX,
      y: e.scene.pptY,
      width: e.scene.pptWidth,
      height: e.scene.pptHeight,
    });
    expect(slide.src).toBe(d.ppt.pages[0].img);
    const presenter = s.items[2];
    expect(presenter.box).toEqual({ x: 40, y: 100, width: d.character.width, height: d.character.height });
    expect(presenter.exportBox).toEqual({
      x: 80,
      y: 200,
      width: e.character.width,
      height: e.character.height,
    });
    const t = e.ppt.pages[0].textureList[1];
    expect(s.items[4]).toMatchObject({
      id: 'sticker:1',
      index: 1,
      exportBox: { x: t.x, y: t.y, width: t.width, height: t.height },
    });
    expect(s.items.every((i) => (i.kind === 'background' ? !i.movable : i.movable))).toBe(true);
  });

  it('portrait: 375x667 frame and the 928x1648 export frame, every export value rounded up to even', () => {
    const d = framedDocument(2);
    const s = buildStageScene({ doc: d, pageAt: 0, isScale: 1 });
    expect(s.orientation).toBe(2);
    expect(s.exportFrame).toEqual(EXPORT_FRAME[2]);
    for (const item of s.items.filter((i) => i.kind !== 'background'))
      for (const v of Object.values(item.exportBox)) expect(v % 2, `${item.id} ${v}`).toBe(0);
    const p = s.items.find((i) => i.kind === 'presenter')!;
    expect(p.exportBox.x).toBe(Math.ceil((p.box.x * 2.47) / 2) * 2);
  });

  it.each([
    [3, '人物全身'],
    [4, '人物半身'],
  ])('framing %i (%s): the presenter as shotFraming places it, no slide, nothing movable', (isScale) => {
    for (const o of [1, 2] as const) {
      const d = framedDocument(o);
      const s = buildStageScene({ doc: d, pageAt: 0, isScale, aspects: { character: 0.5 } });
      const e = toExportDocument(d);
      const want = shotFraming(
        s.frame,
        { slide: null, character: { x: 0, y: 0, width: 100, height: 200 }, characterAspect: 0.5 },
        isScale,
      );
      const wantExport = shotFraming(
        s.exportFrame,
        {
          slide: null,
          character: {
            x: e.character.X,
            y: e.character.Y,
            width: e.character.width,
            height: e.character.height,
          },
          characterAspect: 0.5,
        },
        isScale,
      );
      expect(kinds(s)).toEqual(['background', 'presenter', 'sticker', 'gif']);
      expect(s.items[1].box).toEqual(want.character);
      expect(s.items[1].exportBox).toEqual(wantExport.character);
      expect(s.items.some((i) => i.movable)).toBe(false);
    }
  });

  it('frames the person of a picture with space around them, as the render does (presenterAspects)', () => {
    // A 400 x 700 picture whose person is x 100-300, y 300-700.
    const art = { width: 400, height: 700, rig: { figure: { x: 100, y: 300, width: 200, height: 400 } } };
    const aspects = presenterAspects(art);
    expect(aspects.figure).toEqual({ x: 0.25, y: 3 / 7, width: 0.5, height: 4 / 7 });
    const d = framedDocument();
    const e = toExportDocument(d);
    for (const isScale of [3, 4]) {
      const s = buildStageScene({ doc: d, pageAt: 0, isScale, aspects });
      const layout = { slide: null, characterAspect: 400 / 700, characterFigure: aspects.figure };
      const character = {
        x: e.character.X,
        y: e.character.Y,
        width: e.character.width,
        height: e.character.height,
      };
      expect(s.items[1].box).toEqual(shotFraming(s.frame, { ...layout, character }, isScale).character);
      expect(s.items[1].exportBox).toEqual(
        shotFraming(s.exportFrame, { ...layout, character }, isScale).character,
      );
      // The person's head is near the top, not the picture's empty top.
      const box = s.items[1].box;
      expect(box.y + (3 / 7) * box.height).toBeCloseTo(s.frame.height * 0.05, -1);
    }
  });

  it('framing 2 (PPT全屏): the slide letterboxed by its aspect, no presenter', () => {
    const s = buildStageScene({ doc: framedDocument(), pageAt: 0, isScale: 2, aspects: { slide: 4 / 3 } });
    expect(kinds(s)).toEqual(['background', 'slide', 'sticker', 'gif']);
    expect(s.items[1].box).toEqual({ x: 120, y: 0, width: 720, height: 540 });
    expect(s.items[1].exportBox).toEqual({ x: 240, y: 0, width: 1440, height: 1080 });
  });

  it('dims stickers of later segments than the one selected or heard, and shows only those asked for', () => {
    const d = framedDocument();
    const first = buildStageScene({ doc: d, pageAt: 0, isScale: 1, segment: 0 });
    expect(first.items.filter((i) => i.index >= 0).map((i) => i.dimmed)).toEqual([false, true]);
    // The video shows the later one from its own segment on: not at this moment.
    expect(first.items.filter((i) => i.index >= 0).map(inVideo)).toEqual([true, false]);
    const second = buildStageScene({ doc: d, pageAt: 0, isScale: 3, segment: 1 });
    expect(second.items.filter((i) => i.index >= 0).map((i) => i.dimmed)).toEqual([false, false]);
    const shown = buildStageScene({ doc: d, pageAt: 0, isScale: 1, shownStickers: [0] });
    expect(shown.items.filter((i) => i.index >= 0).map((i) => i.id)).toEqual(['sticker:0']);
  });

  it('a page without a PDF picture shows a card with its narration; a page video takes the slide box', () => {
    const d = framedDocument();
    const blank: ProjectDocument = { ...d, ppt: { ...d.ppt, pages: [{ ...d.ppt.pages[0], img: '' }] } };
    const card = buildStageScene({ doc: blank, pageAt: 0, isScale: 1 }).items[1];
    expect(card).toMatchObject({ kind: 'card', src: '', text: blank.ppt.pages[0].text });
    // The card is an editing place-holder: the render draws nothing there, nor does the player.
    const played = buildStageScene({ doc: blank, pageAt: 0, isScale: 1, asRendered: true });
    expect(played.items.map((i) => i.kind)).not.toContain('card');
    // 导出当前画面 leaves it out by the same rule.
    expect(inVideo(card)).toBe(false);
    expect(played.items.every(inVideo)).toBe(true);
    const withVideo: ProjectDocument = {
      ...d,
      ppt: { ...d.ppt, pages: [{ ...d.ppt.pages[0], video: '/files/v/1.mp4', videoid: '9', isVideo: 1 }] },
    };
    expect(buildStageScene({ doc: withVideo, pageAt: 0, isScale: 1 }).items[1]).toMatchObject({
      kind: 'video',
      src: '/files/v/1.mp4',
    });
  });

  it('without a presenter there is no presenter item', () => {
    const d = framedDocument();
    const none = { ...d, character: { ...d.character, staticImg: '' } };
    const s = buildStageScene({ doc: none, pageAt: 0, isScale: 1 });
    expect(s.hasPresenter).toBe(false);
    expect(kinds(s)).not.toContain('presenter');
  });

  it('the face at a moment: the mouth shape heard and the render’s blinks', () => {
    const d = framedDocument();
    const timeline = [
      { startMs: 0, shape: 'X' as const },
      { startMs: 100, shape: 'D' as const },
      { startMs: 300, shape: 'X' as const },
    ];
    const blinks = blinkTimes(20_000, 1);
    const at = (ms: number) =>
      buildStageScene({
        doc: d,
        pageAt: 0,
        isScale: 1,
        mouth: { timeline, ms },
        blink: { times: blinks, ms },
      }).face;
    expect(at(150)).toEqual({ shape: 'D', eyesClosed: false });
    expect(at(-1).shape).toBe('X');
    expect(at(blinks[0] + 10).eyesClosed).toBe(true);
    expect(at(blinks[0] + 160).eyesClosed).toBe(false);
  });

  it('presenterScene puts the presenter alone in a frame of its proportions', () => {
    const s = presenterScene({ width: 800, height: 1400, staticImg: '/a.png' });
    expect(s.frame).toEqual({ width: 400, height: 700 });
    expect(s.items).toHaveLength(1);
    expect(s.items[0]).toMatchObject({
      kind: 'presenter',
      box: { x: 0, y: 0, width: 400, height: 700 },
      movable: false,
    });
  });

  it('tells GIFs by their path', () => {
    expect(isGifPath('/files/t/a.GIF?t=1')).toBe(true);
    expect(isGifPath('/files/t/a.png')).toBe(false);
  });
});

describe('fit helpers', () => {
  it('containBox centres a picture whole in its box', () => {
    expect(containBox({ x: 0, y: 0, width: 400, height: 225 }, 4 / 3)).toEqual({
      x: 50,
      y: 0,
      width: 300,
      height: 225,
    });
    expect(containBox({ x: 10, y: 10, width: 100, height: 100 }, 2)).toEqual({
      x: 10,
      y: 35,
      width: 100,
      height: 50,
    });
    expect(containBox({ x: 1, y: 2, width: 3, height: 4 }, undefined)).toEqual({
      x: 1,
      y: 2,
      width: 3,
      height: 4,
    });
  });

  it('fitScale fits both directions', () => {
    expect(fitScale({ width: 960, height: 540 }, { width: 1000, height: 300 })).toBeCloseTo(300 / 540);
    expect(fitScale({ width: 375, height: 667 }, { width: 0, height: 300 })).toBe(0);
  });
});
