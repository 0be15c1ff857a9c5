import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, screenshot, SCREENSHOT_DIR, type BrowserSession } from './helpers/browser';
import { loginAsDemo } from './helpers/login';
import { startRealServer, type RealServer } from './helpers/realServer';

const tid = (id: string) => `[data-testid="${id}"]`;
const STICKERS = path.resolve(import.meta.dirname, '../../assets/library/stickers');

interface SavedTexture {
  textureId: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

describe('stickers and GIFs on the editor preview in Chromium', () => {
  let server: RealServer;
  let browser: BrowserSession;
  let page: Page;
  let projectId = 0;

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

  /** The draft document's textures of page 1, read back through the API as the server stored it. */
  async function savedTextures(): Promise<SavedTexture[]> {
    const jwt = (await browser.context.cookies()).find((c) => c.name === 'jwt')!.value;
    const res = await fetch(`${server.url}/virtual/v1/userPro/detail`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${jwt}` },
      body: JSON.stringify({ projectId, original: 1 }),
    });
    const json = (await res.json()) as { data: { detail: string } };
    return JSON.parse(json.data.detail).ppt.pages[0].textureList;
  }

  async function saveDraft() {
    await page.click(tid('editor-save-draft'));
    await expect.poll(() => page.getAttribute(tid('editor-save-state'), 'class')).not.toContain('is-dirty');
  }

  const stickers = () => page.locator(tid('preview-sticker'));
  const waitForThumbnails = () =>
    expect
      .poll(() =>
        page
          .locator(`${tid('texture-grid')} img`)
          .evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).naturalWidth > 0)),
      )
      .toBe(true);
  const attr = async (i: number, name: string) =>
    Number(await stickers().nth(i).getAttribute(`data-${name}`));

  it('opens a blank project with presenter, voice and scene', async () => {
    await page.click(`${tid('page-home')} ${tid('home-create-text')}`);
    await page.waitForSelector(tid('pdf-dialog'));
    await page.click(tid('pdf-none'));
    await page.waitForSelector(tid('narration-box'));
    projectId = Number(new URL(page.url().replace('#', '')).searchParams.get('videoid'));
    expect(projectId).toBeGreaterThan(0);
    await page.click(tid('library-tab-character'));
    await page.click(`${tid('character-item')}[data-id="xiaoya"]`);
    await page.click(tid('library-tab-scene'));
    await page.click(`${tid('scene-item')}[data-id="office"]`);
    await page.click(tid('library-tab-voice'));
    await page.click(`${tid('voice-item')}[data-id="espeak-zh-female"]`);
    await expect.poll(() => page.locator(tid('preview-character')).count()).toBe(1);
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
    await expect
      .poll(() => page.locator(tid('toast')).allTextContents())
      .toContain('上传图片只能是 PNG 格式!');

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

    await expect.poll(() => stickers().count()).toBe(2);
    expect(await stickers().nth(0).getAttribute('data-texture')).toBe('s001');
    expect(await stickers().nth(1).getAttribute('data-texture')).toBe('g001');
    // Both images really decoded (a broken image would have no natural size).
    const sizes = await stickers()
      .locator('img')
      .evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).naturalWidth));
    expect(sizes.every((w) => w > 0)).toBe(true);
  });

  it('drags a sticker with the pointer: the saved document moves by the dragged amount', async () => {
    // Spread them first so the one on top does not cover the other.
    const scale = Number(await page.getAttribute(tid('preview-frame'), 'data-scale'));
    const gif = stickers().nth(1);
    const box = (await gif.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    const [dx, dy] = [200, 90];
    for (let i = 1; i <= 10; i++)
      await page.mouse.move(box.x + box.width / 2 + (dx * i) / 10, box.y + box.height / 2 + (dy * i) / 10);
    await page.mouse.up();
    await expect.poll(() => attr(1, 'x')).toBe(430 + Math.round(dx / scale));
    expect(await attr(1, 'y')).toBe(220 + Math.round(dy / scale));
    await saveDraft();
    const saved = await savedTextures();
    expect(saved.map((t) => [t.textureId, t.x, t.y])).toEqual([
      ['s001', 430, 220],
      ['g001', 430 + Math.round(dx / scale), 220 + Math.round(dy / scale)],
    ]);
  });

  it('resizes at a corner keeping the aspect, nudges with the arrow keys, deletes and undoes', async () => {
    await stickers().nth(0).click();
    await expect.poll(() => stickers().nth(0).getAttribute('class')).toContain('selected');
    const handle = (await page.locator(tid('preview-sticker-handle-se')).boundingBox())!;
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(handle.x + 40, handle.y + 10, { steps: 5 });
    await page.mouse.up();
    await expect.poll(() => attr(0, 'width')).toBeGreaterThan(100);
    expect(await attr(0, 'width')).toBe(await attr(0, 'height'));

    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Shift+ArrowDown');
    await expect.poll(() => attr(0, 'x')).toBe(431);
    expect(await attr(0, 'y')).toBe(230);
    await screenshot(page, 'stickers-preview-selected');

    await page.keyboard.press('Delete');
    await expect.poll(() => stickers().count()).toBe(1);
    expect(await page.locator(`${tid('narration-box')} .ps-sticker`).count()).toBe(1);
    await page.keyboard.press('Control+z');
    await expect.poll(() => stickers().count()).toBe(2);
    await expect.poll(() => page.locator(`${tid('narration-box')} .ps-sticker`).count()).toBe(2);
    expect(await attr(0, 'x')).toBe(431);
    await saveDraft();
  });

  it('keeps the stickers after a reload, with texture paths refreshed', async () => {
    await page.reload();
    await expect.poll(() => stickers().count(), { timeout: 20_000 }).toBe(2);
    expect(await attr(0, 'x')).toBe(431);
    expect(await attr(0, 'y')).toBe(230);
    await expect
      .poll(() => stickers().nth(0).locator('img').getAttribute('src'))
      .toMatch(/\/library\/stickers\/s001\.png\?t=\d+/);
    // Fresh paths alone leave nothing to save.
    expect(await page.getAttribute(tid('editor-save-state'), 'class')).not.toContain('is-dirty');
  });

  it('drops a sticker whose texture was deleted when the project is opened, with a message', async () => {
    await page.locator(tid('narration-box')).click();
    await page.keyboard.press('End');
    await page.click(tid('insert-open'));
    await page.click(tid('insert-tab-png'));
    await page.setInputFiles(tid('texture-upload-input-png'), path.join(STICKERS, 's003.png'));
    const own = page.locator(`${tid('texture-item')}:has([data-testid^="texture-delete-"])`);
    await expect.poll(() => own.count(), { timeout: 20_000 }).toBe(1);
    const ownId = (await own.getAttribute('data-id'))!;
    await page.click(tid(`texture-pick-${ownId}`));
    await page.click(tid('narration-save'));
    await expect.poll(() => stickers().count()).toBe(3);
    await saveDraft();

    await page.click(tid('insert-open'));
    await page.click(tid('insert-tab-png'));
    await page.click(tid(`texture-delete-${ownId}`));
    await page.click(tid('confirm-delete-texture-confirm'));
    await expect.poll(() => own.count()).toBe(0);
    await page.click(tid('insert-close'));

    await page.reload();
    await expect
      .poll(() => page.locator(tid('toast')).allTextContents(), { timeout: 20_000 })
      .toContain('第1页有 1 个贴图已被删除，已从页面移除');
    await expect.poll(() => stickers().count()).toBe(2);
    expect(await page.locator(tid('preview-sticker-broken')).count()).toBe(0);
    await expect.poll(() => page.locator(`${tid('narration-box')} .ps-sticker`).count()).toBe(2);
    await saveDraft();
    expect((await savedTextures()).map((t) => t.textureId)).toEqual(['s001', 'g001']);
  });

  it('the presenter lip-syncs while 试听 plays and rests on X afterwards', async () => {
    const mouth = page.locator(tid('preview-mouth'));
    await mouth.waitFor({ state: 'attached' });
    expect(await mouth.getAttribute('data-shape')).toBe('X');
    await page.click(tid('narration-preview'));
    await expect
      .poll(() => page.getAttribute(tid('preview-character'), 'data-talking'), { timeout: 60_000 })
      .toBe('true');
    // Segment 1 is heard first: the stickers of segments 2 and 3 stay faint until their words come.
    const dimmed = page.locator(`${tid('preview-sticker')}.dimmed`);
    await expect.poll(() => dimmed.count(), { timeout: 5000, interval: 50 }).toBeGreaterThan(0);
    const shapes = new Set<string>();
    for (let i = 0; i < 40 && shapes.size < 3; i++) {
      shapes.add((await mouth.getAttribute('data-shape')) ?? '');
      await page.waitForTimeout(100);
    }
    expect([...shapes].filter((s) => s !== 'X').length).toBeGreaterThan(0);
    await screenshot(page, 'stickers-presenter-talking');
    await page
      .locator(tid('preview-character'))
      .screenshot({ path: path.join(SCREENSHOT_DIR, 'stickers-presenter-mouth.png') });
    await page.click(tid('narration-preview'));
    await expect.poll(() => mouth.getAttribute('data-shape')).toBe('X');
    expect(await dimmed.count()).toBe(0);
  });
});
