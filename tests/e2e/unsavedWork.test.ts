import { describe, expect, it } from 'vitest';
import { screenshot } from './helpers/browser';
import { openProjectId, toasts } from './helpers/screens';
import { tid, useE2eSession } from './helpers/session';

/*
 * Closing the tab before the autosave loses nothing (src/app/state/editorBackup.ts): what was typed
 * is kept in the browser and offered back when the project opens again.
 */
describe('work left unsaved when the tab closes, in Chromium', () => {
  const { server, browser, page } = useE2eSession();

  it('comes back after the tab is closed mid-edit, as the author left it', async () => {
    await page.click(`${tid('page-home')} ${tid('home-create-text')}`);
    await page.waitForSelector(tid('pdf-dialog'));
    await page.click(tid('pdf-none'));
    await page.waitForSelector(tid('narration-box'));
    const projectId = openProjectId(page);
    // A draft saved once (the blank page), then narration typed and not stored: no 保 存, no autosave.
    await page.click(tid('editor-save-draft'));
    await expect.poll(() => page.getAttribute(tid('editor-save-state'), 'class')).not.toContain('is-dirty');
    await page.click(tid('narration-box'));
    await page.keyboard.type('关页面之前打的讲解文字。');
    // 保 存 stores it with the draft on the server (保存成功 only once it is), then more is typed
    // and not stored.
    await page.click(tid('narration-save'));
    await expect.poll(() => page.getAttribute(tid('editor-save-state'), 'class')).not.toContain('is-dirty');
    await expect.poll(() => toasts(page)).toContain('保存成功');
    await page.click(tid('narration-box'));
    await page.keyboard.press('End');
    await page.keyboard.type('又补了一句。');
    // The tab closes without its leave warning (the browser quits, a crash-restore, a killed tab).
    await page.close({ runBeforeUnload: false });

    const again = await browser.context.newPage();
    await again.goto(`${server.url}/#/video?videoid=${projectId}`);
    await again.waitForSelector(tid('confirm-restore-backup'));
    expect(await again.textContent(tid('confirm-restore-backup'))).toContain('尚未保存');
    await screenshot(again, 'unsaved-work-offered');
    await again.click(tid('confirm-restore-backup-confirm'));
    await expect.poll(() => again.textContent(tid('narration-box'))).toContain('关页面之前打的讲解文字。');
    expect(await again.textContent(tid('narration-box'))).toContain('又补了一句。');
    // Back as unsaved work: the top bar says so until it is saved.
    expect(await again.getAttribute(tid('editor-save-state'), 'class')).toContain('is-dirty');
    await again.click(tid('editor-save-draft'));
    await expect.poll(() => again.getAttribute(tid('editor-save-state'), 'class')).not.toContain('is-dirty');

    // Saved: nothing is offered when it opens once more.
    await again.reload();
    await again.waitForSelector(tid('narration-box'));
    await again.waitForTimeout(500);
    expect(await again.locator(tid('confirm-restore-backup')).count()).toBe(0);
    expect(await again.textContent(tid('narration-box'))).toContain('关页面之前打的讲解文字。又补了一句。');
  });

  it('refused as stale in one tab, comes back merged with the other tab’s save after the refresh the refusal asks for', async () => {
    const a = await browser.context.newPage();
    await a.goto(`${server.url}/#/`);
    await a.click(`${tid('page-home')} ${tid('home-create-text')}`);
    await a.waitForSelector(tid('pdf-dialog'));
    await a.click(tid('pdf-none'));
    await a.waitForSelector(tid('narration-box'));
    const projectId = openProjectId(a);
    await a.click(tid('page-add'));
    await a.click(tid('editor-save-draft'));
    await expect.poll(() => a.getAttribute(tid('editor-save-state'), 'class')).not.toContain('is-dirty');

    // Tab B stores page 2's narration.
    const b = await browser.context.newPage();
    await b.goto(`${server.url}/#/video?videoid=${projectId}`);
    await b.waitForSelector(tid('narration-box'));
    await b.click(tid('page-item-1'));
    await b.click(tid('narration-box'));
    await b.keyboard.type('B标签页写的第二页。');
    await b.click(tid('narration-save'));
    await expect.poll(() => toasts(b)).toContain('保存成功');

    // Tab A, still on the older revision, types page 1 and is refused as stale.
    await a.click(tid('page-item-0'));
    await a.click(tid('narration-box'));
    await a.keyboard.type('A标签页写的第一页。');
    await a.click(tid('narration-save'));
    await expect.poll(() => toasts(a)).toContain('项目已在其他窗口或设备上修改，请刷新后再保存');

    // It refreshes, as the refusal says: its typing is offered back, merged with B's page.
    await a.reload();
    await a.waitForSelector(tid('confirm-restore-backup'));
    expect(await a.textContent(tid('confirm-restore-backup'))).toContain('并入');
    await screenshot(a, 'unsaved-work-merged-offered');
    await a.click(tid('confirm-restore-backup-confirm'));
    await expect.poll(() => a.textContent(tid('narration-box'))).toContain('A标签页写的第一页。');
    await a.click(tid('page-item-1'));
    await expect.poll(() => a.textContent(tid('narration-box'))).toContain('B标签页写的第二页。');
    await a.click(tid('editor-save-draft'));
    await expect.poll(() => a.getAttribute(tid('editor-save-state'), 'class')).not.toContain('is-dirty');
    await b.close();
    await a.close();
  });
});
