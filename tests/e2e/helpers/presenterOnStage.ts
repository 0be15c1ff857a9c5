import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { screenshot } from './browser';
import {
  clickOnStage,
  dragOnStage,
  mouthShapesOver,
  stageApi,
  stageGeometry,
  stageItems,
  stageReady,
  type StageItemView,
} from './stage';
import { tid } from './session';

/*
 * The slide card and the presenter on the editor stage of stickers.test.ts's project: both resized
 * at a corner (undo and redo) at 1280x720, and the presenter lip-syncing while 试听 plays, the
 * stickers of later segments faint until their words come. Registered inside that file's session,
 * after its sticker steps.
 */

/** Registers the checks; `page` is the session's page, `stickers` reads the stage's stickers and GIFs. */
export function describePresenterOnStage(page: Page, stickers: () => Promise<StageItemView[]>): void {
  it('at 1280x720 the whole stage is on screen; the slide and the presenter resize at a corner, undo and redo', async () => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await expect.poll(async () => (await stageGeometry(page)).scale).toBeGreaterThan(0.3);
    const { box } = await stageGeometry(page);
    expect(box.x + box.width).toBeLessThanOrEqual(1280);
    expect(box.y + box.height).toBeLessThanOrEqual(720);
    await screenshot(page, 'stickers-1280x720');

    // The slide card: select it, pull its bottom-right handle; it keeps its proportions.
    const slide = (await stageItems(page)).find((i) => i.id === 'slide')!;
    await clickOnStage(page, { x: slide.x + slide.width - 20, y: slide.y + slide.height - 20 });
    await expect
      .poll(async () => (await stageItems(page)).find((i) => i.id === 'slide')!.selected)
      .toBe(true);
    const corner = { x: slide.x + slide.width, y: slide.y + slide.height };
    await dragOnStage(page, corner, { x: corner.x - 60, y: corner.y - 20 }, { steps: 6 });
    const resized = (await stageItems(page)).find((i) => i.id === 'slide')!;
    expect(resized.width).toBeLessThan(slide.width);
    expect(resized.width / resized.height).toBeCloseTo(slide.width / slide.height, 1);
    expect([resized.x, resized.y]).toEqual([slide.x, slide.y]);
    await page.keyboard.press('Control+z');
    await expect
      .poll(async () => (await stageItems(page)).find((i) => i.id === 'slide')!.width)
      .toBe(slide.width);
    await page.keyboard.press('Control+Shift+z');
    await expect
      .poll(async () => (await stageItems(page)).find((i) => i.id === 'slide')!.width)
      .toBe(resized.width);

    // The presenter: select it and pull its top-left handle inwards; it keeps its proportions and
    // its bottom-right corner stays where it was.
    const p = (await stageItems(page)).find((i) => i.kind === 'presenter')!;
    await clickOnStage(page, { x: p.x + 20, y: p.y + p.height - 20 });
    await expect
      .poll(async () => (await stageItems(page)).find((i) => i.kind === 'presenter')!.selected)
      .toBe(true);
    await dragOnStage(page, { x: p.x + 4, y: p.y + 4 }, { x: p.x + 44, y: p.y + 74 }, { steps: 6 });
    const smaller = (await stageItems(page)).find((i) => i.kind === 'presenter')!;
    expect(smaller.height).toBeLessThan(p.height);
    expect(smaller.width / smaller.height).toBeCloseTo(p.width / p.height, 1);
    expect(Math.abs(smaller.x + smaller.width - (p.x + p.width))).toBeLessThanOrEqual(1);
    expect(Math.abs(smaller.y + smaller.height - (p.y + p.height))).toBeLessThanOrEqual(1);
    await page.keyboard.press('Control+z');
    await expect
      .poll(async () => (await stageItems(page)).find((i) => i.kind === 'presenter')!.height)
      .toBe(p.height);
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('the presenter lip-syncs while 试听 plays and rests on X afterwards', async () => {
    await stageReady(page);
    expect((await stageApi<{ shape: string }>(page, 'face')).shape).toBe('X');
    const presenter = (await stageItems(page)).find((i) => i.kind === 'presenter')!;
    const g = await stageGeometry(page);
    // The mouth region of the presenter on screen (the rig's mouth anchor is near 28% of its height).
    const mouthClip = {
      ...g.at(presenter.x + presenter.width * 0.3, presenter.y + presenter.height * 0.22),
      width: presenter.width * 0.4 * g.scale,
      height: presenter.height * 0.14 * g.scale,
    };
    const atRest = await page.screenshot({ clip: mouthClip });
    await page.click(tid('narration-preview'));
    await expect
      .poll(async () => (await stageApi<{ shape: string }>(page, 'face')).shape !== 'X', {
        timeout: 60_000,
        interval: 40,
      })
      .toBe(true);
    // Segment 1 is heard first: the stickers of segments 2 and 3 stay faint until their words come.
    await expect
      .poll(async () => (await stickers()).some((s) => s.dimmed), { timeout: 5000, interval: 50 })
      .toBe(true);
    const shapes = await mouthShapesOver(page, 1500);
    expect(new Set(shapes.filter((s) => s !== 'X')).size).toBeGreaterThan(1);
    // What changes is drawn: the mouth region of the canvas differs from the face at rest.
    let changed = false;
    for (let i = 0; i < 20 && !changed; i++) {
      changed = !(await page.screenshot({ clip: mouthClip })).equals(atRest);
      await page.waitForTimeout(50);
    }
    expect(changed).toBe(true);
    await screenshot(page, 'stickers-presenter-talking');
    await page.click(tid('narration-preview'));
    await expect.poll(async () => (await stageApi<{ shape: string }>(page, 'face')).shape).toBe('X');
    expect((await stickers()).some((s) => s.dimmed)).toBe(false);
  });
}
