import { beforeAll, describe, expect, it } from 'vitest';
import type { CharacterItem } from '../../src/api/library.contract';
import type { ProjectDetailData } from '../../src/api/project.contract';
import { encodeWav } from '../../src/server/adapters/media/wav';
import { voicedSignal } from '../helpers/voiceSignal';
import { photographAtLaptopSizes } from './helpers/browser';
import { SessionApi, sessionApi } from './helpers/sessionApi';
import { solidPng } from './helpers/solidArt';
import { doneVideoCard, openProjectId, waitForSpokenPages } from './helpers/screens';
import { tid, useE2eSession } from './helpers/session';

/*
 * Issue 16: the user's own presenter and private voice are offered wherever the built-in ones are.
 * 一键成片 makes a project with both, the editor speaks its pages with the private voice and the
 * video is rendered; 用 TA 做视频 starts a project with the presenter chosen. The screens are
 * photographed at 1600x900 and 1280x720 and must not overflow or show undefined.
 */

describe('own presenters and voices in the helper tools', () => {
  const { server, browser, page } = useE2eSession();
  let api: SessionApi;
  let presenter: CharacterItem;
  let voiceId: string;

  beforeAll(async () => {
    api = await sessionApi(browser, server.url);
    const sample = encodeWav(voicedSignal({ f0Hz: 120, seconds: 12 }).samples, 24_000);
    voiceId = (
      await api.upload<{ id: string }>(
        '/notice/v1/timbre/upTimb',
        { name: '我的声音', sex: '1', consent: '1' },
        { field: 'file', name: 'me.wav', type: 'audio/wav', bytes: sample },
      )
    ).id;
    presenter = await api.upload<CharacterItem>(
      '/virtual/v1/virtual/add',
      { name: '我的讲师', kind: '3' },
      { field: 'picture', name: 'me.png', type: 'image/png', bytes: await solidPng(500, 875, [40, 90, 200]) },
    );
    // Training runs in the background; wait for it without expect (this is setup, not a test).
    for (let i = 0; i < 300; i++) {
      const mine = await api.post<{ list: { id: string; pthStatus: number }[] }>('/notice/v1/timbre/list', {
        pageIndex: 1,
        pageSize: 10,
        isPublic: 2,
      });
      if (mine.list.find((v) => v.id === voiceId)?.pthStatus === 4) break;
      await new Promise((r) => setTimeout(r, 200));
    }
  }, 120_000);

  it('一键成片 makes a project with my presenter and my voice, spoken and rendered', async () => {
    await page.goto(`${server.url}/home/#/helptool`);
    await page.waitForSelector(tid('tool-script'));
    await page.click(`${tid('script-presenter')}[data-id="${presenter.id}"]`);
    await page.click(`${tid('script-voice')}[data-id="${voiceId}"]`);
    await page.fill(tid('script-text'), '大家好，这是我自己的数字人。\n\n今天用我自己的声音讲解。');
    await expect.poll(() => page.locator(tid('script-page')).count()).toBe(2);
    await photographAtLaptopSizes(page, 'issue16-helptool-own');
    await page.click(tid('script-generate'));
    await page.waitForSelector(tid('editor-topbar'), { timeout: 60_000 });
    const projectId = openProjectId(page);
    const detail = await api.post<ProjectDetailData>('/virtual/v1/userPro/detail', {
      projectId,
      original: 1,
    });
    expect(JSON.parse(detail.detail).character).toMatchObject({ uuid: presenter.id, voiceId, isPublic: 2 });

    await page.click(tid('editor-synthesise'));
    await page.click(tid('confirm-no-pdf-confirm'));
    await page.waitForSelector(tid('synthesis-dialog'));
    await waitForSpokenPages(page, 2, 120_000);
    await page.click(tid('synthesis-confirm'));
    await page.waitForSelector(tid('page-home'));
    await page.click(tid('nav-my'));
    await doneVideoCard(page).waitFor({ timeout: 180_000 });
    await photographAtLaptopSizes(page, 'issue16-my');
  }, 400_000);

  it('the editor shows the real length beside the estimate once every page is spoken', async () => {
    const projects = await api.post<{ list: { projectId: number }[] }>('/virtual/v1/userPro/list', {
      pageIndex: 1,
      pageSize: 5,
    });
    await page.goto(`${server.url}/home/#/video?videoid=${projects.list[0].projectId}`);
    await page.waitForSelector(tid('editor-spoken-time'));
    const title = (await page.getAttribute(tid('editor-total-time'), 'title')) ?? '';
    expect(title).toMatch(/^预计时长 \d+\.\d\d 分钟 · 实际 \d+\.\d\d 分钟$/);
    // The real total is the audio itself: the spoken WAVs' lengths, read from their headers.
    const detail = await api.post<ProjectDetailData>('/virtual/v1/userPro/detail', {
      projectId: projects.list[0].projectId,
    });
    const doc = JSON.parse(detail.detail) as {
      ppt: { pages: { tts: string; childList: { tts: string }[] }[] };
    };
    const clips = doc.ppt.pages.flatMap((p) => {
      const parts = p.childList.map((c) => c.tts).filter(Boolean);
      return parts.length ? parts : [p.tts];
    });
    const seconds = await page.evaluate(async (paths) => {
      let total = 0;
      for (const path of paths) {
        const bytes = new DataView(await (await fetch(path, { credentials: 'include' })).arrayBuffer());
        const byteRate = bytes.getUint32(28, true);
        // Walk the RIFF chunks to 'data' (a 'LIST' chunk may come first).
        let at = 12;
        while (at + 8 <= bytes.byteLength) {
          const id = String.fromCharCode(...[0, 1, 2, 3].map((k) => bytes.getUint8(at + k)));
          const size = bytes.getUint32(at + 4, true);
          if (id === 'data') {
            total += size / byteRate;
            break;
          }
          at += 8 + size + (size % 2);
        }
      }
      return total;
    }, clips);
    const shownMinutes = Number(/实际 (\d+\.\d\d) 分钟/.exec(title)![1]);
    expect(seconds).toBeGreaterThan(3);
    expect(Math.abs(shownMinutes * 60 - seconds)).toBeLessThanOrEqual(0.5);
    // At 1280 the chip keeps both numbers; the label gives way (the title above has it).
    await page.setViewportSize({ width: 1280, height: 720 });
    expect(await page.isVisible(tid('editor-spoken-time'))).toBe(true);
    // Toasts of the synthesis must not cover the top bar in the photographs.
    await page.waitForSelector(tid('toast'), { state: 'detached', timeout: 10_000 }).catch(() => undefined);
    await photographAtLaptopSizes(page, 'issue16-editor-spoken');
  });

  it('用 TA 做视频 on my presenter opens a new project with it chosen', async () => {
    await page.goto(`${server.url}/home/#/virtual`);
    const card = page.locator(`${tid('presenter-card')}[data-id="${presenter.id}"]`);
    await card.waitFor();
    await photographAtLaptopSizes(page, 'issue16-virtual');
    await card.locator(tid('presenter-use')).click();
    await page.waitForSelector(tid('editor-topbar'));
    const projectId = openProjectId(page);
    const detail = await api.post<ProjectDetailData>('/virtual/v1/userPro/detail', {
      projectId,
      original: 1,
    });
    expect(JSON.parse(detail.detail).character.uuid).toBe(presenter.id);
  });
});
