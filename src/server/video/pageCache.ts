import { createHash, randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import { copyFile, link, mkdir, readdir, rename, rm, stat, utimes } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_PRESET, pageArgs } from './ffmpegArgs';
import { presenterOverVideo } from './layers/pageVideo';
import type { ArmFiles, PagePlan } from './planTypes';
import type { PortablePaths } from './portablePaths';

/**
 * Bump when the page picture changes in a way the inputs below do not show (still composition,
 * sprite placement rules): every cached page is then rendered again. 2: the layered head from
 * pre-turned sprites in angle steps, mouth cues on the first frame at or after their time. 3: the
 * hand gestures (a still track of the still per torso pose). 4: the arms as a part of their own,
 * an overlay track over the bare torso while a stretch has a gesture. 5: GIFs from a loop track
 * decoded as the stage decodes them (gifLoop.ts). 6: every clip lasts whole frames, and each
 * segment moves on its own clock (pageSegments.ts).
 */
export const PAGE_RENDER_VERSION = 6;

/** Size and age limits of the page cache, applied when a render starts. */
export interface PageCacheLimits {
  maxBytes: number;
  maxAgeMs: number;
}
export const DEFAULT_CACHE_LIMITS: PageCacheLimits = { maxBytes: 5 * 1024 ** 3, maxAgeMs: 14 * 86_400_000 };

/**
 * A file's identity for the cache: path, size and modification time (content is not read). With
 * `paths`, the path is its portable name (portablePaths.ts), and a file of the app's own folder
 * counts by its content instead of its mtime (installs differ in their mtimes).
 */
export function identity(file: string, paths?: PortablePaths): string {
  // A binary found on PATH (FFMPEG_PATH=ffmpeg) has no path to stat: its name stands for it.
  const s = statSync(file, { throwIfNoEntry: false });
  if (!s) return file;
  if (!paths) return `${file}|${s.size}|${Math.round(s.mtimeMs)}`;
  return `${paths.name(file)}|${s.size}|${paths.contentHash(file) ?? Math.round(s.mtimeMs)}`;
}

/**
 * The cache key of a page: everything it shows and sounds like. The plan carries the boxes, frame,
 * fps, duration, mouth cues and words; the ffmpeg arguments (with placeholder paths) carry the
 * filter graph and encoder settings; the blink times derive from duration and page number, both in
 * the plan; the subtitle script carries the cue text, timing and style. Files enter by identity.
 */
export function pageCacheKey(
  plan: PagePlan,
  subtitleScript: string | null,
  extraFiles: string[] = [],
  preset: string = DEFAULT_PRESET,
  /** Names files against roots every machine has (portablePaths.ts): the same key on each. */
  paths?: PortablePaths,
): string {
  const files = [
    plan.background,
    plan.slide?.file,
    plan.character.rig.body,
    plan.character.rig.blink,
    plan.character.rig.head?.file,
    plan.character.rig.whole?.body,
    ...armFiles(plan.character.rig.arms),
    ...armFiles(plan.character.rig.whole?.arms),
    ...Object.values(plan.character.rig.mouths),
    ...plan.audio.map((a) => a.file),
    plan.video?.file,
    ...(plan.stickers ?? []).map((s) => s.file),
    ...extraFiles,
  ].filter((f): f is string => Boolean(f));
  const layered = Boolean(plan.character.rig.head);
  const named = paths ? paths.portable(plan) : plan;
  const args = pageArgs(
    named,
    {
      still: 'still',
      mouthTrack: 'mouth',
      blinkTrack: 'blink',
      // renderPage writes a head track for a layered rig (per part when the page has parts).
      headTrack: layered && !plan.parts ? 'head' : undefined,
      audio: plan.audio.map((_, i) => `audio${i}`),
      subtitles: subtitleScript === null ? null : { assFile: 'ass', fontsDir: 'fonts' },
      output: 'out',
      // The parts (framing boxes, times) are in the plan; their graph enters through these args.
      parts: plan.parts?.map((_, k) => ({
        still: `still${k}`,
        mouthTrack: `mouth${k}`,
        blinkTrack: `blink${k}`,
        ...(layered && plan.parts?.[k].character ? { headTrack: `head${k}` } : {}),
        ...(plan.video && plan.parts?.[k].character ? { front: `front${k}` } : {}),
      })),
      front: presenterOverVideo(plan) ? 'front' : undefined,
    },
    preset,
  );
  return createHash('sha256')
    .update(
      JSON.stringify([
        PAGE_RENDER_VERSION,
        named,
        args,
        subtitleScript,
        files.map((f) => identity(f, paths)),
      ]),
    )
    .digest('hex')
    .slice(0, 40);
}

/**
 * Rendered pages by key under one folder. Entries appear atomically (written beside, then renamed),
 * so a killed render never leaves a half page behind; a hit refreshes the entry's mtime, which is
 * what pruning orders by (least recently used first).
 */
export class PageCache {
  constructor(
    readonly dir: string,
    private readonly limits: PageCacheLimits = DEFAULT_CACHE_LIMITS,
    /** The entries' file extension (pages are MP4; the still cache keeps PNGs). */
    private readonly ext = '.mp4',
  ) {}

  private entry(key: string) {
    return path.join(this.dir, `${key}${this.ext}`);
  }

  /** The same folder and limits for entries of another kind (pruned together with these). */
  withExt(ext: string): PageCache {
    return new PageCache(this.dir, this.limits, ext);
  }

  /** Puts the cached page `key` at `dest` (hard link, or copy across devices); false on a miss. */
  async take(key: string, dest: string): Promise<boolean> {
    const file = this.entry(key);
    try {
      await placeFile(file, dest);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
    const now = new Date();
    await utimes(file, now, now).catch(() => undefined);
    return true;
  }

  /** Stores a finished page under `key`. */
  async put(key: string, file: string): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const temp = path.join(this.dir, `.tmp-${randomBytes(6).toString('hex')}${this.ext}`);
    try {
      await placeFile(file, temp);
      await rename(temp, this.entry(key));
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  /**
   * `prune`, unless this process pruned the same folder within the last hour: for caches that
   * every page fills (head sprites, stills), where a prune per page would list the folder each time.
   */
  async pruneHourly(now = Date.now()): Promise<void> {
    if (now - (prunedAt.get(this.dir) ?? -Infinity) < 3_600_000) return;
    prunedAt.set(this.dir, now);
    await this.prune(now);
  }

  /** Removes entries unused for longer than the age limit, then the oldest beyond the size cap. */
  async prune(now = Date.now()): Promise<{ removed: number; bytes: number }> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch {
      return { removed: 0, bytes: 0 };
    }
    const entries = [];
    for (const name of names) {
      const file = path.join(this.dir, name);
      const s = await stat(file).catch(() => null);
      if (!s) continue;
      // Leftovers of a render killed between copy and rename.
      if (name.startsWith('.tmp-')) {
        if (now - s.mtimeMs > 3_600_000) await rm(file, { force: true });
        continue;
      }
      entries.push({ file, size: s.size, used: s.mtimeMs });
    }
    entries.sort((a, b) => b.used - a.used);
    let bytes = 0;
    let removed = 0;
    for (const e of entries) {
      if (now - e.used > this.limits.maxAgeMs || bytes + e.size > this.limits.maxBytes) {
        await rm(e.file, { force: true });
        removed++;
      } else bytes += e.size;
    }
    return { removed, bytes };
  }
}

/** When this process last pruned each cache folder (PageCache.pruneHourly). */
const prunedAt = new Map<string, number>();

/** Links `from` to `to` (no copy on the same file system), copying when a link is impossible. */
async function placeFile(from: string, to: string): Promise<void> {
  await rm(to, { force: true });
  try {
    await link(from, to);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw error;
    await copyFile(from, to);
  }
}

/** The files of a rig's limb parts (the bare torso, every arms and hands picture). */
const armFiles = (arms: ArmFiles | undefined) =>
  arms ? [arms.bare, ...Object.values(arms.pictures), ...Object.values(arms.hands)] : [];
