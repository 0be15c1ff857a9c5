import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subtitleMessages } from '../../src/api/subtitle.contract';
import { espeakVoices, speakWithPauses } from '../server/helpers/spokenScript';
import { screenshot } from './helpers/browser';
import { tid, useE2eSession } from './helpers/session';

const SENTENCES = ['大家好，欢迎使用字幕工具。', '上传音频并粘贴文稿，就能得到对齐的字幕。'];
const RECIPE =
  '先把鸡蛋打散，加少许盐。锅里放油烧热，倒入蛋液炒到凝固后盛出，再炒番茄出汁，最后放回鸡蛋翻匀。';

describe('字幕工具 and 语音转文字 in Chromium', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'subtitle-e2e-'));
  const wavPath = path.join(work, '讲解录音.wav');

  beforeAll(async () => {
    await speakWithPauses(SENTENCES, espeakVoices('m3', 0.9), [800, 0], wavPath);
  });
  afterAll(() => {
    rmSync(work, { recursive: true, force: true });
  });
  const { server, page } = useE2eSession();

  it('/subtitle aligns a script to uploaded audio and downloads an SRT', async () => {
    await page.goto(`${server.url}/home/#/subtitle`);
    await page.waitForSelector(tid('page-subtitle'));
    expect(await page.textContent(`${tid('page-subtitle')} ${tid('page-title')}`)).toBe('字幕工具');
    await page.setInputFiles(tid('sub-file'), wavPath);
    expect(await page.textContent(tid('sub-file-name'))).toBe('讲解录音.wav');
    // No script yet and no transcription server: the screen says how to configure one.
    expect(await page.textContent(tid('sub-server-note'))).toContain('TRANSCRIBE_URL');
    expect(await page.isDisabled(tid('sub-run'))).toBe(true);
    await screenshot(page, 'subtitle-no-script');

    await page.fill(tid('sub-script'), SENTENCES.join('\n'));
    expect(await page.textContent(tid('sub-count'))).toBe('34 / 20000 字');
    await page.click(tid('sub-run'));
    await page.waitForSelector(tid('sub-result'), { timeout: 60_000 });
    const rows = page.locator(`${tid('sub-cues')} tbody tr`);
    expect(await rows.count()).toBe(3);
    expect(await rows.nth(1).textContent()).toContain('上传音频并粘贴文稿');

    // Seeking into the second cue highlights it and shows it over the player.
    await rows.nth(1).click();
    await expect.poll(() => page.textContent(tid('sub-caption'))).toBe('上传音频并粘贴文稿');
    expect(await rows.nth(1).getAttribute('class')).toContain('active');
    await page.evaluate(() => document.querySelector('audio')?.pause());
    await screenshot(page, 'subtitle-result');

    const [download] = await Promise.all([page.waitForEvent('download'), page.click(tid('sub-srt'))]);
    expect(download.suggestedFilename()).toBe('讲解录音.srt');
    const srt = readFileSync((await download.path())!, 'utf8');
    expect(srt).toMatch(/^\ufeff1\r\n00:00:00,\d{3} --> 00:00:0\d,\d{3}\r\n大家好，欢迎使用字幕工具\r\n/);
    expect(srt).toContain('3\r\n00:00:0');
  });

  it('语音转文字 explains the missing transcription server and aligns with a script', async () => {
    await page.goto(`${server.url}/home/#/helptool?tool=stt`);
    await page.waitForSelector(tid('tool-stt'));
    await page.setInputFiles(tid('stt-file'), wavPath);
    const note = await page.textContent(tid('stt-server-note'));
    expect(note).toContain('未填写文稿时需要语音识别服务');
    expect(note).toContain('TRANSCRIBE_URL');
    expect(await page.isDisabled(tid('stt-run'))).toBe(true);
    await screenshot(page, 'helptool-stt');

    await page.check(tid('stt-with-script'));
    await page.fill(tid('stt-script'), SENTENCES.join(''));
    await page.click(tid('stt-run'));
    await page.waitForSelector(tid('stt-text'), { timeout: 60_000 });
    expect(await page.textContent(tid('stt-text'))).toBe(SENTENCES.join(''));
    await screenshot(page, 'helptool-stt-result');
    expect(subtitleMessages.noTranscriber).toContain('TRANSCRIBE_URL');
  });

  it('a script of another text fails once, in the form, and shows no subtitles', async () => {
    await page.goto(`${server.url}/home/#/subtitle`);
    await page.waitForSelector(tid('page-subtitle'));
    await page.setInputFiles(tid('sub-file'), wavPath);
    await page.fill(tid('sub-script'), RECIPE);
    await page.click(tid('sub-run'));
    await page.waitForSelector(tid('sub-failed'), { timeout: 60_000 });
    expect(await page.textContent(tid('sub-failed'))).toContain(subtitleMessages.scriptMismatch);
    expect(await page.locator(tid('sub-result')).count()).toBe(0);
    expect(await page.locator('.ps-toast--error').count()).toBe(0); // said once, not again as a toast
    for (const [width, height] of [
      [1600, 900],
      [1280, 720],
    ]) {
      await page.setViewportSize({ width, height });
      await screenshot(page, `issue16-subtitle-mismatch-${width}x${height}`);
    }
  });
});
