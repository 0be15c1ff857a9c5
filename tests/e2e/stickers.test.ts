import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { screenshot } from './helpers/browser';
import { describePresenterOnStage } from './helpers/presenterOnStage';
import {
  centre,
  clickOnStage,
  dragOnStage,
  stageApi,
  stageGeometry,
  stageItems,
  stageReady,
} from './helpers/stage';
import { chooseBuiltInCast, openProjectId, toasts } from './helpers/screens';
import { tid, useE2eSession } from './helpers/session';
import { sessionApi } from './helpers/sessionApi';

const STICKERS = path.resolve(import.meta.dirname, '../../assets/library/stickers');

interface SavedTexture {
  textureId: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

describe('stickers and GIFs on the editor preview in Chromium', () => {
  const { server, browser, page } = useE2eSession();
  let projectId = 0;

  /** The draft document's textures of page 1, read back through the API as the server stored it. */
  async function savedTextures(): Promise<SavedTexture[]> {
    const api = await sessionApi(browser, server.url);
    const saved = await api.post<{ detail: string }>('/virtual/v1/userPro/detail', {
      projectId,
      original: 1,
    });
    return JSON.parse(saved.detail).ppt.pages[0].textureList;
  }

  async function saveDraft() {
    await page.click(tid('editor-save-draft'));
    await expect.poll(() => page.getAttribute(tid('editor-save-state'), 'class')).not.toContain('is-dirty');
  }

  /** The stickers and GIFs the stage draws, in narration order. */
  const stickers = async () =>
    (await stageItems(page)).filter((i) => i.kind === 'sticker' || i.kind === 'gif');
  const waitForThumbnails = () =>
    expect
      .poll(() =>
        page
          .locator(`${tid('texture-grid')} img`)
          .evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).naturalWidth > 0)),
      )
      .toBe(true);
  const attr = async (i: number, name: 'x' | 'y' | 'width' | 'height') => (await stickers())[i][name];
  const count = async () => (await stickers()).length;

  it('opens a blank project with presenter, voice and scene', async () => {
    await page.click(`${tid('page-home')} ${tid('home-create-text')}`);
    await page.waitForSelector(tid('pdf-dialog'));
    await page.click(tid('pdf-none'));
    await page.waitForSelector(tid('narration-box'));
    projectId = openProjectId(page);
    expect(projectId).toBeGreaterThan(0);
    await chooseBuiltInCast(page);
    await expect.poll(async () => (await stageItems(page)).some((i) => i.kind === 'presenter')).toBe(true);
  });

  it('renames the project with the 确定 button at laptop widths (nothing covers it)', async () => {
    for (const [width, name] of [
      [1280, '贴图测试项目'],
      [1440, '贴图测试项目（宽屏）'],
    ] as const) {
      await page.setViewportSize({ width, height: 800 });
      await page.click(tid('project-rename'));
      await page.fill(`${tid('project-name-input')} input`, name);
      const save = (await page.locator(tid('project-rename-save')).boundingBox())!;
      // A real click at the button's centre: the element there must be the button itself.
      const hit = await page.evaluate(
        ([x, y]) => document.elementFromPoint(x, y)?.closest('[data-testid]')?.getAttribute('data-testid'),
        [save.x + save.width / 2, save.y + save.height / 2],
      );
      expect(hit).toBe('project-rename-save');
      await page.mouse.click(save.x + save.width / 2, save.y + save.height / 2);
      await expect.poll(() => page.textContent(tid('project-name'))).toBe(name);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('uploads an own PNG (refusing a GIF by its bytes), pages the list and deletes it again', async () => {
    await page.locator(tid('narration-box')).click();
    await page.keyboard.type('大家好，');
    await page.click(tid('insert-open'));
    // Without a PDF the 镜头 tab explains why its tags are disabled.
    await page.waitForSelector(tid('insert-shot-disabled'));
    await screenshot(page, 'insert-shot-tab');
    await page.click(tid('insert-tab-png'));
    await page.waitForSelector(`${tid('texture-pick-s001')}`);
    expect(await page.locator(tid('texture-item')).count()).toBe(10);
    expect(await page.textContent(tid('texture-page'))).toBe('第 1 / 3 页');

    // A GIF renamed .png is refused by its first bytes, before any upload.
    const fake = path.join(server.dataDir, 'fake.png');
    writeFileSync(fake, Buffer.from('GIF89a0000'));
    await page.setInputFiles(tid('texture-upload-input-png'), fake);
    await expect.poll(() => toasts(page)).toContain('上传图片只能是 PNG 格式!');

    await page.setInputFiles(tid('texture-upload-input-png'), path.join(STICKERS, 's002.png'));
    // The own sticker follows the 26 built-in ones: page 3 shows it.
    await expect.poll(() => page.textContent(tid('texture-page')), { timeout: 20_000 }).toBe('第 3 / 3 页');
    const own = page.locator(`${tid('texture-item')}:has([data-testid^="texture-delete-"])`);
    await expect.poll(() => own.count()).toBe(1);
    await waitForThumbnails();
    await screenshot(page, 'insert-stickers-png');

    const ownId = (await own.getAttribute('data-id'))!;
    await page.click(tid(`texture-delete-${ownId}`));
    await page.click(tid('confirm-delete-texture-confirm'));
    await expect.poll(() => own.count()).toBe(0);
    await page.click(tid('texture-prev'));
    await page.click(tid('texture-prev'));
    await expect.poll(() => page.textContent(tid('texture-page'))).toBe('第 1 / 3 页');
  });

  it('inserts a PNG and a GIF as pills at the caret and shows both on the preview after 保 存', async () => {
    await page.click(tid('texture-pick-s001'));
    await expect.poll(() => page.locator(tid('insert-dialog')).count()).toBe(0);
    await page.keyboard.type('请看这里。');
    await page.click(tid('insert-open'));
    await page.click(tid('insert-tab-gif'));
    await page.waitForSelector(tid('texture-pick-g001'));
    await screenshot(page, 'insert-stickers-gif');
    await page.click(tid('texture-pick-g001'));
    await page.keyboard.type('谢谢大家。');
    const pills = page.locator(`${tid('narration-box')} .ps-sticker img.ps-thumb`);
    expect(await pills.count()).toBe(2);
    await page.click(tid('narration-save'));

    await expect.poll(count).toBe(2);
    await stageReady(page);
    await screenshot(page, 'stickers-placed');
    const [png, gif] = await stickers();
    expect([png.kind, png.src]).toEqual(['sticker', expect.stringContaining('s001.png')]);
    expect([gif.kind, gif.src]).toEqual(['gif', expect.stringContaining('g001.gif')]);
    // Both pictures really loaded (the GIF's frames decoded in the worker) and drawn.
    await stageReady(page);
    const held = await stageApi<{ gifs: number; textures: number }>(page, 'textures');
    expect(held.gifs).toBe(1);
    expect(held.textures).toBeGreaterThan(2);
    // The GIF animates: frames are drawn while it plays, each for the file's own delay.
    const before = await stageApi<number>(page, 'framesDrawn');
    await page.waitForTimeout(600);
    expect((await stageApi<number>(page, 'framesDrawn')) - before).toBeGreaterThan(2);
  });

  it('drags a sticker with the pointer: the saved document moves by the dragged amount', async () => {
    // Both started left of the presenter, who stands over the middle (newTextureSpot). Inserted in
    // a row, the GIF was set 24 px down and right of the PNG, over most of it (it is later in the
    // narration): a press on its centre, which is on both, takes the GIF.
    expect([await attr(1, 'x'), await attr(1, 'y')]).toEqual([249, 244]);
    const gif = (await stickers())[1];
    const [dx, dy] = [200, 90];
    await dragOnStage(page, centre(gif), { x: centre(gif).x + dx, y: centre(gif).y + dy });
    await expect.poll(() => attr(1, 'x')).toBe(249 + dx);
    expect(await attr(1, 'y')).toBe(244 + dy);
    expect(await attr(0, 'x')).toBe(225);
    await saveDraft();
    const saved = await savedTextures();
    expect(saved.map((t) => [t.textureId, t.x, t.y])).toEqual([
      ['s001', 225, 220],
      ['g001', 249 + dx, 244 + dy],
    ]);
  });

  it('Escape during a drag puts the sticker back and saves nothing', async () => {
    const png = (await stickers())[0];
    const g = await stageGeometry(page);
    const from = g.at(centre(png).x, centre(png).y);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x + 80, from.y + 40, { steps: 5 });
    await page.keyboard.press('Escape');
    await page.mouse.up();
    expect(await attr(0, 'x')).toBe(225);
    expect(await page.getAttribute(tid('editor-save-state'), 'class')).not.toContain('is-dirty');
  });

  it('resizes at a corner keeping the aspect, nudges with the arrow keys, deletes and undoes', async () => {
    const png = (await stickers())[0];
    await clickOnStage(page, centre(png));
    await expect.poll(async () => (await stickers())[0].selected).toBe(true);
    // The selected sticker's bottom-right handle, held and pulled: the box keeps its square shape.
    const corner = { x: png.x + png.width, y: png.y + png.height };
    await dragOnStage(page, corner, { x: corner.x + 40, y: corner.y + 10 }, { steps: 5 });
    await expect.poll(() => attr(0, 'width')).toBeGreaterThan(100);
    expect(await attr(0, 'width')).toBe(await attr(0, 'height'));
    expect([await attr(0, 'x'), await attr(0, 'y')]).toEqual([225, 220]);

    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Shift+ArrowDown');
    await expect.poll(() => attr(0, 'x')).toBe(226);
    expect(await attr(0, 'y')).toBe(230);
    await screenshot(page, 'stickers-preview-selected');

    await page.keyboard.press('Delete');
    await expect.poll(count).toBe(1);
    expect(await page.locator(`${tid('narration-box')} .ps-sticker`).count()).toBe(1);
    await page.keyboard.press('Control+z');
    await expect.poll(count).toBe(2);
    await expect.poll(() => page.locator(`${tid('narration-box')} .ps-sticker`).count()).toBe(2);
    expect(await attr(0, 'x')).toBe(226);
    await saveDraft();
  });

  it('keeps the stickers after a reload, with texture paths refreshed', async () => {
    await page.reload();
    await expect.poll(count, { timeout: 20_000 }).toBe(2);
    expect(await attr(0, 'x')).toBe(226);
    expect(await attr(0, 'y')).toBe(230);
    await expect.poll(async () => (await stickers())[0].src).toMatch(/\/library\/stickers\/s001\.png\?t=\d+/);
    // Fresh paths alone leave nothing to save.
    expect(await page.getAttribute(tid('editor-save-state'), 'class')).not.toContain('is-dirty');
  });

  it('deleting a placed sticker names the project first, then drops it from the page with a message', async () => {
    await page.locator(tid('narration-box')).click();
    await page.keyboard.press('End');
    await page.click(tid('insert-open'));
    await page.click(tid('insert-tab-png'));
    await page.setInputFiles(tid('texture-upload-input-png'), path.join(STICKERS, 's003.png'));
    const own = page.locator(`${tid('texture-item')}:has([data-testid^="texture-delete-"])`);
    await expect.poll(() => own.count(), { timeout: 20_000 }).toBe(1);
    const ownId = (await own.getAttribute('data-id'))!;
    await page.click(tid(`texture-pick-${ownId}`));
    // The narration now ends with that pill: a click in the empty end of the box puts the caret in
    // it, and what is typed then goes after the pill (Chromium dropped it inside the pill).
    const box = page.locator(tid('narration-box'));
    const area = (await box.boundingBox())!;
    await page.mouse.click(area.x + area.width - 12, area.y + area.height - 12);
    await page.keyboard.type('好');
    await expect.poll(() => box.evaluate((b) => b.innerHTML)).toMatch(/<\/span>好$/);
    await page.keyboard.press('Backspace');
    await page.click(tid('narration-save'));
    await expect.poll(count).toBe(3);
    await saveDraft();

    await page.click(tid('insert-open'));
    await page.click(tid('insert-tab-png'));
    await page.click(tid(`texture-delete-${ownId}`));
    await page.click(tid('confirm-delete-texture-confirm'));
    // The saved draft places it: the server names the project and the editor asks again.
    await page.waitForSelector(tid('confirm-delete-in-use'));
    expect(await page.textContent(tid('confirm-delete-in-use'))).toContain('该贴图正在被 1 个项目使用');
    await page.click(tid('confirm-delete-in-use-confirm'));
    await expect.poll(() => own.count()).toBe(0);
    await page.click(tid('insert-close'));
    // The open page loses it at once (its file is gone), as opening the project would say.
    await expect.poll(() => toasts(page)).toContain('第1页有 1 个贴图已被删除，已从页面移除');
    await expect.poll(count).toBe(2);
    await expect.poll(() => page.locator(`${tid('narration-box')} .ps-sticker`).count()).toBe(2);
    await saveDraft();
    expect((await savedTextures()).map((t) => t.textureId)).toEqual(['s001', 'g001']);
    await page.reload();
    await expect.poll(count, { timeout: 20_000 }).toBe(2);
  });

  // The slide and the presenter on the same stage, after the stickers (the dimming check needs them).
  describePresenterOnStage(page, stickers);
});
