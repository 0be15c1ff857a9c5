import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { EXPORT_FRAME, migrateDocument, type ProjectDocument } from '../../model/project';
import type { FileStore } from '../adapters/files';
import type { ProjectsRepo } from '../adapters/db/projects.repo';
import { ffmpegPath, probe } from '../adapters/media/ffmpeg';
import { subtitleFontPath } from '../adapters/media/fonts';
import type { LibraryService } from '../services/library.service';
import type { PresenterService } from '../services/presenter.service';
import { JobFailure, type JobContext, type JobHandler } from '../services/jobRunner';
import { WaitingForTasks } from '../services/jobHandler';
import type { SubTasks } from '../services/jobQueue';
import { concatArgs, concatList } from './ffconcat';
import { encoderPreset } from './encoderPreset';
import type { EncoderPreset } from './encoderSpeed';
import { PageCache, pageCacheKey } from './pageCache';
import { SharedPageCache } from './pageCacheShared';
import {
  pageTaskHandler,
  pageTasks,
  pageWorkers,
  progressText,
  RENDER_PAGE_TASK,
  runPool,
} from './renderFanOut';
import { encodedCounts, pageRuns, pageSegments, pagesDone, type PageRun } from './pageSegments';
import { renderPage, subtitleScript } from './renderPage';
import { prepareRender, type PreparedRender } from './renderPrepare';
import { joinWithSoundtrackArgs, type SoundCaches } from './soundtrack';
import {
  RENDER_SOUNDTRACK_TASK,
  renderSoundtrack,
  soundtrackResult,
  soundtrackTask,
  soundtrackTaskHandler,
} from './soundtrackTask';
import { timed, timedFfmpeg } from './renderProfile';
import { renderPaths, type PortablePaths } from './portablePaths';

export const RENDER_JOB = 'render';
/**
 * Pages rendered at once: one per core (a page's filter graph is mostly single-threaded, x264
 * fills the rest), at most 8 so memory stays bounded (about 300 MB per 1080p page).
 */
const PAGE_CONCURRENCY = Math.max(1, Math.min(8, availableParallelism()));

export interface RenderPayload {
  projectId: number;
}
export interface RenderResult {
  key: string;
  durationMs: number;
  size: number;
  width: number;
  height: number;
  pageCount: number;
  /** Pages encoded by this render (wholly or one segment of them); the others came from the page cache. */
  pagesRendered: number;
  pagesCached: number;
  /** The same counted in what was encoded apart: a page's segments (pageSegments.ts), or the page. */
  segmentsRendered: number;
  segmentsCached: number;
  /** With BullMQ: the worker that rendered each page this render encoded. */
  renderedBy?: string[];
  /** With BullMQ and music: the worker whose soundtrack task mixed the soundtrack that was joined. */
  soundtrackBy?: string;
}

/** Where a finished video of a project is stored. */
export const videoKey = (ownerId: number, projectId: number, jobId: number) =>
  `u/${ownerId}/videos/${projectId}-${jobId}.mp4`;

/**
 * The render job: reads the project's final document (export coordinates), renders every page to an
 * MP4 segment and joins them by stream copy. Work happens in a scratch folder that is always removed;
 * the video is moved into place only when complete.
 */
export function renderHandler(deps: {
  projects: ProjectsRepo;
  files: FileStore;
  library: LibraryService;
  /** Users' own presenters (我的数字人); without it only built-in presenters render. */
  presenters?: Pick<PresenterService, 'renderFiles'>;
  scratchDir: string;
  /** Rendered pages by content hash; default DATA_DIR/cache/pages beside the scratch folder. */
  cacheDir?: string;
  /** With BullMQ: where page tasks (renderFanOut.ts) are registered; ctx.fanOut hands them out. */
  pages?: SubTasks;
  /** The operator's preset (ENCODER_PRESET); absent: calibrated once on this machine. */
  encoderPreset?: EncoderPreset;
}): JobHandler {
  // Shared by every worker (through the bucket with S3), so fanned-out pages meet here.
  const pagesDir = deps.cacheDir ?? path.join(path.dirname(deps.scratchDir), 'cache', 'pages');
  const cache = new SharedPageCache(pagesDir, deps.files);
  // The soundtrack (soundtrack.ts): the decoded music stays on each machine; the pieces are shared
  // like the pages, so the pieces a soundtrack task made (BullMQ) join on any worker.
  const soundDir = path.join(path.dirname(pagesDir), 'sound');
  const paths = renderPaths(deps.files, path.dirname(deps.scratchDir));
  const sounds: SoundCaches = {
    music: new PageCache(soundDir),
    pieces: new SharedPageCache(soundDir, deps.files, undefined, 'cache/sound'),
    paths,
  };
  deps.pages?.registerTask(RENDER_PAGE_TASK, pageTaskHandler(cache, deps.scratchDir, renderPage, paths));
  deps.pages?.registerTask(RENDER_SOUNDTRACK_TASK, soundtrackTaskHandler(sounds, deps.scratchDir, paths));
  return {
    concurrency: 1,
    async run(ctx: JobContext) {
      const { projectId } = ctx.payload as RenderPayload;
      const ownerId = ctx.job.owner_id;
      const project = await deps.projects.find(ownerId, projectId);
      if (!project) throw new JobFailure('项目已删除');
      const parsed = migrateDocument(project.final_detail || '{}');
      if (!parsed.ok) throw new JobFailure('项目内容无法读取');
      await deps.projects.setComposeStatus(projectId, 'rendering');

      const work = path.join(deps.scratchDir, `render-${ctx.job.id}`);
      await rm(work, { recursive: true, force: true });
      await mkdir(work, { recursive: true });
      try {
        await cache.prune();
        // One folder: pruning the pieces (and their copies in the bucket) prunes the music too.
        await sounds.pieces.prune();
        const prepared = await timed('prepare inputs', () => prepareRender(parsed.value, ownerId, deps));
        // Measured once on this machine, then read from DATA_DIR/cache (encoderPreset.ts).
        const preset =
          deps.encoderPreset ??
          (await timed('encoder calibration', () => encoderPreset(path.dirname(deps.scratchDir))));
        const result = await renderDocument(
          parsed.value,
          prepared,
          work,
          { pages: cache, sounds, paths },
          ctx,
          preset,
        );
        const key = videoKey(ownerId, projectId, ctx.job.id);
        await timed('probe and store', () => deps.files.commit(result.file, key));
        await deps.projects.setComposeStatus(projectId, 'done');
        const { file: _file, ...rest } = result;
        return { message: '合成成功', result: { key, ...rest } satisfies RenderResult };
      } catch (error) {
        // Not a failure: the pages went out as tasks (BullMQ), and the job runs again to join them.
        if (error instanceof WaitingForTasks) throw error;
        await deps.projects.setComposeStatus(projectId, ctx.signal.aborted ? 'cancelled' : 'failed');
        throw error;
      } finally {
        await rm(work, { recursive: true, force: true });
      }
    },
  };
}

async function renderDocument(
  doc: ProjectDocument,
  prepared: PreparedRender,
  work: string,
  caches: { pages: PageCache; sounds: SoundCaches; paths: PortablePaths },
  ctx: JobContext,
  preset: string,
) {
  const cache = caches.pages;
  const frame = EXPORT_FRAME[doc.distinguishability];
  const { plans, music } = prepared;
  // What is encoded apart, cached and joined: each page, or its segments (pageSegments.ts).
  const segmented = plans.map(pageSegments);
  const units = segmented.flat();
  const totalMs = plans.reduce((sum, p) => sum + p.durationMs, 0);
  const progressMs = new Map<number, number>();
  const done = new Set<number>();
  const started = Date.now();
  const report = () => {
    const fraction = [...progressMs.values()].reduce((a, b) => a + b, 0) / totalMs;
    const page = Math.min(plans.length, pagesDone(units, done) + 1);
    void ctx
      .progress(Math.min(0.99, fraction), progressText(page, plans.length, fraction, started))
      .catch(() => undefined);
  };
  const unitFiles = units.map((u) =>
    path.join(work, `page-${u.index}${u.segment ? `-${u.segment}` : ''}.mp4`),
  );
  // Cached units first: they count as done at once, so progress and time left reflect the real work.
  const scripts = units.map(subtitleScript);
  const keys = units.map((plan, i) =>
    // Pages of another encoder build might not join by stream copy: the binary is part of the key.
    pageCacheKey(
      plan,
      scripts[i],
      [ffmpegPath(), ...(scripts[i] ? [subtitleFontPath('Medium')] : [])],
      preset,
      caches.paths,
    ),
  );
  // The join step of a fanned-out render: a page that failed for good fails it here.
  const settled = ctx.fanOut?.settled;
  const taskWorkers =
    settled &&
    pageWorkers(
      settled,
      units.map((plan, i) => ({ plan, key: keys[i] })),
    );
  const renderedBy = taskWorkers?.filter((w): w is string => w !== null);
  // With music on BullMQ the soundtrack is a task beside the pages (soundtrackTask.ts).
  const mix = music ? { file: music, volume: doc.bgMusicVolume } : null;
  const soundTask = mix && soundtrackTask(plans, mix, keys, caches.paths);
  const mixed = settled && soundTask ? soundtrackResult(settled, soundTask) : undefined;
  const missing: number[] = [];
  for (const [i, plan] of units.entries()) {
    if (await timed('page cache', () => cache.take(keys[i], unitFiles[i]))) {
      progressMs.set(i, plan.durationMs);
      done.add(i);
    } else missing.push(i);
  }
  report();
  if (ctx.fanOut && !settled && missing.length > 0) {
    // BullMQ: each missing page becomes a child task that any worker takes; this run ends here and
    // the job runs again (settled) to join them from the shared page cache.
    const cachedMs = [...progressMs.values()].reduce((a, b) => a + b, 0);
    const pagesBefore = pagesDone(units, done);
    ctx.fanOut.waitFor(RENDER_PAGE_TASK, [
      ...(soundTask ? [soundTask] : []),
      ...pageTasks(
        missing.map((i) => ({ plan: units[i], script: scripts[i], key: keys[i] })),
        preset,
        {
          baseMs: cachedMs,
          totalMs,
          pagesBefore,
          pageCount: plans.length,
          taskCount: missing.length,
          startedAt: started,
        },
        caches.paths,
      ),
    ]);
  }
  // Two pages at a time: the filter chain of one ffmpeg is largely single-threaded, so a second
  // page keeps both cores busy while the other encodes.
  // One failed page stops its sibling at once instead of letting it encode into a removed folder.
  const stop = new AbortController();
  const onCancel = () => stop.abort(ctx.signal.reason);
  ctx.signal.addEventListener('abort', onCancel, { once: true });
  // A cancel while the page cache was read came before the listener: it stops the pages too.
  if (ctx.signal.aborted) onCancel();
  // With music the whole soundtrack is mixed and encoded meanwhile, from the pages' audio inputs
  // (at a join step: joined from the pieces the soundtrack task made).
  const soundtrack = mix
    ? renderSoundtrack(plans, mix, work, caches.sounds, AbortSignal.any([stop.signal, ctx.signal]), mixed)
    : null;
  soundtrack?.catch((error: unknown) => stop.abort(error));
  // In this process (the job table), or on every worker as page tasks (BullMQ).
  const renderHere = async ({ plan, units: made, cutFrames }: PageRun) => {
    const output = cutFrames.length
      ? { files: made.map((i) => unitFiles[i]), cutFrames }
      : unitFiles[made[0]];
    // A page encoded whole reports its segments' progress in turn, on the page clock.
    const startsMs = [0, ...cutFrames.map((n) => (n * 1000) / plan.fps)];
    // A unit alone has its script already; a whole page's is its segments' on the page clock.
    const script = cutFrames.length ? subtitleScript(plan) : scripts[made[0]];
    await renderPage(plan, script, work, output, preset, stop.signal, (pageMs) => {
      made.forEach((i, k) =>
        progressMs.set(i, Math.max(0, Math.min(units[i].durationMs, pageMs - startsMs[k]))),
      );
      report();
    });
    for (const i of made) {
      // A page that cannot be cached (disk full) is still a rendered page.
      await timed('page cache', () => cache.put(keys[i], unitFiles[i])).catch(() => undefined);
      progressMs.set(i, units[i].durationMs);
      done.add(i);
    }
    report();
  };
  // In this process: every missing page with the job table; with BullMQ only at the join step,
  // a page the tasks left out of the cache (it was pruned meanwhile).
  const rendering = runPool(pageRuns(segmented, plans, missing), PAGE_CONCURRENCY, renderHere);
  await rendering
    .catch((error: unknown) => {
      stop.abort(error);
      throw error;
    })
    .finally(() => ctx.signal.removeEventListener('abort', onCancel));

  const list = path.join(work, 'pages.ffconcat');
  await writeFile(list, concatList(unitFiles));
  const file = path.join(work, 'video.mp4');
  const sound = await soundtrack;
  if (sound) {
    await timedFfmpeg('join pages (concat)', joinWithSoundtrackArgs(list, sound.file, file), {
      signal: ctx.signal,
    });
  } else await timedFfmpeg('join pages (concat)', concatArgs(list, file), { signal: ctx.signal });
  const info = await timed('probe and store', () => probe(file));
  return {
    file,
    durationMs: info.durationMs,
    size: (await stat(file)).size,
    ...frame,
    pageCount: plans.length,
    ...encodedCounts(
      units,
      units.map((_, i) => missing.includes(i) || Boolean(taskWorkers?.[i])),
    ),
    ...(renderedBy ? { renderedBy } : {}),
    ...(sound?.by ? { soundtrackBy: sound.by } : {}),
  };
}
