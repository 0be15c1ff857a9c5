import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfileData } from '../../src/api/user.contract';
import type { ProjectDocument } from '../../src/model/project';
import type { Box } from '../../src/server/video/planTypes';
import { boxDifference, frameAt, near, pixel } from '../server/helpers/video';
import { colourBox, edgeError, twoColourGif, type Rgb } from '../server/video/colourBoxes';
import { screenshot, SCREENSHOT_DIR } from './helpers/browser';
import {
  audioRms,
  colourDeckPdf,
  mediaSeconds,
  movingToneVideo,
  streamTypes,
  toneMp3,
  toneRms,
} from './helpers/mediaFiles';
import { rawRgb, solidPng } from './helpers/solidArt';
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

const W = 1920;
const H = 1080;
const FPS = 25;
const SLIDES: Rgb[] = [
  [230, 30, 30],
  [30, 170, 60],
  [40, 70, 210],
  [150, 150, 150],
];
const MAGENTA: Rgb = [220, 0, 220];
// Colours the GIF palette holds exactly.
const YELLOW: Rgb = [255, 255, 0];
const GIF_BLUE: Rgb = [0, 0, 255];
const PAGE1 = [
  '大家好，欢迎观看产品介绍。',
  '请看左上角的贴图。',
  '右上角是一个动图。',
  '现在请看我的全身形象。',
];
const VIDEO_SECONDS = 5;

/** How long the render makes a page: whole frames (renderPlan.frameAligned). */
const frameAligned = (ms: number) => (Math.ceil((ms * FPS) / 1000) * 1000) / FPS;

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

    // New stickers sit together in the middle: the GIF (on top) goes top right, the PNG top left;
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
    await page.click(tid('recorder-start'));
    await page.waitForSelector(`${tid('recorder-dialog')}[data-status="recording"]`);
    await page.waitForTimeout(2500);
    await page.click(tid('recorder-stop'));
    await page.waitForSelector(`${tid('recorder-dialog')}[data-status="stopped"]`);
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

  describe('the downloaded MP4', () => {
    // Page and segment times in seconds, from the stored narration timings the render also reads.
    const pageStart: number[] = [];
    const pageEnd: number[] = [];
    let segStart: number[] = [];
    let page4Speech = 0;

    async function clipMs(soundPath: string): Promise<number> {
      const timings = soundPath.split('?')[0].replace(/\.[a-z0-9]+$/i, '.json');
      const res = await browser.context.request.get(`${server.url}${timings}`);
      expect(res.ok(), timings).toBe(true);
      return ((await res.json()) as { durationMs: number }).durationMs;
    }

    beforeAll(async () => {
      expect(final, 'the synthesis step ran').toBeDefined();
      const pages = final.ppt.pages;
      const segMs = await Promise.all(pages[0].childList.map((c) => clipMs(c.tts)));
      const lengths = [frameAligned(segMs.reduce((a, b) => a + b, 0))];
      for (const p of pages.slice(1, 3)) lengths.push(frameAligned(await clipMs(p.tts)));
      page4Speech = (await clipMs(pages[3].tts)) / 1000;
      lengths.push(frameAligned(Math.max(page4Speech * 1000, mediaSeconds(media.video) * 1000)));
      let at = 0;
      for (const ms of lengths) {
        pageStart.push(at / 1000);
        at += ms;
        pageEnd.push(at / 1000);
      }
      at = 0;
      segStart = segMs.map((ms) => {
        const start = at / 1000;
        at += ms;
        return start;
      });
    });

    const frame = (seconds: number) => frameAt(mp4, seconds, W, H);
    const slideBox = (): Box => ({
      x: final.scene.pptX,
      y: final.scene.pptY,
      width: final.scene.pptWidth,
      height: final.scene.pptHeight,
    });
    const centre = (b: Box) => [b.x + b.width / 2, b.y + b.height / 2] as const;
    const textureBox = (k: number): Box => {
      const { x, y, width, height } = final.ppt.pages[0].textureList[k];
      return { x, y, width, height };
    };
    const segMid = (k: number) => {
      const end = k + 1 < segStart.length ? segStart[k + 1] : pageEnd[0];
      return (segStart[k] + end) / 2;
    };
    const saveFrame = (name: string, f: Buffer) =>
      sharp(f, { raw: { width: W, height: H, channels: 3 } })
        .resize(960, 540)
        .png()
        .toFile(path.join(SCREENSHOT_DIR, `${name}.png`));

    it('lasts as long as its four pages together', () => {
      expect(pageStart).toHaveLength(4);
      expect(Math.abs(mediaSeconds(mp4) - pageEnd[3])).toBeLessThan(0.12);
      // Text, uploaded, recorded, text with a muted video (istts, has a video, isSound).
      expect(final.ppt.pages.map((p) => [p.istts, p.isVideo === 1, p.isSound])).toEqual([
        [2, false, 1],
        [1, false, 1],
        [1, false, 1],
        [2, true, 2],
      ]);
      expect(final.ppt.pages.map((p) => p.childList.map((c) => c.isScale))).toEqual([
        [1, 1, 1, 3],
        [],
        [],
        [],
      ]);
    });

    it('page 1: the sticker appears at its export box from its marker on', async () => {
      const before = frame(segMid(0));
      expect(colourBox(before, W, H, MAGENTA)).toBeNull();
      expect(near(pixel(before, W, ...centre(slideBox())), SLIDES[0])).toBe(true);
      const after = frame(segMid(1));
      await saveFrame('full-video-page1-sticker', after);
      const found = colourBox(after, W, H, MAGENTA);
      expect(found).not.toBeNull();
      expect(edgeError(found!, textureBox(0))).toBeLessThanOrEqual(2);
      // It stays for the rest of the page, in the 人物全身 framing too.
      expect(edgeError(colourBox(frame(segMid(3)), W, H, MAGENTA)!, textureBox(0))).toBeLessThanOrEqual(2);
    });

    it('page 1: 导出当前画面 on the stage matches the rendered frame at the same moment', async () => {
      // Segment 3: normal framing, both stickers shown (the GIF's frame and the mouth differ by time).
      const video = frame(segMid(2));
      const shot = await rawRgb(page1Export);
      expect([shot.width, shot.height]).toEqual([W, H]);
      const exported = shot.data;
      const sticker = colourBox(exported, W, H, MAGENTA);
      expect(edgeError(sticker!, textureBox(0))).toBeLessThanOrEqual(2);
      expect(edgeError(sticker!, colourBox(video, W, H, MAGENTA)!)).toBeLessThanOrEqual(2);
      const slideInVideo = colourBox(video, W, H, SLIDES[0]);
      expect(edgeError(colourBox(exported, W, H, SLIDES[0])!, slideInVideo!)).toBeLessThanOrEqual(2);
      // The bare scene between the presenter and the slide, above the subtitles: the same pixels.
      const left = final.character.X + final.character.width + 20;
      const scene = { x: left, y: 200, width: slideBox().x - 20 - left, height: 300 };
      expect(scene.width).toBeGreaterThan(100);
      expect(boxDifference(exported, video, W, scene)).toBeLessThan(6);
      // The presenter's body below the face, where nothing moves.
      const c = final.character;
      const body = {
        x: c.X + Math.round(c.width * 0.25),
        y: c.Y + Math.round(c.height * 0.55),
        width: Math.round(c.width * 0.5),
        height: Math.round(c.height * 0.2),
      };
      expect(boxDifference(exported, video, W, body)).toBeLessThan(8);
    });

    it('page 1: the GIF plays in its box: absent before its marker, changing after', () => {
      const box = textureBox(1);
      const [cx, cy] = centre(box);
      const before = frame(segMid(1));
      expect(near(pixel(before, W, cx, cy), YELLOW, 48) || near(pixel(before, W, cx, cy), GIF_BLUE, 48)).toBe(
        false,
      );
      // 200 ms a colour from the segment start; pure blue comes back about (0, 6, 214) from 4:2:0 video.
      const a = frame(segStart[2] + 0.1);
      const b = frame(segStart[2] + 0.3);
      expect(near(pixel(a, W, cx, cy), YELLOW, 48)).toBe(true);
      expect(near(pixel(b, W, cx, cy), GIF_BLUE, 48)).toBe(true);
      expect(
        boxDifference(a, b, W, { x: box.x + 4, y: box.y + 4, width: box.width - 8, height: box.height - 8 }),
      ).toBeGreaterThan(50);
    });

    it('page 1: the 人物全身 segment shows the presenter filling the frame height, centred, no slide', async () => {
      // 人物全身 draws the whole figure down to the feet (issue 13): full.png, not the cut body.png.
      const art = await sharp(
        path.resolve(import.meta.dirname, '../../assets/library/characters/xiaoya/full.png'),
      )
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const { width: artW, height: artH } = art.info;
      const opaque = (x: number, y: number) => art.data[(y * artW + x) * 4 + 3] >= 128;
      // 人物全身: the art scaled to the frame height, centred (shotFraming).
      const scale = H / artH;
      const boxX = Math.round((W - Math.round(artW * scale)) / 2);
      // Where the figure is, told apart from the scene: page 2 shows the same scene with the presenter
      // at its layout place on the left, so between it and the slide the page-2 frame is the bare scene.
      const layoutRight = final.character.X + final.character.width;
      const scene = frame((pageStart[1] + pageEnd[1]) / 2);
      const differs = (f: Buffer, x: number, y: number) => {
        const [p, q] = [pixel(f, W, x, y), pixel(scene, W, x, y)];
        return Math.abs(p[0] - q[0]) + Math.abs(p[1] - q[1]) + Math.abs(p[2] - q[2]) > 60;
      };
      const full = frame(segMid(3));
      await saveFrame('full-video-page1-fullbody', full);

      // The top of the head: first row where the middle column differs, as the art's scaled.
      const mid = Math.round(W / 2);
      let artTop = 0;
      while (!opaque(Math.round((mid - boxX) / scale), artTop)) artTop++;
      let top = 0;
      while (top < H && !differs(full, mid, top)) top++;
      expect(Math.abs(top - artTop * scale)).toBeLessThanOrEqual(4);
      // Left and right edges of the body at rows below the stickers, as the art's scaled.
      // (Rows above her bare legs: skin against the office wall is too alike to find an edge.)
      for (const y of [400, 550, 650]) {
        const artRow = Math.round(y / scale);
        const artCols = Array.from({ length: artW }, (_, x) => x).filter((x) => opaque(x, artRow));
        const [left, right] = [boxX + artCols[0] * scale, boxX + artCols[artCols.length - 1] * scale];
        // Between the layout presenter and the slide box (page 2's slide is another colour).
        expect(left).toBeGreaterThan(layoutRight + 20);
        expect(right).toBeLessThan(slideBox().x - 10);
        const cols = Array.from({ length: slideBox().x - layoutRight - 20 }, (_, i) => layoutRight + 20 + i);
        const seen = cols.filter((x) => differs(full, x, y));
        expect(Math.abs(seen[0] - left), `left edge at row ${y}`).toBeLessThanOrEqual(4);
        expect(Math.abs(seen[seen.length - 1] - right), `right edge at row ${y}`).toBeLessThanOrEqual(4);
      }
      // The normal framing before it shows the bare scene in the middle; this one hides the slide.
      expect(differs(frame(segMid(0)), mid, 500)).toBe(false);
      expect(near(pixel(full, W, ...centre(slideBox())), SLIDES[0])).toBe(false);
    });

    it('pages 2 and 3: their slides and their uploaded and recorded sound', async () => {
      for (const k of [1, 2]) {
        const f = frame((pageStart[k] + pageEnd[k]) / 2);
        expect(near(pixel(f, W, ...centre(slideBox())), SLIDES[k]), `slide of page ${k + 1}`).toBe(true);
      }
      const mp3 = audioRms(mp4, pageStart[1] + 0.2, pageEnd[1] - 0.5);
      const recorded = audioRms(mp4, pageStart[2] + 0.1, pageEnd[2] - 0.4);
      expect(mp3).toBeGreaterThan(0.03);
      expect(recorded).toBeGreaterThan(0.005);
    });

    it('page 4: the video moves inside the slide box and its sound is muted', async () => {
      const box = slideBox();
      const a = frame(pageStart[3] + 1);
      const b = frame(pageStart[3] + 2.5);
      await saveFrame('full-video-page4', b);
      expect(near(pixel(a, W, ...centre(box)), SLIDES[3])).toBe(false);
      expect(boxDifference(a, b, W, box)).toBeGreaterThan(3);
      // Outside the slide box nothing of the video: the scene around it is the same in both frames.
      const above = { x: box.x, y: Math.max(0, box.y - 40), width: box.width, height: 30 };
      expect(boxDifference(a, b, W, above)).toBeLessThan(2);
      // The source has a loud 1 kHz tone; after the narration the muted page is silent.
      expect(toneRms(media.video, 0.5, 4.5, 1000)).toBeGreaterThan(0.1);
      expect(pageEnd[3] - pageStart[3] - page4Speech).toBeGreaterThan(1);
      expect(audioRms(mp4, pageStart[3] + page4Speech + 0.1, pageEnd[3] - 0.1)).toBeLessThan(0.003);
      // Under the narration too: speech has some energy near 1 kHz, the video's tone at 35% far more.
      expect(toneRms(mp4, pageStart[3] + 0.2, pageEnd[3] - 0.2, 1000)).toBeLessThan(
        toneRms(media.video, 0.5, 4.5, 1000) * 0.35 * 0.5,
      );
    });
  });
});
