import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, screenshot, type BrowserSession } from './helpers/browser';
import { loginAsDemo } from './helpers/login';
import { startRealServer, type RealServer } from './helpers/realServer';

const tid = (id: string) => `[data-testid="${id}"]`;

describe('examples, helper tools and the presenter gallery in Chromium', () => {
  let server: RealServer;
  let browser: BrowserSession;
  let page: Page;

  beforeAll(async () => {
    server = await startRealServer();
    browser = await openBrowser();
    page = browser.page;
    await loginAsDemo(page, server.url);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('copies an example project and opens it in the editor with its pages', async () => {
    await page.goto(`${server.url}/home/#/demo`);
    await page.waitForSelector(tid('demo-card-physics-buoyancy'));
    expect(await page.locator('[data-testid^="demo-card-"]').count()).toBeGreaterThanOrEqual(3);
    await screenshot(page, 'demo');
    await page.click(tid('demo-copy-physics-buoyancy'));
    await page.waitForSelector(tid('editor-topbar'), { timeout: 60_000 });
    await expect.poll(() => page.locator(`${tid('page-strip')} [data-testid^="page-item-"]`).count()).toBe(4);
    expect(await page.textContent(tid('project-name'))).toContain('浮力');
  });

  it('一键成片 turns a pasted script into pages and opens the project', async () => {
    await page.goto(`${server.url}/home/#/helptool`);
    await page.waitForSelector(tid('tool-script'));
    // About 250 characters: more than the 120 characters the splitter packs into one page.
    const script =
      '欢迎收看本期节目，今天我们一起聊聊如何更好地管理自己的时间。'.repeat(4) +
      '\n' +
      '首先要列出每天最重要的三件事，然后为它们留出整块的时间。'.repeat(4) +
      '\n最后，谢谢大家的观看！';
    await page.fill(tid('script-text'), script);
    await expect.poll(() => page.locator(tid('script-page')).count()).toBeGreaterThanOrEqual(2);
    const pages = await page.locator(tid('script-page')).count();
    await screenshot(page, 'helptool-script');
    await page.click(tid('script-generate'));
    await page.waitForSelector(tid('editor-topbar'), { timeout: 60_000 });
    await expect
      .poll(() => page.locator(`${tid('page-strip')} [data-testid^="page-item-"]`).count())
      .toBe(pages);
  });

  it('文字转语音 gives a playable, downloadable WAV', async () => {
    await page.goto(`${server.url}/home/#/helptool?tool=tts`);
    await page.waitForSelector(tid('tool-tts'));
    await page.locator(tid('tts-voice')).first().click();
    await page.fill(tid('tts-text'), '你好，这是文字转语音工具生成的声音。');
    await page.click(tid('tts-generate'));
    await page.waitForSelector(tid('tts-audio'), { timeout: 60_000 });
    const href = await page.getAttribute(tid('tts-download'), 'href');
    expect(href).toMatch(/\/files\/u\/\d+\/audio\/.+\.wav/);
    const status = await page.evaluate(async (url) => (await fetch(url)).status, href!);
    expect(status).toBe(200);
  });

  it('the gallery shows every presenter and animates the mouth while one talks', async () => {
    await page.goto(`${server.url}/home/#/virtual`);
    await page.waitForSelector(tid('presenter-card'));
    expect(await page.locator(tid('presenter-card')).count()).toBeGreaterThanOrEqual(6);
    const card = page.locator(tid('presenter-card')).first();
    const mouth = card.locator(tid('presenter-mouth'));
    const before = await mouth.getAttribute('src');
    await card.locator(tid('presenter-preview')).click();
    await expect.poll(() => card.getAttribute('data-state'), { timeout: 60_000 }).toBe('playing');
    await expect.poll(() => mouth.getAttribute('src'), { timeout: 20_000 }).not.toBe(before);
    await screenshot(page, 'virtual');
  });
});
