import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CharacterItem } from '../../src/api/library.contract';
import {
  EXPORT_FRAME,
  figureFraction,
  PREVIEW_FRAME,
  SHOT_TAGS,
  shotFraming,
  toExportDocument,
  type Box,
  type ProjectDocument,
} from '../../src/model/project';
import { colourBox, edgeError, visible, type Rgb } from '../server/video/colourBoxes';
import { SCREENSHOT_DIR, screenshot } from './helpers/browser';
import { exportFrame, stageGeometry, stageReady } from './helpers/stage';
import { SessionApi, sessionApi } from './helpers/sessionApi';
import { rawRgb, solidPng } from './helpers/solidArt';
import {
  BLUE,
  GREEN,
  PICTURE,
  RED,
  saveSolidProject,
  uploadSolidCast,
  WHITE,
  type SolidCast,
} from './helpers/solidLayoutProject';
import { loginAsDemo } from './helpers/login';
import { tid, useE2eSession } from './helpers/session';

/*
 * Issues 4, 6 and 10: the editor's PixiJS stage draws a known layout where the render does. A
 * project of solid colours (own red scene, own blue single-picture presenter, own green sticker,
 * the white card of a page without PDF; helpers/solidLayoutProject.ts) is saved through the API
 * and opened in the editor; each colour's bounding box must be where the document says within
 * 2 px: in a screenshot of the canvas at its fitted scale, and in the PNG that 导出当前画面
 * downloads, drawn by the stage at the video's size (1920x1080 / 928x1648) in export units,
 * compared with toExportDocument and shotFraming, the numbers the render uses (tests/server/video/layout.test.ts checks the video against the same
 * numbers, and tests/e2e/fullEditor.test.ts compares an export with a rendered frame).
 */

const TOLERANCE_PX = 2;
/** A row or column is part of a colour's box with this many pixels of it: the canvas holder's
 * 6 px rounded corners show its white background, which is not the slide card. */
const MIN_RUN = 20;

const scaled = (b: Box, k: number): Box => ({
  x: b.x * k,
  y: b.y * k,
  width: b.width * k,
  height: b.height * k,
});

describe('the preview stage draws the layout the render uses', () => {
  // Motion is reduced before logging in.
  const { server, browser, page } = useE2eSession({ login: false });
  let api: SessionApi;
  let cast: SolidCast;

  beforeAll(async () => {
    // The single-picture presenter breathes (as in the video); boxes are compared at rest.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await loginAsDemo(page, server.url);
    api = await sessionApi(browser, server.url);
    cast = await uploadSolidCast(api);
  });

  /** Opens the project in the editor and waits until every picture on the stage is loaded and drawn. */
  async function openEditor(projectId: number): Promise<void> {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${server.url}/home/#/video?videoid=${projectId}`);
    // A fresh load: nothing of the previous project (a chosen segment) stays in the signals.
    await page.reload();
    await page.waitForSelector(`${tid('preview-stage')} [data-id="sticker:0"]`);
    await stageReady(page);
    // Hover cursors would not draw, but keep the pointer off the stage anyway.
    await page.mouse.move(0, 0);
  }

  /** The canvas as drawn now, as raw RGB (whole CSS pixels inside it). */
  async function frameShot(name: string) {
    const { box: r } = await stageGeometry(page);
    const x = Math.ceil(r.x);
    const y = Math.ceil(r.y);
    const clip = { x, y, width: Math.floor(r.x + r.width) - x, height: Math.floor(r.y + r.height) - y };
    const png = await page.screenshot({ clip, path: path.join(SCREENSHOT_DIR, `${name}.png`) });
    return { ...(await rawRgb(png)), origin: { x: x - r.x, y: y - r.y } };
  }

  /** The PNG 导出当前画面 downloads: the stage drawn at the video's size, as raw RGB. */
  async function exportShot(name: string) {
    const png = await exportFrame(page, path.join(SCREENSHOT_DIR, `${name}.png`));
    return { ...(await rawRgb(png)), origin: { x: 0, y: 0 } };
  }

  type Shot = Awaited<ReturnType<typeof frameShot>>;

  /** Each colour's bounding box in `shot` must be `expected` (null: not seen) within 2 px. */
  function expectBoxes(shot: Shot, expected: [string, Rgb, Box | null][]) {
    for (const [what, colour, box] of expected) {
      const found = colourBox(shot.data, shot.width, shot.height, colour, 40, MIN_RUN);
      if (!box) {
        expect(found, `${what} hidden`).toBeNull();
        continue;
      }
      expect(found, `${what} drawn`).not.toBeNull();
      const want = visible(
        { ...box, x: box.x - shot.origin.x, y: box.y - shot.origin.y },
        shot.width,
        shot.height,
      );
      expect(
        edgeError(found!, want),
        `${what}: found ${JSON.stringify(found)}, want ${JSON.stringify(want)}`,
      ).toBeLessThanOrEqual(TOLERANCE_PX);
    }
  }

  /** The export-unit boxes of a document, as the render reads them (toExportDocument). */
  function exportBoxes(doc: ProjectDocument) {
    const e = toExportDocument(doc);
    const t = e.ppt.pages[0].textureList[0];
    return {
      slide: { x: e.scene.pptX, y: e.scene.pptY, width: e.scene.pptWidth, height: e.scene.pptHeight },
      character: { x: e.character.X, y: e.character.Y, width: e.character.width, height: e.character.height },
      sticker: { x: t.x, y: t.y, width: t.width, height: t.height },
    };
  }

  describe.each([1, 2] as const)('orientation %i', (o) => {
    let doc: ProjectDocument;
    const whole = (shot: Shot): Box => ({ x: 0, y: 0, width: shot.width, height: shot.height });

    beforeAll(async () => {
      const saved = await saveSolidProject(api, cast, o);
      doc = saved.doc;
      await openEditor(saved.projectId);
    });

    it('draws scene, slide card, presenter and sticker at their boxes at the fitted scale', async () => {
      const canvas = `${tid('preview-stage')} .ps-stage-canvas`;
      expect(await page.getAttribute(canvas, 'data-orientation')).toBe(o === 1 ? 'landscape' : 'portrait');
      const { scale } = await stageGeometry(page);
      expect(scale).toBeGreaterThan(0.3);
      await screenshot(page, `stageLayout-${o}-editor`);
      const shot = await frameShot(`stageLayout-${o}-fitted`);
      const [p] = doc.ppt.pages;
      expectBoxes(shot, [
        ['scene', RED, whole(shot)],
        ['slide card', WHITE, scaled({ x: doc.scene.pptX, y: doc.scene.pptY, width: doc.scene.pptWidth, height: doc.scene.pptHeight }, scale)],
        ['presenter', BLUE, scaled({ x: doc.character.X, y: doc.character.Y, width: doc.character.width, height: doc.character.height }, scale)],
        ['sticker', GREEN, scaled(p.textureList[0], scale)],
      ]); // prettier-ignore
    });

    it('导出当前画面 draws every colour at its export box (toExportDocument)', async () => {
      const shot = await exportShot(`stageLayout-${o}-export`);
      // Exactly the video's size.
      expect([shot.width, shot.height]).toEqual([EXPORT_FRAME[o].width, EXPORT_FRAME[o].height]);
      const e = exportBoxes(doc);
      expectBoxes(shot, [
        ['scene', RED, whole(shot)],
        // The card of a page without a PDF is an editing aid the video does not draw: nor does this.
        ['slide card', WHITE, null],
        ['presenter', BLUE, e.character],
        ['sticker', GREEN, e.sticker],
      ]);
    });

    it.each([
      [2, '人物全身'],
      [3, 'PPT全屏'],
    ])('segment %i (%s) previews the framing shotFraming gives the render', async (segment, label) => {
      const canvas = `${tid('preview-stage')} .ps-stage-canvas`;
      await page.click(tid(`segment-chip-${segment}`));
      const isScale = SHOT_TAGS.find((t) => t.label === label)!.isScale;
      await expect.poll(() => page.getAttribute(canvas, 'data-framing')).toBe(String(isScale));
      await expect.poll(() => page.textContent(tid('preview-framing-badge'))).toContain(label);
      await stageReady(page);
      const shot = await exportShot(`stageLayout-${o}-shot${isScale}`);
      const e = exportBoxes(doc);
      const framed = shotFraming(
        EXPORT_FRAME[o],
        { slide: e.slide, character: e.character, characterAspect: PICTURE.width / PICTURE.height },
        isScale,
      );
      expectBoxes(shot, [
        ['slide card', WHITE, null],
        ['presenter', BLUE, framed.character],
        ['sticker', GREEN, e.sticker],
      ]);
      // The preview shows the card where the framing puts the slide (a framing without the slide
      // is checked above: the framing badge over the preview is as white as the card).
      const { scale } = await stageGeometry(page);
      const preview = await frameShot(`stageLayout-${o}-shot${isScale}-preview`);
      const slide = {
        x: doc.scene.pptX,
        y: doc.scene.pptY,
        width: doc.scene.pptWidth,
        height: doc.scene.pptHeight,
      };
      const character = {
        x: doc.character.X,
        y: doc.character.Y,
        width: doc.character.width,
        height: doc.character.height,
      };
      const inPreview = shotFraming(
        PREVIEW_FRAME[o],
        { slide, character, characterAspect: PICTURE.width / PICTURE.height },
        isScale,
      );
      if (inPreview.slide) expectBoxes(preview, [['slide card', WHITE, scaled(inPreview.slide, scale)]]);
      // Back to the layout for the next check.
      await page.click(tid(`segment-chip-${segment}`));
      await expect.poll(() => page.getAttribute(canvas, 'data-framing')).toBe('1');
    });
  });

  it('人物全身 of a picture with empty space above the person frames the person, as the render does', async () => {
    // The blue person fills the picture's lower 60%, its middle 60% across; the rest is transparent.
    const person = { x: 100, y: 350, width: 300, height: 525 };
    const picture = await sharp({
      create: { ...PICTURE, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .composite([
        { input: await solidPng(person.width, person.height, BLUE), left: person.x, top: person.y },
      ])
      .png()
      .toBuffer();
    const spaced = await api.upload<CharacterItem>(
      '/virtual/v1/virtual/add',
      { name: '留白讲师', kind: '3' },
      { field: 'picture', name: 'spaced.png', type: 'image/png', bytes: picture },
    );
    expect(spaced.rig.figure).toEqual(person);
    const saved = await saveSolidProject(api, { ...cast, presenter: spaced }, 1);
    await openEditor(saved.projectId);
    const canvas = `${tid('preview-stage')} .ps-stage-canvas`;
    await page.click(tid('segment-chip-2'));
    await expect.poll(() => page.getAttribute(canvas, 'data-framing')).toBe('3');
    await stageReady(page);
    const shot = await exportShot('stageLayout-figure-shot3');
    const e = exportBoxes(saved.doc);
    const framed = shotFraming(
      EXPORT_FRAME[1],
      {
        slide: e.slide,
        character: e.character,
        characterAspect: PICTURE.width / PICTURE.height,
        characterFigure: figureFraction(person, PICTURE),
      },
      3,
    ).character!;
    const k = framed.width / PICTURE.width;
    const figureBox = {
      x: framed.x + person.x * k,
      y: framed.y + person.y * k,
      width: person.width * k,
      height: person.height * k,
    };
    // The person stands on the frame's bottom edge, its top 5% of the frame below the top.
    expect(figureBox.y).toBeCloseTo(EXPORT_FRAME[1].height * 0.05, -1);
    expectBoxes(shot, [['presenter', BLUE, figureBox]]);
  });
});
