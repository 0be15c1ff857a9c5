import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ffmpegPath } from '../../src/server/adapters/media/ffmpeg';
import { openBrowser, screenshot, type BrowserSession } from './helpers/browser';
import { loginAsDemo } from './helpers/login';
import { startRealServer, type RealServer } from './helpers/realServer';

const tid = (id: string) => `[data-testid="${id}"]`;

describe('voice pages in Chromium: upload and record narration', () => {
  let server: RealServer;
  let browser: BrowserSession;
  let page: Page;

  beforeAll(async () => {
    server = await startRealServer();
    // Chromium's fake microphone plays a beeping tone, so the recorder has real audio to capture.
    browser = await openBrowser({
      args: ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
    });
    page = browser.page;
    await loginAsDemo(page, server.url);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('starts a voice video with blank pages in voice mode', async () => {
    await page.click(`${tid('page-home')} ${tid('home-create-voice')}`);
    await page.waitForSelector(tid('pdf-dialog'));
    await page.click(tid('pdf-none'));
    await page.waitForSelector(tid('voice-panel'));
  });

  it('uploads an mp3 as the page narration and refuses a file of the wrong type', async () => {
    const bad = path.join(server.dataDir, 'notes.txt');
    spawnSync('sh', ['-c', `echo hello > ${bad}`]);
    await page.setInputFiles(tid('voice-upload-input'), bad);
    await expect
      .poll(() => page.locator(tid('toast')).allTextContents())
      .toContain('必须上传格式为WAV、MP3、M4A、OGG、AAC、WMA、FLAC文件');

    const mp3 = path.join(server.dataDir, 'narration.mp3');
    const made = spawnSync(ffmpegPath(), [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'sine=f=330:d=2',
      '-ar',
      '44100',
      mp3,
    ]);
    expect(made.status).toBe(0);
    await page.setInputFiles(tid('voice-upload-input'), mp3);
    await page.waitForSelector(tid('voice-audio-row'), { timeout: 30_000 });
    expect(await page.textContent(tid('voice-audio-duration'))).toMatch(/0:0[12]/);
    await screenshot(page, 'voice-page-uploaded');
  });

  it('records with the microphone, plays the take back and uploads it', async () => {
    await page.click(tid('page-add'));
    await page.click(tid('page-item-1'));
    await page.waitForSelector(tid('voice-record'));
    await page.click(tid('voice-record'));
    await page.waitForSelector(tid('recorder-dialog'));
    await page.click(tid('recorder-start'));
    await page.waitForSelector(`${tid('recorder-dialog')}[data-status="recording"]`);
    await page.waitForTimeout(1800);
    await screenshot(page, 'recorder-recording');
    await page.click(tid('recorder-stop'));
    await page.waitForSelector(`${tid('recorder-dialog')}[data-status="stopped"]`);
    const seconds = Number(await page.getAttribute(tid('recorder-duration'), 'data-seconds'));
    expect(seconds).toBeGreaterThan(1.2);
    await page.click(tid('recorder-play'));
    await page.waitForSelector(`${tid('recorder-dialog')}[data-status="playing"]`);
    await page.click(tid('recorder-stop-play'));
    await page.click(tid('recorder-upload'));
    await expect.poll(() => page.locator(tid('recorder-dialog')).count(), { timeout: 30_000 }).toBe(0);
    await page.waitForSelector(tid('voice-audio-row'));
  });
});
