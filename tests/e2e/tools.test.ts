import { describe, expect, it } from 'vitest';
import { screenshot } from './helpers/browser';
import sharp from 'sharp';
import { exportFrame, mouthShapesOver, stageItems, stageReady } from './helpers/stage';
import { doneVideoCard, videoKey, waitForSpokenPages } from './helpers/screens';
import { tid, useE2eSession } from './helpers/session';

/** The share of near-white pixels of an exported 1920x1080 frame inside `box` (preview units). */
async function whiteShare(png: Buffer, box: { x: number; y: number; width: number; height: number }) {
  const k = (await sharp(png).metadata()).width! / 960;
  const { data, info } = await sharp(png)
    .extract({
      left: Math.round(box.x * k),
      top: Math.round(box.y * k),
      width: Math.round(box.width * k),
      height: Math.round(box.height * k),
    })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let white = 0;
  for (let i = 0; i < data.length; i += 3)
    if (data[i] > 245 && data[i + 1] > 245 && data[i + 2] > 245) white++;
  return white / (info.width * info.height);
}

describe('examples, helper tools and the presenter gallery in Chromium', () => {
  const { server, page } = useE2eSession();

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

  it('一键成片 turns a pasted 1,000-character script into a project and a finished video', async () => {
    await page.goto(`${server.url}/home/#/helptool`);
    await page.waitForSelector(tid('tool-script'));
    const sentences = [
      '欢迎收看本期节目，今天我们一起聊聊如何更好地管理自己的时间。',
      '首先要列出每天最重要的三件事，然后为它们留出整块的时间。',
      '其次，把容易打断注意力的通知关掉，专心完成手头的工作。',
      '第三，学会拒绝不必要的会议，把精力留给真正重要的事情。',
      '最后，每天晚上花五分钟回顾当天，第二天就会更加从容。',
    ];
    let script = '';
    for (let i = 0; script.length < 1000; i++) script += sentences[i % sentences.length];
    await page.fill(tid('script-text'), script);
    await expect.poll(() => page.locator(tid('script-page')).count()).toBeGreaterThanOrEqual(8);
    const pages = await page.locator(tid('script-page')).count();
    await screenshot(page, 'helptool-script');
    await page.click(tid('script-generate'));
    await page.waitForSelector(tid('editor-topbar'), { timeout: 60_000 });
    await expect
      .poll(() => page.locator(`${tid('page-strip')} [data-testid^="page-item-"]`).count())
      .toBe(pages);
    // Its pages have no PDF: the stage shows the page's text on a card while editing (仅编辑时显示),
    // and 导出当前画面 leaves the card out, as the video does (it kept it until 2026-11-28).
    await stageReady(page);
    const textCard = (await stageItems(page)).find((i) => i.kind === 'card')!;
    expect(textCard).toBeDefined();
    expect(await whiteShare(await exportFrame(page), textCard)).toBeLessThan(0.3);

    // Ready to synthesise: the list speaks every page, then the render runs to a video in 我的.
    await page.click(tid('editor-synthesise'));
    // A project without a PDF asks first (未选择PDF，是否继续合成?).
    await page.click(tid('confirm-no-pdf-confirm'));
    await page.waitForSelector(tid('synthesis-dialog'));
    await waitForSpokenPages(page, pages, 180_000);
    await page.click(tid('synthesis-confirm'));
    await page.waitForSelector(tid('page-home'));
    await page.click(tid('nav-my'));
    await page.waitForSelector(tid('page-my'));
    const card = doneVideoCard(page);
    await card.waitFor({ timeout: 300_000 });
    const jobId = await videoKey(card);
    await page.click(tid(`video-play-${jobId}`));
    const video = page.locator(tid('video-player'));
    await video.waitFor();
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => (Number.isFinite(v.duration) ? v.duration : 0)))
      .toBeGreaterThan(120); // 1,000 characters of eSpeak narration: about 4 minutes
  }, 600_000);

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
    await card.locator(tid('presenter-preview')).click();
    await expect.poll(() => card.getAttribute('data-state'), { timeout: 60_000 }).toBe('playing');
    // The card's own PixiJS stage draws the presenter talking: the mouth changes shape.
    await stageReady(page, 'presenter-stage');
    const shapes = await mouthShapesOver(page, 1500, 'presenter-stage');
    expect(new Set(shapes.filter((s) => s !== 'X')).size).toBeGreaterThan(0);
    await screenshot(page, 'virtual');
    // Stopping puts the card back to its picture.
    await card.locator(tid('presenter-preview')).click();
    await expect.poll(() => card.getAttribute('data-state')).toBe('idle');
    expect(await page.locator(tid('presenter-stage')).count()).toBe(0);
  });
});
