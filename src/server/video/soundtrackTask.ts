import { createHash, randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { SubTaskHandler } from '../services/jobQueue';
import { JobFailure, type FanOutTask, type SettledTasks } from '../services/jobHandler';
import { identity } from './pageCache';
import type { PagePlan } from './planTypes';
import { cacheSoundtrack, cachedSoundtrack, writeSoundtrack, type SoundCaches } from './soundtrack';
import type { PortablePaths } from './portablePaths';

/*
 * With BullMQ a render's soundtrack with background music is a child task of its own, beside its
 * page tasks: any worker mixes it while the pages render, storing its pieces in the shared sound
 * cache, and the render's join step joins those pieces. Made from the pages' narration and video
 * sound, not from rendered pages (soundtrack.ts), it needs no page to be finished.
 */

/** The sub-task that mixes a render's soundtrack with background music, on whichever worker takes it. */
export const RENDER_SOUNDTRACK_TASK = 'render.soundtrack';

/** What a soundtrack task carries: the render's page plans and its music. */
export interface SoundtrackTask {
  /** For the heartbeat. */
  name: 'soundtrack';
  plans: PagePlan[];
  music: { file: string; volume: number };
}

/** What a soundtrack task reports back: who mixed it, and its pieces' keys in the sound cache. */
export interface SoundtrackTaskResult {
  worker: string;
  pieces: string[];
}

/** The soundtrack task's handler: makes the pieces the shared sound cache lacks, in a scratch folder. */
export function soundtrackTaskHandler(
  caches: SoundCaches,
  scratchDir: string,
  paths: PortablePaths,
): SubTaskHandler {
  return {
    async run(data, ctx): Promise<SoundtrackTaskResult> {
      // Plans and music name their files portably (soundtrackTask): this machine's files here.
      const task = await paths.local(data as SoundtrackTask);
      const work = path.join(scratchDir, `sound-${ctx.parentId}-${randomBytes(4).toString('hex')}`);
      await mkdir(work, { recursive: true });
      try {
        // No tally: the render's progress counts its pages (which page of how many).
        const pieces = await cacheSoundtrack(task.plans, task.music, work, caches, ctx.signal);
        ctx.progress(1);
        return { worker: ctx.workerId, pieces } satisfies SoundtrackTaskResult;
      } finally {
        await rm(work, { recursive: true, force: true });
      }
    },
  };
}

/**
 * The soundtrack task of a render (the first step adds it before its page tasks, so a worker takes
 * it first: it is the longest serial piece of work). Its id changes with the pages and the music,
 * so a render that runs its first step again joins the task already there.
 */
export function soundtrackTask(
  plans: PagePlan[],
  music: { file: string; volume: number },
  pageKeys: string[],
  paths: PortablePaths,
): FanOutTask {
  const id = createHash('sha256')
    .update(JSON.stringify([pageKeys, identity(music.file), music.volume]))
    .digest('hex')
    .slice(0, 12);
  const data: SoundtrackTask = paths.portable({ name: 'soundtrack', plans, music });
  return { id: `soundtrack-${id}`, kind: RENDER_SOUNDTRACK_TASK, data };
}

/**
 * The join step's reading of the settled soundtrack task: one that failed on every attempt fails
 * the render; otherwise what it made (undefined when the render added no such task).
 */
export function soundtrackResult(settled: SettledTasks, task: FanOutTask): SoundtrackTaskResult | undefined {
  if (settled.failures.has(task.id)) throw new JobFailure('背景音乐合成失败，请稍后重试');
  return settled.results.get(task.id) as SoundtrackTaskResult | undefined;
}

/**
 * The render's soundtrack in `work`: joined from the pieces its task made (BullMQ), or, without
 * such a task or when one of its pieces was pruned meanwhile, mixed here (with the job table
 * beside the pages). `by` names the worker whose pieces were joined.
 */
export async function renderSoundtrack(
  plans: PagePlan[],
  music: { file: string; volume: number },
  work: string,
  caches: SoundCaches,
  signal: AbortSignal,
  made: SoundtrackTaskResult | undefined,
): Promise<{ file: string; by?: string }> {
  const joined = made && (await cachedSoundtrack(made.pieces, work, caches.pieces));
  if (joined) return { file: joined, by: made.worker };
  return { file: await writeSoundtrack(plans, music, work, caches, signal) };
}
