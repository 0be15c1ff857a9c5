import { writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { screenshot } from './helpers/browser';
import { toneMp3 } from './helpers/mediaFiles';
import { toasts } from './helpers/screens';
import { tid, useE2eSession } from './helpers/session';

describe('materials, background music and points in Chromium', () => {
  const { server, page } = useE2eSession();

  it('shows empty material lists under 我的 → 我的素材 and uploads an image and a track', async () => {
    await page.goto(`${server.url}/home/#/my`);
    await page.click(tid('my-tab-materials'));
    await page.waitForSelector(tid('material-images-empty'));
    await page.waitForSelector(tid('material-audios-empty'));
    await screenshot(page, 'materials-empty');

    const bad = path.join(server.dataDir, 'fake.mp3');
    writeFileSync(bad, 'this is not music');
    await page.setInputFiles(tid('material-input-3'), bad);
    await expect.poll(() => toasts(page)).toContain('音频素材只能是 WAV、MP3、M4A、OGG、AAC 或 FLAC 格式');

    const mp3 = toneMp3(path.join(server.dataDir, '轻快钢琴.mp3'), 4, 440);

    await page.setInputFiles(tid('material-input-3'), mp3);
    await page.waitForSelector(tid('material-audios'), { timeout: 30_000 });
    expect(await page.textContent(tid('material-audios'))).toContain('轻快钢琴');
    expect(await page.textContent(tid('material-audios'))).toContain('0:04');

    const png = path.join(server.dataDir, '产品图.png');
    await sharp({ create: { width: 800, height: 450, channels: 3, background: { r: 40, g: 140, b: 220 } } })
      .png()
      .toFile(png);
    await page.setInputFiles(tid('material-input-2'), png);
    await page.waitForSelector(`${tid('material-images')} img`, { timeout: 30_000 });
    await expect
      .poll(() =>
        page.$eval(`${tid('material-images')} img`, (img) => (img as HTMLImageElement).naturalWidth),
      )
      .toBeGreaterThan(0);
    await screenshot(page, 'materials-filled');
  });

  it('shows the balance and the ledger from the user menu’s 积分', async () => {
    await page.hover(tid('user-menu-trigger'));
    await page.click(tid('user-menu'));
    await page.click(tid('menu-points'));
    await page.waitForSelector(tid('points-ledger'));
    expect(await page.textContent(tid('points-balance'))).toBe('1000');
    expect(await page.textContent(tid('points-ledger'))).toContain('新用户赠送');
    await screenshot(page, 'points-dialog');
    await page.click(tid('points-close'));
    await expect.poll(() => page.locator(tid('points-dialog')).count()).toBe(0);
  });

  it('picks the track as background music with a volume, saves, and finds it again after reopening', async () => {
    await page.goto(`${server.url}/home/#/`);
    await page.click(`${tid('page-home')} ${tid('home-create-text')}`);
    await page.waitForSelector(tid('pdf-dialog'));
    await page.click(tid('pdf-none'));
    await expect.poll(() => page.locator(tid('pdf-dialog')).count()).toBe(0);
    expect(await page.textContent(tid('editor-music-name'))).toBe('无背景音乐');

    await page.click(tid('editor-music'));
    await page.waitForSelector(tid('music-dialog'));
    const item = page.locator(`${tid('music-list')} li[data-testid^="music-item-"]`).first();
    await item.click();
    await page.locator(tid('music-volume')).fill('55');
    expect(await page.textContent(tid('music-volume-value'))).toBe('55%');
    await page.click(tid('music-preview'));
    await expect.poll(() => page.textContent(tid('music-preview'))).toContain('停止试听');
    await screenshot(page, 'music-dialog');
    await page.click(tid('music-ok'));
    await expect.poll(() => page.locator(tid('music-dialog')).count()).toBe(0);
    expect(await page.textContent(tid('editor-music-name'))).toBe('轻快钢琴');
    await screenshot(page, 'editor-music-chosen');

    await page.click(tid('editor-save-draft'));
    await expect.poll(() => page.textContent(tid('editor-save-state'))).toContain('已保存');
    await page.reload();
    await expect.poll(() => page.textContent(tid('editor-music-name')), { timeout: 20_000 }).toBe('轻快钢琴');
    // Saved after 无需PDF: reopening it does not ask for slides again (a never-saved blank one does).
    expect(await page.locator(tid('pdf-dialog')).count()).toBe(0);
    await screenshot(page, 'editor-music-topbar');
    await page.click(tid('editor-music'));
    await page.waitForSelector(tid('music-dialog'));
    await expect.poll(() => item.getAttribute('aria-selected')).toBe('true');
    expect(await page.textContent(tid('music-volume-value'))).toBe('55%');
    await page.click(tid('music-none'));
    expect(await page.getAttribute(tid('music-volume'), 'disabled')).not.toBeNull();
    await page.click(tid('music-cancel'));
  });
});
