import { createReadStream, existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { chromium, type Browser, type Page } from 'playwright-core';
import { build } from 'vite';
import { runFfmpeg } from '../src/server/adapters/media/ffmpeg';
import { CHROMIUM, CHROMIUM_FLAGS } from '../measure/chromium';

/*
 * The PixiJS stage in Chromium (`npm run bench`, or `tsx bench/stage.ts` alone), against a plain
 * DOM page of the same scene. bench/stagePage is built once and served with the library's
 * pictures and a generated page video; each figure comes from a fresh page:
 *   - frame time (requestAnimationFrame deltas) while one sticker is dragged among 100 (10 GIFs, a
 *     playing page video, a talking presenter) and among 500 (50 GIFs);
 *   - the first full frame of the 100-sticker page (every picture and GIF loaded and drawn);
 *   - frames the stage draws in 2 s while nothing animates (PNG stickers only, no video, silent);
 *   - the longest main-thread task while 10 GIFs load (Long Tasks API: tasks of 50 ms or more).
 */

const root = path.resolve(import.meta.dirname, '..');
const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.jpg': 'image/jpeg',
  '.mp4': 'video/mp4',
};

/** Frame-time figures (ms). */
interface Frames {
  frames: number;
  median: number;
  p95: number;
}

/** Figures of the stage benchmark. */
export interface StageFigures {
  note: string;
  renderer: string;
  drag100: { pixi: Frames; dom: Frames };
  drag500: { pixi: Frames; dom: Frames };
  firstFrameMs: { pixi: number; dom: number };
  idleFramesPerSecond: number;
  /** Long Tasks API: tasks of 50 ms or more; 0 when there were none. */
  longestTaskWhileGifsLoadMs: number;
  longTasksWhileGifsLoad: number;
  /** Drawn frames per dragged pointer move: the stage draws at most one frame per change. */
  framesPerMove: number;
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return +(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(1);
};
const frames = (values: number[]): Frames => ({
  frames: values.length,
  median: quantile(values, 0.5),
  p95: quantile(values, 0.95),
});

function serve(dirs: Record<string, string>): Promise<{ server: Server; base: string }> {
  const server = createServer((req, res) => {
    const url = decodeURIComponent((req.url ?? '/').split('?')[0]);
    const prefix = Object.keys(dirs)
      .sort((a, b) => b.length - a.length)
      .find((p) => url === p || url.startsWith(p.endsWith('/') ? p : `${p}/`));
    const rel = prefix === undefined ? '' : url.slice(prefix.length) || '/index.html';
    const file = prefix === undefined ? '' : path.join(dirs[prefix], rel);
    if (!file || !file.startsWith(dirs[prefix!]) || !existsSync(file) || statSync(file).isDirectory()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': MIME[path.extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, base: `http://127.0.0.1:${(server.address() as { port: number }).port}` }),
    ),
  );
}

/** Opens the bench page and waits until every picture is loaded and drawn; returns when that was. */
async function open(browser: Browser, url: string): Promise<{ page: Page; firstFrameMs: number }> {
  const page = await browser.newPage({ viewport: { width: 1040, height: 640 } });
  await page.addInitScript(() => {
    const w = window as unknown as { longTasks: number[] };
    w.longTasks = [];
    new PerformanceObserver((list) => list.getEntries().forEach((e) => w.longTasks.push(e.duration))).observe(
      {
        type: 'longtask',
        buffered: true,
      },
    );
  });
  await page.goto(url);
  const firstFrameMs = await page.evaluate(async () => {
    const w = window as unknown as {
      bench: { mode: string; api: { loading(): number; framesDrawn(): number } | null };
    };
    for (;;) {
      if (w.bench.mode === 'dom') {
        const media = [...document.querySelectorAll('img')];
        if (media.length > 0 && media.every((i) => i.complete && i.naturalWidth > 0)) break;
      } else if (w.bench.api && w.bench.api.loading() === 0 && w.bench.api.framesDrawn() > 0) {
        // Drawn after the last load: wait for the frame that shows it.
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        if (w.bench.api.loading() === 0) break;
      }
      await new Promise((r) => requestAnimationFrame(r));
    }
    return performance.now();
  });
  return { page, firstFrameMs: Math.round(firstFrameMs) };
}

/** rAF deltas while one sticker (index `k`) is dragged in a circle for about 3 s. */
async function dragFrames(
  page: Page,
  k: number,
): Promise<{ deltas: number[]; drawn: number; moves: number }> {
  const stage = page.locator('[data-testid="bench-stage"]');
  const origin = (await stage.locator('.ps-stage-canvas').count())
    ? (await stage.locator('.ps-stage-canvas').boundingBox())!
    : (await stage.boundingBox())!;
  const item = await page.evaluate((k) => {
    const li = document.querySelector<HTMLElement>(`li[data-id="sticker:${k}"]`);
    if (li) return { x: Number(li.dataset.x), y: Number(li.dataset.y), w: Number(li.dataset.width) };
    const img = document.querySelector<HTMLElement>(`[data-sticker="${k}"]`)!;
    return { x: img.offsetLeft, y: img.offsetTop, w: img.offsetWidth };
  }, k);
  const cx = origin.x + item.x + item.w / 2;
  const cy = origin.y + item.y + item.w / 2;
  await page.evaluate(`(() => {
    window.__frames = [];
    window.__run = true;
    let last = 0;
    const tick = (now) => {
      window.__frames.push(now - last);
      last = now;
      if (window.__run) requestAnimationFrame(tick);
    };
    requestAnimationFrame((now) => { last = now; requestAnimationFrame(tick); });
  })()`);
  const before = await page.evaluate(
    () =>
      (window as unknown as { bench: { api: { framesDrawn(): number } | null } }).bench.api?.framesDrawn() ??
      0,
  );
  await page.mouse.move(cx, cy);
  await page.mouse.down();
  const moves = 180;
  for (let i = 0; i < moves; i++) {
    const a = (i / moves) * Math.PI * 2;
    await page.mouse.move(cx + Math.cos(a) * 120 - 120, cy + Math.sin(a) * 90);
    await page.waitForTimeout(16);
  }
  await page.mouse.up();
  const deltas = await page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __run: boolean };
    w.__run = false;
    return w.__frames;
  });
  const after = await page.evaluate(
    () =>
      (window as unknown as { bench: { api: { framesDrawn(): number } | null } }).bench.api?.framesDrawn() ??
      0,
  );
  return { deltas, drawn: after - before, moves };
}

/** Runs the stage benchmark and returns its figures. */
export async function stageBench(): Promise<StageFigures> {
  const work = mkdtempSync(path.join(tmpdir(), 'studio-stage-'));
  const web = path.join(work, 'web');
  const media = path.join(work, 'media');
  await build({
    root: path.join(root, 'bench/stagePage'),
    configFile: false,
    base: '/',
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir: web, emptyOutDir: true, chunkSizeWarningLimit: 4000 },
  });
  // A 640x360 page video of 6 s, as an author's screen recording would be.
  mkdirSync(media, { recursive: true });
  await runFfmpeg([
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=640x360:rate=25:duration=6',
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-pix_fmt',
    'yuv420p',
    path.join(media, 'page.mp4'),
  ]);
  const { server, base } = await serve({
    '/': web,
    '/lib': path.join(root, 'assets/library'),
    '/media': media,
  });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [...CHROMIUM_FLAGS],
  });
  const url = (q: string) => `${base}/index.html?${q}`;
  try {
    const run = async (q: string, k: number) => {
      const { page, firstFrameMs } = await open(browser, url(q));
      await page.waitForTimeout(500);
      const drag = await dragFrames(page, k);
      // Long tasks while the stage loaded its pictures and decoded its GIFs (after the app started).
      const longTasks = await page.evaluate((loadedAt) => {
        const w = window as unknown as {
          longTasks: { start: number; duration: number }[];
          bench: { readyAt: number };
        };
        return w.longTasks
          .filter((t) => t.start + t.duration > w.bench.readyAt && t.start < loadedAt)
          .map((t) => t.duration);
      }, firstFrameMs);
      const renderer = await page.evaluate(
        () =>
          (window as unknown as { bench: { api: { renderer: string } | null } }).bench.api?.renderer ?? 'dom',
      );
      await page.close();
      return { firstFrameMs, drag, longTasks, renderer };
    };
    const pixi100 = await run('mode=pixi&stickers=100&video=1&talk=1', 99);
    const dom100 = await run('mode=dom&stickers=100&video=1&talk=1', 99);
    const pixi500 = await run('mode=pixi&stickers=500&video=1&talk=1', 499);
    const dom500 = await run('mode=dom&stickers=500&video=1&talk=1', 499);

    // Idle: nothing animates (PNG stickers only, no video, silent presenter): no frame is drawn.
    const idle = await open(browser, url('mode=pixi&stickers=100&gifs=0&video=0&talk=0'));
    await idle.page.waitForTimeout(500);
    const idleFrames = await idle.page.evaluate(async () => {
      const api = (window as unknown as { bench: { api: { framesDrawn(): number } } }).bench.api;
      const before = api.framesDrawn();
      await new Promise((r) => setTimeout(r, 2000));
      return (api.framesDrawn() - before) / 2;
    });
    await idle.page.close();

    return {
      note: 'Chromium headless (--disable-gpu: software WebGL only), 960x540 stage, library stickers 70x70, presenter 小雅 talking at 10 Hz, 640x360 page video playing',
      renderer: pixi100.renderer,
      drag100: { pixi: frames(pixi100.drag.deltas), dom: frames(dom100.drag.deltas) },
      drag500: { pixi: frames(pixi500.drag.deltas), dom: frames(dom500.drag.deltas) },
      firstFrameMs: { pixi: pixi100.firstFrameMs, dom: dom100.firstFrameMs },
      idleFramesPerSecond: idleFrames,
      longestTaskWhileGifsLoadMs: Math.round(Math.max(0, ...pixi100.longTasks)),
      longTasksWhileGifsLoad: pixi100.longTasks.length,
      framesPerMove: +(pixi100.drag.drawn / pixi100.drag.moves).toFixed(2),
    };
  } finally {
    await browser.close();
    server.close();
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(JSON.stringify(await stageBench(), null, 2));
  process.exit(0);
}
