import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from './helpers/browser';
import { writePresenterArt } from './helpers/presenterArt';
import { rawRgb } from './helpers/solidArt';
import { stageApi, stageGeometry, stageItems, stageReady } from './helpers/stage';
import { waitForSpokenPages } from './helpers/screens';
import { tid, useE2eSession } from './helpers/session';

describe('我的数字人 in Chromium', () => {
  const { server, page } = useE2eSession();
  let art: Awaited<ReturnType<typeof writePresenterArt>>;

  beforeAll(async () => {
    art = await writePresenterArt(mkdtempSync(path.join(tmpdir(), 'presenter-art-')));
  }, 90_000);

  const cards = () => page.locator(tid('own-presenter-card'));

  it('shows the empty screen with a way to add one', async () => {
    await page.goto(`${server.url}/home/#/digitalPeople`);
    await page.waitForSelector(tid('presenter-empty'));
    expect(await page.textContent(tid('page-digitalPeople'))).toContain('还没有自己的数字人');
    await screenshot(page, 'digitalPeople-empty');
  });

  it('adds a picture-plus-mouths presenter with a live anchor preview', async () => {
    await page.click(tid('presenter-create'));
    await page.waitForSelector(tid('presenter-dialog'));
    await screenshot(page, 'digitalPeople-kinds');
    await page.click(tid('presenter-kind-1'));
    await page.click(tid('presenter-next'));
    // Without files the step says what is missing.
    await page.click(tid('presenter-next'));
    await expect.poll(() => page.textContent(tid('presenter-problem'))).toBe('请上传人物图片');
    // A JPEG named .png is refused by its content.
    await page.setInputFiles(tid('presenter-body-input'), art.jpegNamedPng);
    // The check reads the file's first bytes, so the message arrives a moment later.
    await expect.poll(() => page.textContent(tid('presenter-problem'))).toBe('只能上传 PNG 图片');

    await page.setInputFiles(tid('presenter-body-input'), art.body);
    // The anchor starts where the template puts it, scaled to the 400x700 body.
    await expect.poll(() => page.inputValue(tid('presenter-mouth-rect-x'))).toBe('170');
    await page.fill(tid('presenter-mouth-rect-x'), '140');
    await page.fill(tid('presenter-mouth-rect-y'), '350');
    await page.fill(tid('presenter-mouth-rect-width'), '120');
    await page.fill(tid('presenter-mouth-rect-height'), '80');
    await page.setInputFiles(tid('presenter-mouth-X-input'), art.mouthX);
    await page.setInputFiles(tid('presenter-mouth-D-input'), art.mouthD);
    await page.setInputFiles(tid('presenter-mouth-E-input'), art.mouthE);
    // The sprite sits in the anchor box over the body: 120x80 of 400x700 at (140, 350).
    await page.waitForSelector(tid('presenter-mouth-sprite'));
    const preview = (await page.locator(tid('presenter-rig-preview')).boundingBox())!;
    const box = (await page.locator(tid('presenter-mouth-box')).boundingBox())!;
    expect((box.x - preview.x) / preview.width).toBeCloseTo(140 / 400, 2);
    expect((box.y - preview.y) / preview.height).toBeCloseTo(350 / 700, 2);
    expect(box.width / preview.width).toBeCloseTo(120 / 400, 2);
    // Missing shapes show which uploaded one stands in for them (C open borrows D wide open).
    expect(await page.textContent(`${tid('presenter-mouth-C-picker')} + div`)).toContain('用 D');
    await screenshot(page, 'digitalPeople-sprites');

    await page.click(tid('presenter-next'));
    await page.click(tid('presenter-submit'));
    await expect.poll(() => page.textContent(tid('presenter-problem'))).toBe('请输入数字人名称');
    await page.fill(tid('presenter-name'), '小蓝老师');
    await page.click(tid('presenter-submit'));
    await page.waitForSelector(tid('presenter-dialog'), { state: 'detached' });
    await expect.poll(() => cards().count()).toBe(1);
    expect(await cards().first().getAttribute('data-kind')).toBe('1');
    expect(await cards().first().textContent()).toContain('小蓝老师');
  }, 60_000);

  it('adds a green-screen talking video presenter with a keyed preview', async () => {
    await page.click(tid('presenter-create'));
    await page.click(tid('presenter-kind-2'));
    await page.click(tid('presenter-next'));
    await page.setInputFiles(tid('presenter-video-input'), art.video);
    await page.click(`${tid('presenter-key-toggle')} label`);
    // The preview is the PixiJS stage: the green screen is keyed out, so the dialog's background
    // shows at the corner, while the figure in the middle stays.
    await stageReady(page, 'presenter-keyed-canvas');
    const shot = async () => {
      const { box } = await stageGeometry(page, 'presenter-keyed-canvas');
      const png = await page.screenshot({ clip: box });
      const { data, width, height } = await rawRgb(png);
      const at = (x: number, y: number) => [...data.subarray((y * width + x) * 3, (y * width + x) * 3 + 3)];
      return { corner: at(4, 4), face: at(Math.round(width / 2), Math.round(height * 0.47)) };
    };
    const isGreen = ([r, g, b]: number[]) => g > 200 && r < 80 && b < 80;
    const distance = (a: number[], b: number[]) =>
      Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) + Math.abs(a[2] - b[2]);
    // Until the video's first frame arrives the preview shows only the dialog's background: wait
    // for the figure (the face stands out from the corner) with the green gone at the corner.
    await expect
      .poll(async () => {
        const { corner, face } = await shot();
        return !isGreen(corner) && !isGreen(face) && distance(face, corner) > 60;
      })
      .toBe(true);
    await screenshot(page, 'digitalPeople-video-keyed');
    await page.click(tid('presenter-next'));
    await page.fill(tid('presenter-name'), '绿幕主播');
    await page.click(tid('presenter-submit'));
    await page.waitForSelector(tid('presenter-dialog'), { state: 'detached' });
    await expect.poll(() => cards().count()).toBe(2);
    expect(await cards().first().getAttribute('data-kind')).toBe('2');
    await page.waitForSelector(`${tid('own-presenter-card')} ${tid('own-presenter-video')}`);
  }, 60_000);

  it('adds a single-picture presenter that breathes on its card', async () => {
    await page.click(tid('presenter-create'));
    await page.click(tid('presenter-kind-3'));
    await page.click(tid('presenter-next'));
    await page.setInputFiles(tid('presenter-picture-input'), art.photo);
    await page.click(tid('presenter-next'));
    await page.fill(tid('presenter-name'), '照片讲师');
    await page.click(tid('presenter-submit'));
    await page.waitForSelector(tid('presenter-dialog'), { state: 'detached' });
    await expect.poll(() => cards().count()).toBe(3);
    const animation = await cards()
      .first()
      .locator('img')
      .evaluate((img) => getComputedStyle(img).animationName);
    expect(animation).toBe('ps-dp-breathe');
    await page.waitForTimeout(600);
    await screenshot(page, 'digitalPeople-list');
  }, 60_000);

  it('lists them under the 数字人 tab private switch and chooses one for the project', async () => {
    await page.goto(`${server.url}/home/#/`);
    await page.click(`${tid('page-home')} ${tid('home-create-text')}`);
    await page.waitForSelector(tid('pdf-dialog'));
    await page.click(tid('pdf-none'));
    await page.waitForSelector(tid('library-panel-character'));
    await page.click(tid('character-visibility-2'));
    const items = page.locator(`${tid('character-list')} ${tid('character-item')}`);
    await expect.poll(() => items.count()).toBe(3);
    expect(await items.allTextContents()).toEqual(['照片讲师图片', '绿幕主播视频', '小蓝老师口型']);
    await items.nth(2).click();
    await expect.poll(() => items.nth(2).getAttribute('data-selected')).toBe('true');
    await screenshot(page, 'digitalPeople-editor-private');
    // The single picture breathes on the editor preview as it will in the video.
    await items.nth(0).click();
    await expect.poll(() => items.nth(0).getAttribute('data-selected')).toBe('true');
    // The stage keeps drawing while the picture breathes (an idle stage draws nothing), and the
    // presenter's pixels move between two moments.
    await stageReady(page);
    const drawn = await stageApi<number>(page, 'framesDrawn');
    const presenter = (await stageItems(page)).find((i) => i.kind === 'presenter')!;
    const g = await stageGeometry(page);
    const clip = {
      ...g.at(presenter.x, presenter.y),
      width: presenter.width * g.scale,
      height: presenter.height * g.scale,
    };
    const a = await page.screenshot({ clip });
    await page.waitForTimeout(900);
    expect((await stageApi<number>(page, 'framesDrawn')) - drawn).toBeGreaterThan(10);
    expect((await page.screenshot({ clip })).equals(a)).toBe(false);
  }, 60_000);

  // Synthesising with an own presenter: the talking video and the sprite rig each give a finished
  // video (the render's pixels for every kind are checked in tests/server/video/ownPresenter.test.ts).
  it.each([
    ['the talking video', 1],
    ['the picture with mouths', 2],
  ])(
    'synthesises a video with %s',
    async (_kind, index) => {
      await page.goto(`${server.url}/home/#/`);
      await page.click(`${tid('page-home')} ${tid('home-create-text')}`);
      await page.waitForSelector(tid('pdf-dialog'));
      const projectId = /videoid=(\d+)/.exec(page.url())![1];
      await page.click(tid('pdf-none'));
      await page.click(tid('library-tab-character'));
      await page.waitForSelector(tid('library-panel-character'));
      await page.click(tid('character-visibility-2'));
      const items = page.locator(`${tid('character-list')} ${tid('character-item')}`);
      await expect.poll(() => items.count()).toBe(3);
      await items.nth(index).click();
      await expect.poll(() => items.nth(index).getAttribute('data-selected')).toBe('true');
      await page.click(tid('library-tab-scene'));
      await page.click(`${tid('scene-item')}[data-id="office"]`);
      await page.click(tid('library-tab-voice'));
      await page.click(`${tid('voice-item')}[data-id="espeak-zh-female"]`);
      await page.locator(tid('narration-box')).click();
      await page.keyboard.type('大家好，这是我自己的数字人在讲解。');
      await page.click(tid('narration-save'));

      await page.click(tid('editor-synthesise'));
      await page.click(tid('confirm-no-pdf-confirm'));
      await page.waitForSelector(tid('synthesis-dialog'));
      await waitForSpokenPages(page, 1, 60_000);
      await page.click(tid('synthesis-confirm'));
      await page.waitForSelector(tid('page-home'));
      await expect
        .poll(() => page.getAttribute(tid(`project-status-${projectId}`), 'data-state'), {
          timeout: 120_000,
          interval: 1000,
        })
        .toBe('done');
    },
    180_000,
  );

  it('shows own presenters in 数字人形象库 after the built-in ones', async () => {
    await page.goto(`${server.url}/home/#/virtual`);
    const own = page.locator(`${tid('presenter-grid-own')} ${tid('presenter-card')}`);
    await expect.poll(() => own.count()).toBe(3);
    expect(await page.locator(`${tid('presenter-grid-own')} .ps-dp-breathe`).count()).toBe(1);
    await screenshot(page, 'virtual-own');
  });

  it('deletes a presenter after confirmation', async () => {
    await page.goto(`${server.url}/home/#/digitalPeople`);
    await expect.poll(() => cards().count()).toBe(3);
    await cards().first().locator(tid('own-presenter-delete')).click();
    await page.waitForSelector(tid('presenter-delete-confirm'));
    await screenshot(page, 'digitalPeople-delete-confirm');
    await page.click(tid('presenter-delete-confirm-confirm'));
    await expect.poll(() => cards().count()).toBe(2);
  });
});
