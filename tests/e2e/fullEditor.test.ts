import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleMessage } from 'playwright-core';
import type { ProfileData } from '../../src/api/user.contract';
import type { ProjectDocument } from '../../src/model/project';
import { twoColourGif } from '../server/video/colourBoxes';
import { screenshot, SCREENSHOT_DIR } from './helpers/browser';
import {
  describeDownloadedMp4,
  GIF_BLUE,
  MAGENTA,
  SLIDES,
  VIDEO_SECONDS,
  YELLOW,
} from './helpers/fullEditorVideo';
import { colourDeckPdf, movingToneVideo, streamTypes, toneMp3 } from './helpers/mediaFiles';
import { solidPng } from './helpers/solidArt';
import {
  centre as itemCentre,
  dragOnStage,
  exportFrame,
  stageApi,
  stageItem,
  stageItems,
  stageReady,
} from './helpers/stage';
import { chooseBuiltInCast, doneVideoCard, toasts, videoKey, waitForSpokenPages } from './helpers/screens';
import { tid, useE2eSession } from './helpers/session';

/*
 * One author's whole session in a real Chromium through the real server: a 4-page PDF deck, page 1
 * spoken text with an own PNG sticker, an own GIF and a 人物全身 shot tag, page 2 an uploaded MP3,
 * page 3 recorded from Chromium's fake microphone, page 4 a muted page video; synthesised with
 * subtitles, downloaded from 我的 and checked frame by frame and by its sound.
 */

const PAGE1 = [
  '大家好，欢迎观看产品介绍。',
  '请看左上角的贴图。',
  '右上角是一个动图。',
  '现在请看我的全身形象。',
];
describe('the whole editor in Chromium: every kind of page, synthesised and checked', () => {
  // The fake microphone plays beeps, so the recorder captures real sound.
  const { server, browser, page } = useE2eSession({
    browserArgs: ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  });
  const work = mkdtempSync(path.join(tmpdir(), 'full-editor-e2e-'));
  const media = {
    pdf: path.join(work, '四页演示.pdf'),
    sticker: path.join(work, 'magenta.png'),
    gif: path.join(work, 'blink.gif'),
    mp3: path.join(work, 'narration.mp3'),
    video: path.join(work, 'moving.mp4'),
  };
  const mp4 = path.join(work, 'result.mp4');
  let final: ProjectDocument;
  /** 导出当前画面 of page 1 in normal framing, every sticker shown. */
  let page1Export: Buffer;

  beforeAll(async () => {
    colourDeckPdf(media.pdf, SLIDES);
    writeFileSync(media.sticker, await solidPng(64, 64, MAGENTA));
    twoColourGif(media.gif, YELLOW, GIF_BLUE, 64, 200);
    toneMp3(media.mp3, 2);
    movingToneVideo(media.video, VIDEO_SECONDS);
  });
  afterAll(() => {
    rmSync(work, { recursive: true, force: true });
  });

  const stickers = async () =>
    (await stageItems(page)).filter((i) => i.kind === 'sticker' || i.kind === 'gif');

  async function openPage(at: number) {
    await page.click(tid(`page-item-${at}`));
    await expect.poll(() => page.textContent(tid('narration-page'))).toContain(`第 ${at + 1} 页`);
  }

  async function toVoiceMode() {
    await page.click(tid('narration-mode-voice'));
    await page.click(tid('confirm-mode-confirm'));
    await page.waitForSelector(tid('voice-panel'));
  }

  /** Uploads an own texture on the dialog's PNG or GIF tab and inserts it at the caret. */
  async function insertOwnTexture(kind: 'png' | 'gif', file: string) {
    await page.click(tid('insert-open'));
    await page.click(tid(`insert-tab-${kind}`));
    await page.setInputFiles(tid(`texture-upload-input-${kind}`), file);
    const own = page.locator(`${tid('texture-item')}:has([data-testid^="texture-delete-"])`);
    await expect.poll(() => own.count(), { timeout: 20_000 }).toBe(1);
    await expect
      .poll(() =>
        page
          .locator(`${tid('texture-grid')} img`)
          .evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).naturalWidth > 0)),
      )
      .toBe(true);
    await screenshot(page, `full-insert-${kind}`);
    await page.click(tid(`texture-pick-${await own.getAttribute('data-id')}`));
    await expect.poll(() => page.locator(tid('insert-dialog')).count()).toBe(0);
  }

  /** Drags stage item `id` with the pointer so its top-left lands at (x, y) in preview units. */
  async function dragTo(id: string, x: number, y?: number) {
    const item = await stageItem(page, id);
    y ??= item.y;
    const from = itemCentre(item);
    await dragOnStage(page, from, { x: from.x + x - item.x, y: from.y + y - item.y });
    await expect.poll(async () => Math.abs((await stageItem(page, id)).x - x)).toBeLessThanOrEqual(1);
  }

  it('creates a text video from a 4-page PDF and picks presenter, scene and voice', async () => {
    await page.click(`${tid('page-home')} ${tid('home-create-text')}`);
    await page.waitForSelector(tid('pdf-dialog'));
    await page.setInputFiles(tid('pdf-upload-input'), media.pdf);
    await expect
      .poll(() => page.locator(`${tid('page-strip')} [data-testid^="page-item-"]`).count(), {
        timeout: 60_000,
      })
      .toBe(4);
    await expect.poll(() => page.locator(tid('pdf-dialog')).count()).toBe(0);
    await chooseBuiltInCast(page);
    await expect
      .poll(() => page.getAttribute(`${tid('voice-item')}[data-id="espeak-zh-female"]`, 'data-selected'))
      .toBe('true');
    await expect.poll(async () => (await stageItems(page)).some((i) => i.kind === 'presenter')).toBe(true);
  });

  it('page 1: narration with an own sticker, an own GIF and a 人物全身 tag, spread on the preview', async () => {
    await openPage(0);
    const box = page.locator(tid('narration-box'));
    await box.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type(PAGE1[0]);
    await insertOwnTexture('png', media.sticker);
    await page.keyboard.type(PAGE1[1]);
    await insertOwnTexture('gif', media.gif);
    await page.keyboard.type(PAGE1[2]);
    await page.click(tid('insert-open'));
    await page.click(tid('insert-tab-shot'));
    await page.waitForSelector(tid('insert-shot-hint'));
    await screenshot(page, 'full-insert-shot');
    await page.click(tid('insert-shot-11202'));
    await expect.poll(() => page.locator(tid('insert-dialog')).count()).toBe(0);
    await page.keyboard.type(PAGE1[3]);
    await page.click(tid('narration-save'));
    await expect.poll(async () => (await stickers()).length).toBe(2);
    expect(await page.locator(`${tid('segment-chips')} [data-testid^="segment-chip-"]`).count()).toBe(4);

    // New stickers sit in the middle, the GIF a step down and right: it goes top right, the PNG top left;
    // the presenter steps to the left, so the middle of the frame shows the scene in normal framing.
    await dragTo('sticker:1', 700, 20);
    await dragTo('sticker:0', 330, 20);
    await dragTo('presenter', 40);
    await page.click(tid('editor-save-draft'));
    await expect.poll(() => page.getAttribute(tid('editor-save-state'), 'class')).not.toContain('is-dirty');
    await screenshot(page, 'full-page1');
    // The frame at the video's size, as the stage draws it: compared with the rendered MP4 below.
    await page.mouse.move(0, 0);
    await stageReady(page);
    page1Export = await exportFrame(page, path.join(SCREENSHOT_DIR, 'full-page1-export.png'));
  });

  it('page 2: voice mode with an uploaded MP3', async () => {
    await openPage(1);
    await toVoiceMode();
    await page.setInputFiles(tid('voice-upload-input'), media.mp3);
    await page.waitForSelector(tid('voice-audio-row'), { timeout: 30_000 });
    expect(await page.textContent(tid('voice-audio-duration'))).toMatch(/0:0[12]/);
    await screenshot(page, 'full-page2-mp3');
  });

  it('page 3: voice mode recorded from the fake microphone', async () => {
    await openPage(2);
    await toVoiceMode();
    await page.click(tid('voice-record'));
    await page.waitForSelector(tid('recorder-dialog'));
    // The capture runs in the AudioWorklet: the app's CSP once refused its blob: module, and the
    // recorder fell back to the deprecated ScriptProcessorNode, which Chromium warns about.
    const audioNotes: string[] = [];
    const note = (m: ConsoleMessage) =>
      /worklet|ScriptProcessor/i.test(m.text()) && audioNotes.push(m.text());
    const failure = (e: Error) => /worklet/i.test(e.message) && audioNotes.push(e.message);
    page.on('console', note);
    page.on('pageerror', failure);
    await page.click(tid('recorder-start'));
    await page.waitForSelector(`${tid('recorder-dialog')}[data-status="recording"]`);
    await page.waitForTimeout(2500);
    await page.click(tid('recorder-stop'));
    await page.waitForSelector(`${tid('recorder-dialog')}[data-status="stopped"]`);
    page.off('console', note);
    page.off('pageerror', failure);
    expect(audioNotes).toEqual([]);
    expect(Number(await page.getAttribute(tid('recorder-duration'), 'data-seconds'))).toBeGreaterThan(1.5);
    await screenshot(page, 'full-page3-recorder');
    await page.click(tid('recorder-upload'));
    await expect.poll(() => page.locator(tid('recorder-dialog')).count(), { timeout: 30_000 }).toBe(0);
    await page.waitForSelector(tid('voice-audio-row'));
  });

  it('page 4: text narration and a page video, 视频静音', async () => {
    await openPage(3);
    await page.locator(tid('narration-box')).click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('这一页播放视频。');
    await page.click(tid('narration-save'));
    await page.setInputFiles(tid('page-video-input-3'), media.video);
    await page.waitForSelector(tid('page-video-sound-3'), { timeout: 60_000 });
    await page.click(tid('page-video-sound-3'));
    await expect.poll(() => toasts(page)).toContain('已禁用当前视频声音');
    // While the message shows, the top bar under it still takes clicks (a toast used to swallow
    // them for its 5 s; playwright refuses a click whose target is covered).
    await page.click(tid('editor-pdf'), { timeout: 2000 });
    await page.waitForSelector(tid('pdf-dialog'));
    expect(await toasts(page)).toContain('已禁用当前视频声音');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator(tid('pdf-dialog')).count()).toBe(0);
    await expect.poll(() => page.locator(`${tid('page-video-badge-3')} .volume.off`).count()).toBe(1);
    await expect.poll(async () => (await stageItems(page)).some((i) => i.kind === 'video')).toBe(true);
    // The video plays on the stage: frames are drawn as it runs.
    await stageReady(page);
    const drawn = await stageApi<number>(page, 'framesDrawn');
    await page.waitForTimeout(500);
    expect((await stageApi<number>(page, 'framesDrawn')) - drawn).toBeGreaterThan(3);
    await screenshot(page, 'full-page4-video');
  });

  it('synthesises with subtitles and downloads the finished video from 我的', async () => {
    await page.click(tid('editor-synthesise'));
    await page.waitForSelector(tid('synthesis-dialog'));
    await page.click(tid('synthesis-subtitle'));
    await expect.poll(() => page.textContent(tid('synthesis-subtitle-state'))).toBe('开启');
    await waitForSpokenPages(page, 4, 120_000);
    await screenshot(page, 'full-synthesis-dialog');
    // The final document (export coordinates) is what the render reads: keep it for the checks.
    const saved = page.waitForRequest((r) => {
      if (!r.url().endsWith('/virtual/v1/userPro/update')) return false;
      return Number((r.postDataJSON() as { original: number }).original) === 2;
    });
    await page.click(tid('synthesis-confirm'));
    const info = (await saved).postDataJSON() as { userProjectInfo: string | ProjectDocument };
    final =
      typeof info.userProjectInfo === 'string' ? JSON.parse(info.userProjectInfo) : info.userProjectInfo;
    expect(final.subtitle).toBe(1);

    await page.waitForSelector(tid('page-home'));
    const status = page.locator(`${tid('page-home')} [data-testid^="project-status-"][data-state]`).first();
    await expect
      .poll(() => status.getAttribute('data-state'), { timeout: 240_000, interval: 1000 })
      .toBe('done');
    await page.click(tid('nav-my'));
    const card = doneVideoCard(page);
    await card.waitFor();
    await screenshot(page, 'full-my-videos');
    const key = await videoKey(card);
    const href = (await page.getAttribute(tid(`video-download-${key}`), 'href'))!;
    const res = await browser.context.request.get(new URL(href, server.url).toString());
    expect(res.ok()).toBe(true);
    writeFileSync(mp4, await res.body());
    expect(streamTypes(mp4).sort()).toEqual(['audio', 'video']);
    // Under a minute of video costs one point of the demo account's 1000.
    const jwt = (await browser.context.cookies()).find((c) => c.name === 'jwt')!.value;
    const profile = await browser.context.request.get(`${server.url}/api/v1/user/profile`, {
      headers: { authorization: `Bearer ${jwt}` },
    });
    expect(((await profile.json()) as { data: ProfileData }).data.user.points).toBe(999);
    // 我的 shows the balance after the charge, not the one from login.
    await expect.poll(() => page.textContent(tid('my-points'))).toContain('999');
  }, 420_000);

  describeDownloadedMp4(() => ({
    browser,
    server,
    final,
    mp4,
    videoFile: media.video,
    page1Export,
  }));
});
