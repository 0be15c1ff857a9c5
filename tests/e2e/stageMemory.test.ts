import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ProjectDetailData } from '../../src/api/project.contract';
import { newDocument, saveNarration, stickerMarkerHtml, type ProjectDocument } from '../../src/model/project';
import { sessionApi } from './helpers/sessionApi';

import { stageItems, stageReady } from './helpers/stage';
import { tid, useE2eSession } from './helpers/session';

/*
 * Issue 10: the stage's textures have one owner. Twenty projects, each with its own scene, stickers
 * and a GIF, are opened one after another in the editor and closed; while a project is open the
 * stage holds only what that page shows, and once every editor is closed no texture and no pixel
 * byte is left.
 */

const PROJECTS = 20;
const SCENES = ['office', 'classroom', 'studio', 'meeting-room', 'study'];

interface Totals {
  images: number;
  gifs: number;
  textures: number;
  bytes: number;
}

const NOTHING_HELD: Totals = { images: 0, gifs: 0, textures: 0, bytes: 0 };

/** Loads so far by address (textureStore.ts). */
const loads = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { presenterStageLoads?(): Record<string, number> }).presenterStageLoads?.() ?? {},
  );

/** What the stage's texture store holds; nothing before the first stage screen loads it (router.tsx). */
const totals = (page: Page) =>
  page.evaluate(
    (nothing) =>
      (window as unknown as { presenterStageTextures?(): Totals }).presenterStageTextures?.() ?? nothing,
    NOTHING_HELD,
  );

describe('textures are given back when projects close', () => {
  const { server, browser, page } = useE2eSession();
  const ids: number[] = [];

  beforeAll(async () => {
    const api = await sessionApi(browser, server.url);
    for (let k = 0; k < PROJECTS; k++) {
      const id = await api.post<number>('/virtual/v1/userPro/add', { proKind: 3, distinguishability: 1 });
      const sticker = (n: number) => `s${String(((k + n) % 26) + 1).padStart(3, '0')}`;
      const gif = `g${String((k % 12) + 1).padStart(3, '0')}`;
      const html =
        stickerMarkerHtml({
          textureId: sticker(0),
          kind: 'png',
          id: 'a',
          path: `/library/stickers/${sticker(0)}.png`,
        }) +
        '你好。' +
        stickerMarkerHtml({
          textureId: sticker(1),
          kind: 'png',
          id: 'b',
          path: `/library/stickers/${sticker(1)}.png`,
        }) +
        stickerMarkerHtml({ textureId: gif, kind: 'gif', id: 'c', path: `/library/stickers/${gif}.gif` }) +
        '再见。';
      const made = saveNarration(newDocument({ projectName: `内存${k}` }), 0, html);
      if (!made.ok) throw new Error(made.error);
      const scene = SCENES[k % SCENES.length];
      const doc: ProjectDocument = {
        ...made.value,
        scene: {
          ...made.value.scene,
          path: `/library/scenes/${scene}.jpg`,
          icon: `/library/scenes/${scene}.jpg`,
        },
      };
      const detail = await api.post<ProjectDetailData>('/virtual/v1/userPro/detail', {
        projectId: id,
        original: 1,
      });
      await api.post('/virtual/v1/userPro/update', {
        projectId: id,
        userProjectInfo: JSON.stringify(doc),
        original: 1,
        revision: detail.revision,
      });
      ids.push(id);
    }
  }, 120_000);

  it(`opens and closes ${PROJECTS} projects and ends with nothing held`, async () => {
    await page.goto(`${server.url}/home/#/`);
    await page.waitForSelector(tid('page-home'));
    expect(await totals(page)).toMatchObject(NOTHING_HELD);
    const open: Totals[] = [];
    const loadedTwice: string[] = [];
    for (const id of ids) {
      const before = await loads(page);
      await page.goto(`${server.url}/home/#/video?videoid=${id}`);
      await page.waitForSelector(`${tid('preview-stage')} [data-id="sticker:2"]`);
      await stageReady(page);
      expect((await stageItems(page)).filter((i) => i.kind === 'gif')).toHaveLength(1);
      open.push(await totals(page));
      for (const [url, n] of Object.entries(await loads(page)))
        if (n - (before[url] ?? 0) > 1) loadedTwice.push(url);
      // Back home: the editor closes (it is never kept alive), and its stage lets go.
      await page.goto(`${server.url}/home/#/`);
      await page.waitForSelector(tid('page-home'));
      await expect.poll(() => totals(page)).toMatchObject(NOTHING_HELD);
    }
    // Opening a project loads each picture once: the Pixi tree never went back to the first props
    // it was given (latestProps.ts), which dropped the textures in use and loaded them again.
    expect(loadedTwice).toEqual([]);
    // While open, a project held its scene, its two stickers and its GIF's frames: no more.
    for (const t of open) {
      expect(t.images).toBe(3);
      expect(t.gifs).toBe(1);
    }
  }, 300_000);
});
