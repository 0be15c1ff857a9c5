import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { photographAtLaptopSizes, screenshot } from './helpers/browser';
import { mouthShapesOver, stageApi, stageItems } from './helpers/stage';
import { openProjectId } from './helpers/screens';
import { tid, useE2eSession } from './helpers/session';

/** The /three player's PixiJS stage. */
const STAGE = 'three-canvas';

/** Seconds of a mm:ss label. */
const seconds = (label: string | null) => {
  const [m, s] = (label ?? '').split(':').map(Number);
  return m * 60 + s;
};

/** Copies example `demoId` from /demo; it opens in the editor. Returns the new project id. */
async function copyDemo(page: Page, url: string, demoId: string): Promise<number> {
  await page.goto(`${url}/home/#/demo`);
  await page.click(tid(`demo-copy-${demoId}`));
  await page.waitForSelector(tid('editor-topbar'), { timeout: 90_000 });
  const id = openProjectId(page);
  expect(id).toBeGreaterThan(0);
  return id;
}

describe('/three 全片预览 in Chromium', () => {
  const { server, page } = useE2eSession();
  let landscapeId = 0;

  it('opens from the editor and plays the narrated example: time runs, the mouth moves, pause stops', async () => {
    landscapeId = await copyDemo(page, server.url, 'physics-buoyancy');
    await page.waitForSelector(`${tid('editor-whole-preview')}:not([disabled])`);
    await screenshot(page, 'three-editor-button');
    await page.click(tid('editor-whole-preview'));
    await page.waitForSelector(tid('three-player'), { timeout: 30_000 });
    expect(page.url()).toContain(`/three?projectId=${landscapeId}`);
    expect(await page.locator(tid('three-track-page')).count()).toBe(4);
    expect(await page.locator(tid('three-silent-notice')).count()).toBe(0);
    expect(await page.getAttribute(tid('three-stage'), 'data-page')).toBe('1');
    expect(await page.textContent(tid('three-page-number'))).toBe('第 1 / 4 页');
    // Four pages of about 70 characters of eSpeak narration each: well over half a minute.
    expect(seconds(await page.textContent(tid('three-time-total')))).toBeGreaterThan(30);
    await screenshot(page, 'three-landscape');

    await page.click(tid('three-play'));
    await expect.poll(() => page.getAttribute(tid('three-play'), 'data-state')).toBe('playing');
    const mouth = async () => (await stageApi<{ shape: string }>(page, 'face', STAGE)).shape;
    await expect.poll(mouth, { timeout: 20_000, interval: 40 }).not.toBe('X');
    await expect
      .poll(async () => seconds(await page.textContent(tid('three-time-now'))))
      .toBeGreaterThanOrEqual(2);
    expect(new Set(await mouthShapesOver(page, 1000, STAGE)).size).toBeGreaterThan(1);
    // Subtitles (off in this project's settings) can be switched on: the line being spoken shows,
    // cut by the render's rules (at most 18 Chinese characters).
    const line = page.locator(`${tid(STAGE)} ${tid('stage-subtitle')}`);
    expect(await line.count()).toBe(0);
    await page.click(tid('three-subtitles'));
    await expect.poll(() => line.count(), { timeout: 10_000 }).toBe(1);
    const text = (await line.textContent()) ?? '';
    expect(text.length).toBeGreaterThan(0);
    expect(text.length).toBeLessThanOrEqual(18);
    await screenshot(page, 'three-playing');

    // Space pauses: the clock stops.
    await page.keyboard.press(' ');
    await expect.poll(() => page.getAttribute(tid('three-play'), 'data-state')).toBe('paused');
    const stopped = await page.textContent(tid('three-time-now'));
    await page.waitForTimeout(1500);
    expect(await page.textContent(tid('three-time-now'))).toBe(stopped);
    await expect.poll(mouth).toBe('X');
  });

  it('seeking with the scrubber to page 2 shows page 2 and plays on from there', async () => {
    const secondPage = page.locator(tid('three-track-page')).nth(1);
    const box = (await secondPage.boundingBox())!;
    await page.mouse.click(box.x + 6, box.y + box.height / 2);
    await expect.poll(() => page.getAttribute(tid('three-stage'), 'data-page')).toBe('2');
    expect(await page.textContent(tid('three-page-number'))).toBe('第 2 / 4 页');
    // The stage shows page 2's slide: the same image as page 2 in the page list.
    const slide = (await stageItems(page, STAGE)).find((i) => i.id === 'slide')!.src;
    const thumb = await page.locator(`${tid('three-page-2')} img`).getAttribute('src');
    const firstThumb = await page.locator(`${tid('three-page-1')} img`).getAttribute('src');
    expect(thumb).toContain(slide);
    expect(firstThumb).not.toContain(slide);
    const at = seconds(await page.textContent(tid('three-time-now')));
    await page.keyboard.press(' ');
    await expect
      .poll(async () => seconds(await page.textContent(tid('three-time-now'))))
      .toBeGreaterThan(at + 1);
    await expect
      .poll(async () => (await stageApi<{ shape: string }>(page, 'face', STAGE)).shape, { interval: 40 })
      .not.toBe('X');
    await screenshot(page, 'three-page2');
    await page.click(tid('three-play'));
    await expect.poll(() => page.getAttribute(tid('three-play'), 'data-state')).toBe('paused');
  });

  it('moves to page 2 by itself when page 1 ends', async () => {
    // Back to the start of the last second of page 1, then play across the boundary.
    const first = page.locator(tid('three-track-page')).nth(0);
    const second = page.locator(tid('three-track-page')).nth(1);
    const a = (await first.boundingBox())!;
    const b = (await second.boundingBox())!;
    await page.mouse.click(b.x - Math.min(8, a.width / 4), a.y + a.height / 2);
    await expect.poll(() => page.getAttribute(tid('three-stage'), 'data-page')).toBe('1');
    await page.click(tid('three-play'));
    await expect
      .poll(() => page.getAttribute(tid('three-stage'), 'data-page'), { timeout: 20_000 })
      .toBe('2');
    await page.keyboard.press(' ');
  });

  it('without a project id lists the projects to pick, and a portrait example plays on a portrait stage', async () => {
    const portraitId = await copyDemo(page, server.url, 'short-time-management');
    await page.goto(`${server.url}/home/#/three`);
    await page.waitForSelector(tid(`three-pick-${landscapeId}`));
    await page.waitForSelector(tid(`three-pick-${portraitId}`));
    await screenshot(page, 'three-picker');
    // Each project is labelled by its saved document's orientation.
    expect(await page.textContent(tid(`three-pick-${landscapeId}`))).toContain('横屏');
    expect(await page.textContent(tid(`three-pick-${portraitId}`))).toContain('竖屏');
    await photographAtLaptopSizes(page, 'issue16-three-picker');
    await page.click(tid(`three-pick-${portraitId}`));
    await page.waitForSelector(tid('three-player'), { timeout: 30_000 });
    expect(await page.getAttribute(`${tid(STAGE)} .ps-stage-canvas`, 'data-orientation')).toBe('portrait');
    await page.click(tid('three-play'));
    await expect
      .poll(async () => (await stageApi<{ shape: string }>(page, 'face', STAGE)).shape, {
        timeout: 20_000,
        interval: 40,
      })
      .not.toBe('X');
    await screenshot(page, 'three-portrait');
    await page.keyboard.press(' ');
    await expect.poll(() => page.getAttribute(tid('three-play'), 'data-state')).toBe('paused');
  });

  it('a project whose pages have no audio yet says so and plays them silently at their estimate', async () => {
    await page.goto(`${server.url}/home/#/helptool`);
    await page.waitForSelector(tid('tool-script'));
    await page.fill(tid('script-text'), '大家好，这是第一页。\n这是第二页，还没有合成语音。');
    await expect.poll(() => page.locator(tid('script-page')).count()).toBeGreaterThanOrEqual(1);
    await page.click(tid('script-generate'));
    await page.waitForSelector(tid('editor-topbar'), { timeout: 60_000 });
    await page.click(tid('editor-whole-preview'));
    await page.waitForSelector(tid('three-player'), { timeout: 30_000 });
    expect(await page.textContent(tid('three-silent-notice'))).toContain('尚未合成语音');
    expect(await page.textContent(tid('three-silent'))).toContain('第1页尚未合成语音');
    await page.click(tid('three-play'));
    await expect
      .poll(async () => seconds(await page.textContent(tid('three-time-now'))))
      .toBeGreaterThanOrEqual(1);
    await screenshot(page, 'three-silent');
    await page.click(tid('three-play'));
    await page.click(tid('three-back'));
    await page.waitForSelector(tid('editor-topbar'));
  });

  it('an id that is not a project shows the picker with a warning', async () => {
    await page.goto(`${server.url}/home/#/three?projectId=abc`);
    await page.waitForSelector(tid('three-bad-project'));
    expect(await page.locator('body').textContent()).not.toContain('undefined'); // A project that is not the user's (or does not exist) is refused by the server, and said so.
    await page.goto(`${server.url}/home/#/three?projectId=987654`);
    await page.waitForSelector(tid('three-error'));
    expect(await page.textContent(tid('three-error'))).toContain('无法打开该项目');
    expect(await page.locator('.ps-toast--error').count()).toBe(0); // said once, in the banner
    expect(await page.locator('body').textContent()).not.toContain('undefined');
    await screenshot(page, 'three-error');
  });
});
