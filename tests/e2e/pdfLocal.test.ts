import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Route } from 'playwright-core';
import { screenshot } from './helpers/browser';
import { loginAsDemo } from './helpers/login';
import { openProjectId, toasts } from './helpers/screens';
import { tid, useE2eSession } from './helpers/session';
import { sessionApi } from './helpers/sessionApi';

/*
 * PDF管理 reads the chosen file in the browser (pdf.js in a worker): the page count and thumbnails
 * show while the upload is still held back, and broken files are refused before anything is sent.
 * Then the draft autosaves after a quiet half minute (the page's clock is fast-forwarded).
 */

const fixture = (name: string) => path.resolve(import.meta.dirname, '../fixtures', name);
const UPLOAD_PATH = '/virtual/v1/userPpt/upload';

describe('PDF read in the browser before upload, and draft autosave', () => {
  // The clock and the upload listener are set up before logging in.
  const { server, browser, page } = useE2eSession({ login: false });
  const uploads: string[] = [];

  beforeAll(async () => {
    // Time runs normally until the test fast-forwards it.
    await page.clock.install();
    page.on('request', (req) => {
      if (req.method() === 'POST' && new URL(req.url()).pathname === UPLOAD_PATH) uploads.push(req.url());
    });
    await loginAsDemo(page, server.url);
    await page.click(`${tid('page-home')} ${tid('home-create-text')}`);
    await page.waitForSelector(tid('pdf-dialog'));
  });

  async function choose(file: { name: string; mimeType: string; buffer: Buffer }) {
    await page.setInputFiles(tid('pdf-upload-input'), file);
  }
  async function apiPost<T>(urlPath: string, body: object): Promise<T> {
    return (await sessionApi(browser, server.url)).post<T>(urlPath, body);
  }

  it('refuses random bytes named .pdf, a broken and an encrypted PDF without uploading', async () => {
    const cases = [
      { name: 'random.pdf', buffer: randomBytes(64 * 1024), message: '文件不是有效的PDF' },
      {
        name: 'corrupt.pdf',
        buffer: readFileSync(fixture('corrupt.pdf')),
        message: 'PDF文件已损坏，无法读取',
      },
      {
        name: 'encrypted.pdf',
        buffer: readFileSync(fixture('encrypted.pdf')),
        message: 'PDF文件已加密，请移除密码后重新上传',
      },
    ];
    for (const c of cases) {
      await choose({ name: c.name, mimeType: 'application/pdf', buffer: c.buffer });
      await expect.poll(() => toasts(page), { timeout: 15_000 }).toContain(c.message);
      // The dialog is back to choosing a file: nothing is uploading.
      await page.waitForSelector(tid('pdf-upload'));
    }
    await screenshot(page, 'pdf-local-refused');
    expect(uploads).toEqual([]);
    expect(await page.locator(tid('pdf-list-empty')).count()).toBe(1);
  });

  it('shows page count and thumbnails before the upload finishes', async () => {
    // Hold the upload back until the test has seen what the browser read by itself.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**${UPLOAD_PATH}`, async (route: Route) => {
      await held;
      await route.continue();
    });

    const chosenAt = Date.now();
    await choose({
      name: '产品介绍.pdf',
      mimeType: 'application/pdf',
      buffer: readFileSync(fixture('slides-zh-3p.pdf')),
    });
    await page.waitForSelector(tid('pdf-local-thumb-1'));
    const firstThumbMs = Date.now() - chosenAt;
    await expect.poll(() => page.textContent(tid('pdf-local-pages'))).toBe('共 3 页');
    await expect.poll(() => page.locator(`${tid('pdf-local-thumbs')} img`).count()).toBe(3);
    // The thumbnails are real drawings of the pages: decoded, 2x the strip's CSS width.
    const sizes = await page
      .locator(`${tid('pdf-local-thumbs')} img`)
      .evaluateAll((imgs) =>
        imgs.map((img) => [(img as HTMLImageElement).naturalWidth, (img as HTMLImageElement).complete]),
      );
    expect(sizes).toEqual([
      [192, true],
      [192, true],
      [192, true],
    ]);
    // Read in the PDF worker, not by the main-thread fallback.
    expect(page.workers().some((w) => w.url().includes('pdfThumbnails.worker'))).toBe(true);
    expect(await page.getAttribute(tid('pdf-upload-progress'), 'data-phase')).toBe('uploading');
    expect(await page.textContent(tid('pdf-upload-progress'))).toContain('产品介绍');
    expect(firstThumbMs).toBeLessThan(5000);
    console.log(`first PDF thumbnail after ${firstThumbMs} ms`);
    await screenshot(page, 'pdf-local-thumbnails');

    release();
    await expect
      .poll(() => page.locator(`${tid('page-strip')} [data-testid^="page-item-"]`).count(), {
        timeout: 60_000,
      })
      .toBe(3);
    await expect.poll(() => page.locator(tid('pdf-dialog')).count()).toBe(0);
    expect(uploads).toHaveLength(1);
    await page.unroute(`**${UPLOAD_PATH}`);
  });

  it('autosaves the draft after 30 s without edits', async () => {
    const projectId = openProjectId(page);
    expect(projectId).toBeGreaterThan(0);
    const revisionNow = async () =>
      (await apiPost<{ revision: number }>('/virtual/v1/userPro/detail', { projectId })).revision;

    // Using the PDF was an edit; add one more by hand and leave the editor alone.
    const box = page.locator(tid('narration-box'));
    await box.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('自动保存的文案。');
    await expect.poll(() => page.textContent(tid('editor-save-state'))).toContain('有未保存的修改');
    const before = await revisionNow();

    await page.clock.fastForward(10_000);
    expect(await revisionNow()).toBe(before);
    await page.clock.fastForward(21_000);
    await expect.poll(revisionNow, { timeout: 15_000 }).toBeGreaterThan(before);
    await expect.poll(() => page.textContent(tid('editor-save-state'))).toMatch(/已自动保存 \d\d:\d\d/);
    // Saved quietly: no 保存成功 message.
    expect(await toasts(page)).not.toContain('保存成功');
    const saved = await apiPost<{ detail: string }>('/virtual/v1/userPro/detail', { projectId });
    expect(saved.detail).toContain('自动保存的文案');
    await screenshot(page, 'pdf-local-autosaved');
  });

  it('narration typed but not stored is an unsaved change: leaving warns, autosave stores it', async () => {
    const projectId = openProjectId(page);
    const box = page.locator(tid('narration-box'));
    await box.click();
    await page.keyboard.press('End');
    await page.keyboard.type('还没点保存的一句。');
    await expect.poll(() => page.textContent(tid('editor-save-state'))).toContain('有未保存的修改');
    // Closing or reloading the tab now asks first (the beforeunload handler cancels the unload).
    const warned = await page.evaluate(() => {
      const e = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(e);
      return e.defaultPrevented;
    });
    expect(warned).toBe(true);
    // Half a minute without typing (and a minute since the last autosave): the narration is stored
    // on its page and the draft saved.
    await page.clock.fastForward(61_000);
    await expect
      .poll(
        async () => (await apiPost<{ detail: string }>('/virtual/v1/userPro/detail', { projectId })).detail,
        {
          timeout: 15_000,
        },
      )
      .toContain('还没点保存的一句');
    await expect.poll(() => page.textContent(tid('editor-save-state'))).toMatch(/已自动保存 \d\d:\d\d/);
    const clean = await page.evaluate(() => {
      const e = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(e);
      return e.defaultPrevented;
    });
    expect(clean).toBe(false);
  });

  it('stops autosaving after a stale revision and says why', async () => {
    const projectId = openProjectId(page);
    // Another tab saves a change to the project: the editor's revision is now stale. (A save that
    // changed nothing but the name is taken in by the editor instead: renameConflict.test.)
    const other = await apiPost<{ detail: string; revision: number }>('/virtual/v1/userPro/detail', {
      projectId,
    });
    const stored = JSON.parse(other.detail);
    const changed = { ...stored, subtitle: stored.subtitle === 1 ? 2 : 1 };
    const { revision } = await apiPost<{ revision: number }>('/virtual/v1/userPro/update', {
      projectId,
      userProjectInfo: JSON.stringify(changed),
      original: 1,
      revision: other.revision,
    });

    await page.locator(tid('narration-box')).click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('另一个窗口之后的修改。');
    await page.clock.fastForward(61_000);
    const stale = '项目已在其他窗口或设备上修改，请刷新后再保存';
    await expect.poll(() => toasts(page), { timeout: 15_000 }).toContain(stale);
    await page.clock.fastForward(5 * 60_000);
    await page.waitForTimeout(500);
    // Nothing overwrote the other tab's save, and the editor still holds the unsaved edit.
    const after = await apiPost<{ detail: string; revision: number }>('/virtual/v1/userPro/detail', {
      projectId,
    });
    expect(after.revision).toBe(revision);
    expect(after.detail).not.toContain('另一个窗口之后的修改');
    expect(await page.textContent(tid('editor-save-state'))).toContain('有未保存的修改');
  });
});
