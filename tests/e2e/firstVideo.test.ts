import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { screenshot } from './helpers/browser';
import { stageItems } from './helpers/stage';
import { doneVideoCard, videoKey, waitForSpokenPages } from './helpers/screens';
import { tid, useE2eSession } from './helpers/session';

const PDF = path.resolve(import.meta.dirname, '../fixtures/slides-zh-3p.pdf');

describe('first video end to end in Chromium', () => {
  // As a fresh install: the first render measures the encoder presets (no ENCODER_PRESET).
  const { page } = useE2eSession({ serverEnv: { ENCODER_PRESET: '' } });

  async function typeNarration(text: string) {
    const box = page.locator(tid('narration-box'));
    await box.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type(text);
    await page.click(tid('narration-save'));
  }

  it('creates a text video, uploads a PDF and writes narration on two pages', async () => {
    await page.click(`${tid('page-home')} ${tid('home-create-text')}`);
    await page.waitForSelector(tid('editor-topbar'));
    expect(page.url()).toMatch(/#\/video\?videoid=\d+/);

    // A new project opens the PDF dialog by itself.
    await page.waitForSelector(tid('pdf-dialog'));
    await page.setInputFiles(tid('pdf-upload-input'), PDF);
    await expect
      .poll(() => page.locator(`${tid('page-strip')} [data-testid^="page-item-"]`).count(), {
        timeout: 60_000,
      })
      .toBe(3);
    await expect.poll(() => page.locator(tid('pdf-dialog')).count()).toBe(0);

    await typeNarration('大家好，欢迎观看数字人视频工作台的产品介绍。');
    await page.click(tid('page-item-1'));
    await typeNarration('今天我们介绍三个主要功能，谢谢大家。');
    await page.click(tid('page-item-2'));
    await typeNarration('最后，我们一起来合成视频。');
    expect(await page.textContent(tid('narration-count'))).toContain('/300');
  });

  it('chooses presenter, scene and voice and previews the narration', async () => {
    await page.click(tid('library-tab-character'));
    await page.click(`${tid('character-item')}[data-id="xiaoya"]`);
    await expect
      .poll(() => page.getAttribute(`${tid('character-item')}[data-id="xiaoya"]`, 'data-selected'))
      .toBe('true');
    await page.click(tid('library-tab-scene'));
    await page.click(`${tid('scene-item')}[data-id="office"]`);
    await expect
      .poll(() => page.getAttribute(`${tid('scene-item')}[data-id="office"]`, 'data-selected'))
      .toBe('true');
    await page.click(tid('library-tab-voice'));
    await page.click(`${tid('voice-item')}[data-id="espeak-zh-female"]`);
    await expect
      .poll(() => page.getAttribute(`${tid('voice-item')}[data-id="espeak-zh-female"]`, 'data-selected'))
      .toBe('true');

    // The preview shows the chosen presenter and the slide at their layout.
    await expect
      .poll(async () => (await stageItems(page)).map((i) => i.kind))
      .toEqual(['background', 'slide', 'presenter']);

    await page.click(tid('page-item-0'));
    // 试听 synthesises the page, fetches the audio and plays it (the button turns into 停止).
    const audio = page.waitForResponse((r) => /\/files\/u\/\d+\/audio\/.+\.wav/.test(r.url()) && r.ok(), {
      timeout: 60_000,
    });
    await page.click(tid('narration-preview'));
    const wav = await audio;
    expect((await wav.body()).subarray(0, 4).toString()).toBe('RIFF');
    await expect
      .poll(() => page.textContent(tid('narration-preview')), { timeout: 30_000 })
      .toContain('停止');
    await screenshot(page, 'editor');
  });

  it('synthesises: the list converts every page, then the render runs and the video plays in 我的', async () => {
    await page.click(tid('editor-synthesise'));
    await page.waitForSelector(tid('synthesis-dialog'));
    await waitForSpokenPages(page, 3, 120_000);
    await screenshot(page, 'synthesis-dialog');
    await page.click(tid('synthesis-confirm'));

    // Back on the home centre, the project shows its render progress until it is done.
    await page.waitForSelector(tid('page-home'));
    const status = page.locator(`${tid('page-home')} [data-testid^="project-status-"][data-state]`).first();
    await expect
      .poll(() => status.getAttribute('data-state'), { timeout: 180_000, interval: 1000 })
      .toBe('done');
    await screenshot(page, 'home-with-video');

    await page.click(tid('nav-my'));
    await page.waitForSelector(tid('page-my'));
    const card = doneVideoCard(page);
    await card.waitFor();
    const jobId = await videoKey(card);
    const download = await page.getAttribute(tid(`video-download-${jobId}`), 'href');
    expect(download).toMatch(/\/files\/u\/\d+\/videos\/.+\.mp4\?exp=/);
    await page.click(tid(`video-play-${jobId}`));
    const video = page.locator(tid('video-player'));
    await video.waitFor();
    await video.evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      return v.play();
    });
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
      .toBeGreaterThan(0.3);
    const size = await video.evaluate((v: HTMLVideoElement) => [
      v.videoWidth,
      v.videoHeight,
      Math.round(v.duration),
    ]);
    expect(size.slice(0, 2)).toEqual([1920, 1080]);
    expect(size[2]).toBeGreaterThan(5);
    await screenshot(page, 'my-player');
  });
});
