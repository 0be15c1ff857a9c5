import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { screenshot } from './helpers/browser';
import { toneMp3 } from './helpers/mediaFiles';
import { toasts } from './helpers/screens';
import { tid, useE2eSession } from './helpers/session';

describe('voice pages in Chromium: upload and record narration', () => {
  // Chromium's fake microphone plays a beeping tone, so the recorder has real audio to capture.
  const { server, page } = useE2eSession({
    browserArgs: ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
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
    await expect.poll(() => toasts(page)).toContain('必须上传格式为WAV、MP3、M4A、OGG、AAC、WMA、FLAC文件');

    const mp3 = toneMp3(path.join(server.dataDir, 'narration.mp3'), 2);

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
