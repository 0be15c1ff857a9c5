import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

/*
 * The PixiJS stage seen from a browser test: its items come from the list the stage keeps for
 * screen readers (boxes in preview units, straight from the scene model); presses go to the
 * canvas at the screen point of a preview-unit position, as a person's pointer would.
 */

export interface StageItemView {
  kind: string;
  id: string;
  index: number;
  x: number;
  y: number;
  width: number;
  height: number;
  dimmed: boolean;
  selected: boolean;
  src: string;
}

const stageSel = (testId: string) => `[data-testid="${testId}"]`;

/** The items the stage `testId` shows, in drawing order. */
export async function stageItems(page: Page, testId = 'preview-stage'): Promise<StageItemView[]> {
  return page.locator(`${stageSel(testId)} .ps-stage-items li`).evaluateAll((lis) =>
    lis.map((li) => {
      const d = (li as HTMLElement).dataset;
      return {
        kind: (d.testid ?? '').replace('stage-item-', ''),
        id: d.id ?? '',
        index: Number(d.index),
        x: Number(d.x),
        y: Number(d.y),
        width: Number(d.width),
        height: Number(d.height),
        dimmed: d.dimmed === 'true',
        selected: d.selected === 'true',
        src: d.src ?? '',
      };
    }),
  );
}

/** The item `id` of the stage (throws when it is not shown). */
export async function stageItem(page: Page, id: string, testId = 'preview-stage'): Promise<StageItemView> {
  const item = (await stageItems(page, testId)).find((i) => i.id === id);
  if (!item) throw new Error(`no stage item ${id}`);
  return item;
}

/** The canvas holder's screen box and its scale (CSS px per preview unit). */
export async function stageGeometry(page: Page, testId = 'preview-stage') {
  const holder = page.locator(`${stageSel(testId)} .ps-stage-canvas`);
  const box = (await holder.boundingBox())!;
  const scale = Number(await holder.getAttribute('data-scale'));
  return { box, scale, at: (x: number, y: number) => ({ x: box.x + x * scale, y: box.y + y * scale }) };
}

/** Waits until the stage has started, loaded every picture and drawn them. */
export async function stageReady(page: Page, testId = 'preview-stage'): Promise<void> {
  const holder = `${stageSel(testId)} .ps-stage-canvas`;
  await page.waitForSelector(`${holder}[data-ready="true"]`);
  await page.waitForFunction((sel) => {
    const api = (document.querySelector(sel) as HTMLElement & { stageApi?: { loading(): number } }).stageApi;
    return api?.loading() === 0;
  }, holder);
  // Two animation frames: the last texture's frame has been drawn.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/** Presses at preview-unit point `from` and drags to `to` in small steps (a blocked step keeps the last box). */
export async function dragOnStage(
  page: Page,
  from: { x: number; y: number },
  to: { x: number; y: number },
  opts: { steps?: number; shift?: boolean; testId?: string } = {},
): Promise<void> {
  const g = await stageGeometry(page, opts.testId);
  const a = g.at(from.x, from.y);
  const b = g.at(to.x, to.y);
  await page.mouse.move(a.x, a.y);
  if (opts.shift) await page.keyboard.down('Shift');
  await page.mouse.down();
  const steps = opts.steps ?? 10;
  for (let i = 1; i <= steps; i++)
    await page.mouse.move(a.x + ((b.x - a.x) * i) / steps, a.y + ((b.y - a.y) * i) / steps);
  await page.mouse.up();
  if (opts.shift) await page.keyboard.up('Shift');
}

/** Clicks the stage at a preview-unit point. */
export async function clickOnStage(
  page: Page,
  at: { x: number; y: number },
  testId = 'preview-stage',
): Promise<void> {
  const g = await stageGeometry(page, testId);
  const p = g.at(at.x, at.y);
  await page.mouse.click(p.x, p.y);
}

/** The centre of an item, in preview units. */
export const centre = (i: { x: number; y: number; width: number; height: number }) => ({
  x: i.x + i.width / 2,
  y: i.y + i.height / 2,
});

/** Calls the stage's API in the page (see StageApi in src/render/pixi/Stage.tsx). */
export function stageApi<T>(
  page: Page,
  read: 'face' | 'framesDrawn' | 'loading' | 'textures' | 'renderer',
  testId = 'preview-stage',
): Promise<T> {
  return page.evaluate(
    ({ sel, read }) => {
      const api = (document.querySelector(sel) as HTMLElement & { stageApi?: Record<string, unknown> })
        .stageApi;
      if (!api) throw new Error('the stage has not started');
      const v = api[read];
      return typeof v === 'function' ? (v as () => unknown)() : v;
    },
    { sel: `${stageSel(testId)} .ps-stage-canvas`, read },
  ) as Promise<T>;
}

/** The mouth shapes the presenter shows over `ms`, sampled every 40 ms (a 25 fps frame). */
export async function mouthShapesOver(page: Page, ms: number, testId = 'preview-stage'): Promise<string[]> {
  const seen: string[] = [];
  const end = Date.now() + ms;
  while (Date.now() < end) {
    seen.push((await stageApi<{ shape: string }>(page, 'face', testId)).shape);
    await page.waitForTimeout(40);
  }
  return seen;
}

/** Clicks 导出当前画面 and answers the downloaded PNG (also saved at `saveAs` when given). */
export async function exportFrame(page: Page, saveAs?: string): Promise<Buffer> {
  const download = page.waitForEvent('download');
  await page.click('[data-testid="preview-export"]');
  const file = await download;
  const target = saveAs ?? (await file.path());
  if (saveAs) await file.saveAs(saveAs);
  return readFileSync(target);
}
