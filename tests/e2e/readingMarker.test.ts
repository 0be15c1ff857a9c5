import { describe, expect, it } from 'vitest';
import { photographAtLaptopSizes } from './helpers/browser';
import { chooseBuiltInCast, openProjectId } from './helpers/screens';
import { tid, useE2eSession } from './helpers/session';
import { sessionApi } from './helpers/sessionApi';

describe('多音字: the 读音 tab of 插入元素 in Chromium', () => {
  const { server, browser, page } = useE2eSession();

  it('marks how 行 is read after the caret and keeps the mark through 保 存 and the draft', async () => {
    await page.click(`${tid('page-home')} ${tid('home-create-text')}`);
    await page.waitForSelector(tid('pdf-dialog'));
    await page.click(tid('pdf-none'));
    await page.waitForSelector(tid('narration-box'));
    const projectId = openProjectId(page);
    await chooseBuiltInCast(page);

    await page.locator(tid('narration-box')).click();
    await page.keyboard.type('银行业');
    // The caret after 行: the marker follows the character it is for.
    await page.keyboard.press('ArrowLeft');
    await page.click(tid('insert-open'));
    await page.click(tid('insert-tab-reading'));
    await expect.poll(() => page.textContent(tid('insert-reading-hint'))).toContain('「行」');
    await photographAtLaptopSizes(page, 'insert-reading-tab');
    await page.click(tid('insert-reading-háng'));
    await expect.poll(() => page.locator(tid('insert-dialog')).count()).toBe(0);
    await expect.poll(() => page.textContent(tid('narration-box'))).toBe('银行[háng]业');

    await page.click(tid('narration-save'));
    await page.click(tid('editor-save-draft'));
    await expect.poll(() => page.getAttribute(tid('editor-save-state'), 'class')).not.toContain('is-dirty');
    const api = await sessionApi(browser, server.url);
    await expect
      .poll(async () => {
        const saved = await api.post<{ detail: string }>('/virtual/v1/userPro/detail', {
          projectId,
          original: 1,
        });
        return JSON.parse(saved.detail).ppt.pages[0]?.text ?? '';
      })
      .toBe('银行[háng]业');
  }, 60_000);
});
