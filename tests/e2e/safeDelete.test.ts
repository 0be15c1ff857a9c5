import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectDetailData } from '../../src/api/project.contract';
import type { SceneItem } from '../../src/api/library.contract';
import { chooseScene, newDocument, type ProjectDocument } from '../../src/model/project';
import { screenshot } from './helpers/browser';
import { movingToneVideo } from './helpers/mediaFiles';
import { SessionApi, sessionApi } from './helpers/sessionApi';
import { solidPng } from './helpers/solidArt';

import { stageApi, stageItems, stageReady } from './helpers/stage';
import { tid, useE2eSession } from './helpers/session';

/*
 * Issue 11: deleting never loses work by surprise. 删除视频 asks first, and undo brings back a
 * video that still exists on the server and plays; deleting a custom scene that projects use names
 * them and asks again, and only a second yes deletes it.
 */

describe('deleting with a way back', () => {
  const { server, browser, page } = useE2eSession();
  let api: SessionApi;
  const work = mkdtempSync(path.join(tmpdir(), 'safe-delete-'));

  beforeAll(async () => {
    api = await sessionApi(browser, server.url);
  }, 60_000);
  afterAll(() => {
    rmSync(work, { recursive: true, force: true });
  });

  async function saveDraft(doc: ProjectDocument): Promise<number> {
    const projectId = await api.post<number>('/virtual/v1/userPro/add', {
      proKind: 3,
      distinguishability: 1,
    });
    const detail = await api.post<ProjectDetailData>('/virtual/v1/userPro/detail', {
      projectId,
      original: 1,
    });
    await api.post('/virtual/v1/userPro/update', {
      projectId,
      userProjectInfo: JSON.stringify({ ...doc, projectName: doc.projectName }),
      original: 1,
      revision: detail.revision,
    });
    return projectId;
  }
  /** Opens the editor; the drafts saved above do not ask about a PDF again (only new blank ones do). */
  async function openEditor(projectId: number): Promise<void> {
    await page.goto(`${server.url}/home/#/video?videoid=${projectId}`);
    await page.waitForSelector(tid('narration-box'));
    // The dialog would open as the project loads, with the box: give it a moment, it stays shut.
    await page.waitForTimeout(300);
    expect(await page.locator(tid('pdf-dialog')).count()).toBe(0);
  }
  const toasts = () => page.locator('.ps-toast').allTextContents();

  it('删除视频 asks first, and undo brings back a video that still plays', async () => {
    const projectId = await saveDraft(newDocument({ projectName: '视频撤销' }));
    await openEditor(projectId);
    await page.setInputFiles(tid('page-video-input-0'), movingToneVideo(path.join(work, 'clip.mp4'), 3));
    await page.waitForSelector(tid('page-video-delete-0'), { timeout: 60_000 });
    const video = (await stageItems(page)).find((i) => i.kind === 'video')!.src;

    await page.click(tid('page-video-delete-0'));
    await page.waitForSelector(tid('confirm-delete-video'));
    expect(await page.textContent(tid('confirm-delete-video'))).toContain(
      '确定删除第 1 页的视频吗？删除后可以撤销。',
    );
    await screenshot(page, 'safe-delete-video-confirm');
    await page.click(tid('confirm-delete-video-confirm'));
    await expect.poll(async () => (await stageItems(page)).some((i) => i.kind === 'video')).toBe(false);
    await expect.poll(toasts).toContain('已删除本页视频，可按 Ctrl+Z 撤销');

    // Undo: the page has its video again, the file is still on the server and the stage plays it.
    await page.locator(tid('preview-stage')).click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Control+Z');
    await expect.poll(async () => (await stageItems(page)).find((i) => i.kind === 'video')?.src).toBe(video);
    const file = path.join(server.dataDir, 'files', video.replace(/^\/files\//, '').split('?')[0]);
    expect(existsSync(file)).toBe(true);
    const fetched = await page.evaluate(
      async (url) => (await fetch(url, { cache: 'no-store' })).status,
      video,
    );
    expect(fetched).toBe(200);
    await stageReady(page);
    const drawn = await stageApi<number>(page, 'framesDrawn');
    await page.waitForTimeout(500);
    expect((await stageApi<number>(page, 'framesDrawn')) - drawn).toBeGreaterThan(3);
  }, 120_000);

  it('deleting a custom scene that projects use names them and asks again', async () => {
    const uploaded = await api.upload<string>(
      '/virtual/v1/scene/upload',
      { sizeType: '1' },
      {
        field: 'path',
        name: 'teal.png',
        type: 'image/png',
        bytes: await solidPng(1920, 1080, [20, 150, 150]),
      },
    );
    const scene = await api.post<SceneItem>('/virtual/v1/scene/insert', {
      name: '青色演播室',
      path: uploaded,
      sizeType: 1,
    });
    for (const name of ['周会', '产品介绍']) {
      const chosen = chooseScene(newDocument({ projectName: name }), { ...scene, sizeType: 1 });
      if (!chosen.ok) throw new Error(chosen.error);
      await saveDraft(chosen.value);
    }
    const other = await saveDraft(newDocument({ projectName: '另一个项目' }));
    await openEditor(other);
    await page.click(tid('library-tab-scene'));
    const card = page.locator(`${tid('scene-item')}[data-id="${scene.id}"]`);
    await card.hover();
    await card.locator(tid('scene-delete')).click();
    await page.click(tid('confirm-delete-scene-confirm'));
    await page.waitForSelector(tid('confirm-delete-in-use'));
    const text = await page.textContent(tid('confirm-delete-in-use'));
    expect(text).toContain('该背景正在被 2 个项目使用');
    expect(text).toContain('《周会》');
    expect(text).toContain('《产品介绍》');
    await screenshot(page, 'safe-delete-scene-in-use');
    // Keeping it leaves the scene in the list.
    await page.click(tid('confirm-delete-in-use-cancel'));
    await expect.poll(() => card.count()).toBe(1);
    // A second yes deletes it.
    await card.hover();
    await card.locator(tid('scene-delete')).click();
    await page.click(tid('confirm-delete-scene-confirm'));
    await page.click(tid('confirm-delete-in-use-confirm'));
    await expect.poll(() => card.count()).toBe(0);
  }, 120_000);
});
