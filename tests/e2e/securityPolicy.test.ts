import { beforeAll, describe, expect, it } from 'vitest';
import type { ProjectDetailData } from '../../src/api/project.contract';
import { newDocument, saveNarration, stickerMarkerHtml } from '../../src/model/project';
import { tid, useE2eSession } from './helpers/session';
import { sessionApi } from './helpers/sessionApi';
import { exportFrame, stageApi, stageItems, stageReady } from './helpers/stage';
import sharp from 'sharp';

/*
 * Issue 11: the app runs under its own strict Content-Security-Policy. Every browser flow fails on
 * a violation (tests/e2e/helpers/browser.ts); this one also forces the WebGL renderer, the path
 * that would need eval without pixi.js/unsafe-eval, and exports a frame from it.
 */

describe('the app under its Content-Security-Policy', () => {
  const { server, browser } = useE2eSession();
  let projectId: number;

  beforeAll(async () => {
    const api = await sessionApi(browser, server.url);
    projectId = await api.post<number>('/virtual/v1/userPro/add', { proKind: 3, distinguishability: 1 });
    const html =
      stickerMarkerHtml({ textureId: 's001', kind: 'png', id: 'a', path: '/library/stickers/s001.png' }) +
      stickerMarkerHtml({ textureId: 'g001', kind: 'gif', id: 'b', path: '/library/stickers/g001.gif' }) +
      '大家好，欢迎收看。';
    const made = saveNarration(newDocument({ projectName: '安全策略' }), 0, html);
    if (!made.ok) throw new Error(made.error);
    const detail = await api.post<ProjectDetailData>('/virtual/v1/userPro/detail', {
      projectId,
      original: 1,
    });
    await api.post('/virtual/v1/userPro/update', {
      projectId,
      userProjectInfo: JSON.stringify(made.value),
      original: 1,
      revision: detail.revision,
    });
  }, 60_000);

  it('serves the app with a policy that forbids framing, inline scripts and eval', async () => {
    const res = await fetch(`${server.url}/home/`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('referrer-policy')).toBe('same-origin');
  });

  it('draws and exports the stage on WebGL with no violation', async () => {
    const page = browser.page;
    await page.goto(`${server.url}/home/?renderer=webgl#/video?videoid=${projectId}`);
    await page.waitForSelector(`${tid('preview-stage')} ${tid('stage-item-gif')}`);
    await stageReady(page);
    expect(await stageApi<string>(page, 'renderer')).toBe('webgl');
    expect((await stageItems(page)).map((i) => i.kind)).toEqual(
      expect.arrayContaining(['background', 'card', 'sticker', 'gif']),
    );
    const png = await exportFrame(page);
    const { channels } = await sharp(png).stats();
    // A drawn frame, not a cleared one: the scene and the stickers give the picture contrast (the
    // card and the presenter's place-holder are editing aids the export leaves out).
    const range = Math.max(...channels.slice(0, 3).map((c) => c.max - c.min));
    expect(range).toBeGreaterThan(100);
    expect(browser.cspViolations).toEqual([]);
    // Closing checks the whole session once more (workers included).
    await browser.close();
  }, 120_000);
});
