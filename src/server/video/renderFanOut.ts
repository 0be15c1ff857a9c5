import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { SubTaskFailed, type SubTaskHandler, type SubTasks } from '../services/jobQueue';
import { JobFailure } from '../services/jobHandler';
import type { PageCache } from './pageCache';
import type { PagePlan } from './planTypes';

/** The sub-task that renders one page of a render on whichever worker takes it. */
export const RENDER_PAGE_TASK = 'render.page';

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
 * DATA_DIR), so the parent joins pages that other machines rendered, and any later render of the
 * same page, by any worker, reuses them.
 */
export function pageTaskHandler(
  cache: PageCache,
  scratchDir: string,
  renderPage: PageRenderer,
): SubTaskHandler {
  return {
    async run(data, ctx): Promise<PageTaskResult> {
      const task = data as PageTask;
      const work = path.join(
        scratchDir,
        `page-${ctx.parentId}-${task.plan.index}-${randomBytes(4).toString('hex')}`,
      );
      await mkdir(work, { recursive: true });
      try {
        const output = path.join(work, 'page.mp4');
        await renderPage(task.plan, task.script, work, output, task.preset, ctx.signal, (ms) =>
          ctx.progress(Math.min(1, ms / task.plan.durationMs)),
        );
        await cache.put(task.key, output);
        return { worker: ctx.workerId };
      } finally {
        await rm(work, { recursive: true, force: true });
      }
    },
  };
}

/**
 * Renders the missing pages on the workers (one task per page) and places each one, taken from
 * the page cache, at its file. Answers which worker rendered each page.
 */
export async function renderPagesOnWorkers(
  tasks: SubTasks,
  parentId: number,
  pages: { plan: PagePlan; script: string | null; key: string; file: string }[],
  preset: string,
  cache: PageCache,
  signal: AbortSignal,
  onProgress: (page: number, pageMs: number) => void,
): Promise<string[]> {
  const results = (await tasks
    .runAll(
      RENDER_PAGE_TASK,
      parentId,
      pages.map((p) => ({
        id: `page-${p.plan.index}-${p.key.slice(0, 12)}`,
        data: {
          name: `page ${p.plan.index}`,
          plan: p.plan,
          script: p.script,
          key: p.key,
          preset,
        } satisfies PageTask,
      })),
      { signal, onProgress: (i, fraction) => onProgress(i, fraction * pages[i].plan.durationMs) },
    )
    .catch((error: unknown) => {
      // A page that failed on every attempt (on any worker) fails the render, naming the page.
      if (error instanceof SubTaskFailed)
        throw new JobFailure(`第${pages[error.index].plan.index}页合成失败，请稍后重试`);
      throw error;
    })) as PageTaskResult[];
  for (const p of pages) {
    if (!(await cache.take(p.key, p.file))) {
      throw new Error(`page ${p.plan.index} was rendered but is not in the page cache`);
    }
  }
  return results.map((r) => r.worker);
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
