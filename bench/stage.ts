import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { build } from 'vite';
import { buildServer } from '../src/server/buildServer';
import { loadConfig } from '../src/server/config';
import {
  newDocument,
  pagesFromPdf,
  saveNarration,
  stickerMarkerHtml,
  type ProjectDocument,
} from '../src/model/project';

/*
 * The editor preview in Chromium (`npm run bench`, or `tsx bench/stage.ts` alone): frame time while
 * a sticker is dragged over a page holding 100 stickers of which 10 are GIFs, and the time from a
 * click in the page strip of a 100-page project until the preview shows that page's image.
 * The built web app is served by the real server; WEB_DIR reuses a build, else one is made in a
 * temporary directory.
 */

const root = path.resolve(import.meta.dirname, '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PAGES = 100;
const STICKERS = 100;
const GIFS = 10;
const SWITCHES = 30;

/** Figures of the stage benchmark (milliseconds). */
export interface StageFigures {
  note: string;
  dragFrameMs: { frames: number; median: number; p95: number };
  idleFrameMs: { frames: number; median: number; p95: number };
  pageSwitchMs: { switches: number; median: number; p95: number; max: number };
  /** Until the preview's img points at the new page (React commit), before the image decodes. */
  pageSwitchDomMs: { median: number; p95: number };
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return +sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))].toFixed(1);
};
const summary = (values: number[]) => ({
  median: quantile(values, 0.5),
  p95: quantile(values, 0.95),
});

async function call(base: string, url: string, body: unknown, token?: string) {
  const res = await fetch(base + url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; msg: string; data: any; token?: string }; // eslint-disable-line @typescript-eslint/no-explicit-any
  if (json.code !== 200) throw new Error(`${url}: ${json.msg}`);
  return json;
}

/**
 * A 100-page project from the 3-page fixture deck: every page its own image URL (so each switch
 * loads and decodes an image), and page 1 narrated with 100 sticker markers spread over the frame.
 */
function benchDocument(deck: { basePath: string; uuidStr: string }): ProjectDocument {
  let doc = newDocument({ projectName: 'stage bench' });
  const made = pagesFromPdf(doc, { name: 'deck.pdf', ...deck, pageCount: PAGES });
  if (!made.ok) throw new Error(made.error);
  doc = made.value;
  const markers = Array.from({ length: STICKERS }, (_, i) => {
    const gif = i % (STICKERS / GIFS) === 0;
    const n = String((i % (gif ? 12 : 26)) + 1).padStart(3, '0');
    const textureId = `${gif ? 'g' : 's'}${n}`;
    return `${i}${stickerMarkerHtml({ textureId, kind: gif ? 'gif' : 'png', id: `b${i}`, path: `/library/stickers/${textureId}.${gif ? 'gif' : 'png'}` })}`;
  });
  const saved = saveNarration(doc, 0, `贴图测试${markers.join('')}`);
  if (!saved.ok) throw new Error(saved.error);
  const pages = saved.value.ppt.pages.map((p, i) => ({
    ...p,
    img: `${deck.basePath}${deck.uuidStr}/images/${(i % 3) + 1}.png?p=${i}`,
    textureList: p.textureList.map((t, k) => ({
      ...t,
      x: (k % 10) * 86 + 10,
      y: Math.floor(k / 10) * 44 + 20,
      width: 80,
      height: 80,
    })),
  }));
  return { ...saved.value, ppt: { ...saved.value.ppt, pages } };
}

/** Frame deltas (ms) of requestAnimationFrame while `during` runs. */
async function frameDeltas(page: Page, during: () => Promise<void>): Promise<number[]> {
  // A string, not a function: tsx would wrap named inner functions in a helper the page lacks.
  await page.evaluate(`(() => {
    window.__frames = [];
    window.__run = true;
    let last = 0;
    const tick = (now) => {
      window.__frames.push(now - last);
      last = now;
      if (window.__run) requestAnimationFrame(tick);
    };
    requestAnimationFrame((now) => {
      last = now;
      requestAnimationFrame(tick);
    });
  })()`);
  await during();
  return page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __run: boolean };
    w.__run = false;
    return w.__frames;
  });
}

/** Runs the stage benchmark and returns its figures. */
export async function stageBench(): Promise<StageFigures> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'studio-stage-'));
  let webDir = process.env.WEB_DIR;
  if (!webDir) {
    webDir = path.join(dataDir, 'web');
    await build({ root, logLevel: 'warn', build: { outDir: webDir, emptyOutDir: true } });
  }
  const server = await buildServer({
    ...loadConfig({ ...process.env, DATA_DIR: dataDir, JWT_SECRET: randomBytes(32).toString('hex') }),
    webDir,
    logLevel: 'silent',
    loginRateLimit: 100_000,
  });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--no-first-run',
    ],
  });
  try {
    await server.http.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(server.http.server.address() as { port: number }).port}`;
    await server.services.accounts.createUser('stage', 'stage123456');
    const token = (await call(base, '/virtual/v1/login', { username: 'stage', password: 'stage123456' }))
      .token!;
    const projectId = (await call(base, '/virtual/v1/userPro/add', { proKind: 3 }, token)).data as number;
    const form = new FormData();
    form.append(
      'resources',
      new Blob([readFileSync(path.join(root, 'tests/fixtures/slides-zh-3p.pdf'))]),
      'deck.pdf',
    );
    const upload = await fetch(`${base}/virtual/v1/userPpt/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const { pptId } = ((await upload.json()) as { data: { pptId: number } }).data;
    let info;
    do {
      await new Promise((r) => setTimeout(r, 100));
      info = (await call(base, '/virtual/v1/userPpt/info', { pptId }, token)).data;
    } while (info.status === 'processing');
    const project = benchDocument(info);
    await call(
      base,
      '/virtual/v1/userPro/update',
      { projectId, userProjectInfo: JSON.stringify(project), original: 1, revision: 0 },
      token,
    );

    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addCookies([{ name: 'jwt', value: encodeURIComponent(token), url: base }]);
    const page = await context.newPage();
    await page.goto(`${base}/home/#/video?videoid=${projectId}`);
    const stickers = page.locator('[data-testid="preview-sticker"]');
    await page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="preview-sticker"] img').length === n,
      STICKERS,
      {
        timeout: 60_000,
      },
    );
    await page.waitForTimeout(1000);

    const idle = await frameDeltas(page, () => page.waitForTimeout(2000));
    // Drag the last sticker (on top of the others) around for about 3 s.
    const box = (await stickers.nth(STICKERS - 1).boundingBox())!;
    const drag = await frameDeltas(page, async () => {
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      for (let i = 0; i < 180; i++) {
        const a = (i / 180) * Math.PI * 2;
        await page.mouse.move(box.x - 150 + Math.cos(a) * 120, box.y - 120 + Math.sin(a) * 90);
        await page.waitForTimeout(16);
      }
      await page.mouse.up();
    });

    // Page switches: click pages 2..31 in the strip, each until its own image is decoded and shown.
    const switches: number[] = [];
    const rendered: number[] = [];
    for (let k = 1; k <= SWITCHES; k++) {
      await page.locator(`[data-testid="page-item-${k}"]`).scrollIntoViewIfNeeded();
      const [total, dom] = await page.evaluate(async (at) => {
        const started = performance.now();
        (document.querySelector(`[data-testid="page-item-${at}"]`) as HTMLElement).click();
        let rendered = 0;
        for (;;) {
          const img = document.querySelector<HTMLImageElement>('[data-testid="preview-slide"] img');
          if (img?.src.endsWith(`p=${at}`)) rendered ||= performance.now() - started;
          if (img?.src.endsWith(`p=${at}`) && img.complete && img.naturalWidth > 0) break;
          await new Promise((r) => requestAnimationFrame(r));
        }
        return [performance.now() - started, rendered];
      }, k);
      switches.push(total);
      rendered.push(dom);
    }
    return {
      note: `Chromium headless (software), ${STICKERS} stickers incl. ${GIFS} GIFs on one page; ${PAGES}-page project, images 1920 px`,
      dragFrameMs: { frames: drag.length, ...summary(drag) },
      idleFrameMs: { frames: idle.length, ...summary(idle) },
      pageSwitchMs: { switches: switches.length, ...summary(switches), max: quantile(switches, 1) },
      pageSwitchDomMs: summary(rendered),
    };
  } finally {
    await browser.close();
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(JSON.stringify(await stageBench(), null, 2));
  process.exit(0);
}
