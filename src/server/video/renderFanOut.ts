import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { SubTaskHandler } from '../services/jobQueue';
import { JobFailure, type FanOutTask, type SettledTasks } from '../services/jobHandler';
import type { PageCache } from './pageCache';
import type { PagePlan } from './planTypes';
import type { PortablePaths } from './portablePaths';

/** The sub-task that renders one page of a render on whichever worker takes it. */
export const RENDER_PAGE_TASK = 'render.page';

/** How often a page task writes its parent's progress on the parent's row. */
const PARENT_REPORT_MS = 1000;

/** What a page needs to report its render's progress: the render's totals when it fanned out. */
export interface FanOutProgress {
  /** Length of the pages the cache already held, and of the whole video. */
  baseMs: number;
  totalMs: number;
  pagesBefore: number;
  pageCount: number;
  /** The tasks of the render: pages, or segments of pages (pageSegments.ts), still to encode. */
  taskCount: number;
  /** When the render started, for the time left. */
  startedAt: number;
}

/** What a page task carries: everything needed to encode the page, no database or project reads. */
export interface PageTask {
  /** For the heartbeat: `page 3`. */
  name: string;
  plan: PagePlan;
  script: string | null;
  /** The page cache key the parent will look the page up by. */
  key: string;
  /** The parent's x264 preset: every page of one video must be encoded alike to join by copy. */
  preset: string;
  progress: FanOutProgress;
}

/** What a page task reports back: who rendered it. */
export interface PageTaskResult {
  worker: string;
}

/** Renders one page to `output` (renderJob.ts's renderPage, handed in to keep imports one way). */
export type PageRenderer = (
  plan: PagePlan,
  script: string | null,
  work: string,
  output: string,
  preset: string,
  signal: AbortSignal,
  onProgress: (pageMs: number) => void,
) => Promise<void>;

/**
 * The page task's handler: encodes the page in a scratch folder of its own and stores it in the
 * page cache under the parent's key. The cache is the hand-over: every worker shares it (through
 * DATA_DIR, or the bucket with S3), so the parent's join step finds pages other machines rendered,
 * and any later render of the same page, by any worker, reuses them. While the parent waits, its
 * pages are the ones that report its progress (the tally of every page's encoded time).
 */
export function pageTaskHandler(
  cache: PageCache,
  scratchDir: string,
  renderPage: PageRenderer,
  paths: PortablePaths,
): SubTaskHandler {
  return {
    async run(data, ctx): Promise<PageTaskResult> {
      // The plan names its files portably (pageTasks): here they become this machine's files.
      const task = { ...(data as PageTask), plan: await paths.local((data as PageTask).plan) };
      const work = path.join(
        scratchDir,
        `page-${ctx.parentId}-${task.plan.index}-${randomBytes(4).toString('hex')}`,
      );
      const { durationMs } = task.plan;
      let reported = 0;
      const report = async (pageMs: number) => {
        reported = Date.now();
        const sums = await ctx.tally(pageMs, durationMs);
        const { baseMs, totalMs, pageCount, startedAt } = task.progress;
        const fraction = (baseMs + sums.done) / totalMs;
        const page = pageInWork(task.progress, sums.complete);
        await ctx.parentProgress(fraction, progressText(page, pageCount, fraction, startedAt));
      };
      await mkdir(work, { recursive: true });
      try {
        const output = path.join(work, 'page.mp4');
        await renderPage(task.plan, task.script, work, output, task.preset, ctx.signal, (ms) => {
          ctx.progress(Math.min(1, ms / durationMs));
          if (Date.now() - reported >= PARENT_REPORT_MS) void report(ms).catch(() => undefined);
        });
        await cache.put(task.key, output);
        await report(durationMs).catch(() => undefined);
        return { worker: ctx.workerId };
      } finally {
        await rm(work, { recursive: true, force: true });
      }
    },
  };
}

/**
 * The page a fanned-out render is at once `complete` of its tasks are done. Tasks may be segments
 * of pages (pageSegments.ts): the pages left are counted by the share of the tasks done.
 */
export function pageInWork(progress: FanOutProgress, complete: number): number {
  const { pagesBefore, pageCount, taskCount } = progress;
  const finished = Math.floor((complete * (pageCount - pagesBefore)) / Math.max(1, taskCount));
  return Math.min(pageCount, pagesBefore + finished + 1);
}

/** The page tasks of a render's missing pages (the parent's first step hands them to FanOut.waitFor). */
export function pageTasks(
  pages: { plan: PagePlan; script: string | null; key: string }[],
  preset: string,
  progress: FanOutProgress,
  paths: PortablePaths,
): FanOutTask[] {
  return pages.map((p) => ({
    id: pageTaskId(p),
    data: {
      name: `page ${p.plan.index}`,
      // Files named against roots every machine has (portablePaths.ts): the worker may be another.
      plan: paths.portable(p.plan),
      script: p.script,
      key: p.key,
      preset,
      progress,
    } satisfies PageTask,
  }));
}

/**
 * The join step's reading of the settled page tasks: a page that failed on every attempt (on any
 * worker) fails the render, naming the page; otherwise answers, for each of `pages`, the worker
 * whose task rendered it, or null where no task did (it came from the cache).
 */
export function pageWorkers(
  settled: SettledTasks,
  pages: { plan: PagePlan; key: string }[],
): (string | null)[] {
  const failed = pages.find((p) => settled.failures.has(pageTaskId(p)));
  if (failed) throw new JobFailure(`第${failed.plan.index}页合成失败，请稍后重试`);
  return pages.map((p) => (settled.results.get(pageTaskId(p)) as PageTaskResult | undefined)?.worker ?? null);
}

const pageTaskId = (p: { plan: PagePlan; key: string }) => `page-${p.plan.index}-${p.key.slice(0, 12)}`;

/** The progress line the screens show: `正在合成第 3/10 页，预计剩余 40 秒`. */
export function progressText(page: number, pages: number, fraction: number, started: number): string {
  const elapsed = (Date.now() - started) / 1000;
  const left = fraction > 0.02 ? Math.round((elapsed / fraction) * (1 - fraction)) : null;
  return `正在合成第 ${page}/${pages} 页${left === null ? '' : `，预计剩余 ${left} 秒`}`;
}

/** Runs `work` over the items with at most `limit` at once; the first failure stops the rest. */
export async function runPool<T>(items: T[], limit: number, work: (item: T, index: number) => Promise<void>) {
  let next = 0;
  let failed = false;
  const lane = async () => {
    while (!failed && next < items.length) {
      const i = next++;
      try {
        await work(items[i], i);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  // Every lane settles before the pool answers: a render that failed or was cancelled removes its
  // work folder next, and a lane still composing a page would write into it again.
  const lanes = await Promise.allSettled(Array.from({ length: Math.min(limit, items.length) }, lane));
  const failure = lanes.find((l): l is PromiseRejectedResult => l.status === 'rejected');
  if (failure) throw failure.reason;
}
