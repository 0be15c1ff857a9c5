import { createHash } from 'node:crypto';
import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ffmpegPath } from '../adapters/media/ffmpeg';
import { identity, type PageCache } from './pageCache';
import type { PagePlan } from './planTypes';
import type { PortablePaths } from './portablePaths';
import { timedFfmpeg } from './renderProfile';
import {
  keptPackets,
  pieceArgs,
  pieceGraph,
  runPiece,
  soundPieces,
  type SoundPiece,
} from './soundtrackPieces';

/*
 * The whole video's soundtrack when it has background music (issue 15). It is made from what the
 * pages' sound is made of, the narration clips and the page videos' sound, each page padded or cut
 * to its length, not from the rendered pages: so it needs no page to be finished and is made
 * while the pages render. It is made of per-page pieces (soundtrackPieces.ts), each encoded once
 * and cached by what it depends on, then joined as one AAC stream; the join copies both the pages'
 * video and this sound. An edit that keeps the pages' lengths re-encodes only the edited page's
 * piece and its neighbours'; one that changes a page's length moves the music under every later
 * page, so their pieces are encoded again too.
 */

/** Bump when a piece's sound changes in a way its graph and inputs do not show. */
const PIECE_VERSION = 1;

const hash = (value: unknown) =>
  createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 40);

/**
 * The music decoded once to raw 48 kHz stereo float samples, cached by the music file's identity:
 * pieces then start anywhere in it exactly and cheaply. Answers the file and its length in samples.
 */
async function decodedMusic(music: string, work: string, cache: PageCache, signal: AbortSignal) {
  const key = `music-${hash([PIECE_VERSION, identity(music), identity(ffmpegPath())])}`;
  const wav = path.join(work, 'music.f32');
  if (!(await cache.take(key, wav))) {
    const args = ['-y', '-i', music, '-vn', '-ar', '48000', '-ac', '2', '-f', 'f32le', wav];
    await timedFfmpeg('music pass', args, { signal });
    await cache.put(key, wav).catch(() => undefined);
  }
  return { wav, samples: Math.floor((await stat(wav)).size / 8) };
}

/** The cache key of a piece: its graph (times, volume, ducking) and its input files by identity. */
function pieceKey(piece: SoundPiece, graph: string, music: string, paths?: PortablePaths): string {
  const files = piece.pages.flatMap(({ plan }) => [
    ...plan.audio.map((a) => a.file),
    ...(plan.video?.sound ? [plan.video.file] : []),
  ]);
  return `sound-${hash([PIECE_VERSION, graph, piece.first, piece.last, [...files, music, ffmpegPath()].map((f) => identity(f, paths))])}`;
}

interface SoundContext {
  plans: PagePlan[];
  volume: number;
  music: string;
  wav: string;
  samples: number;
}

/**
 * Encodes pieces next to each other in one ffmpeg pass (one process and one music start for
 * the run) and cuts the encoding into the pieces' files, each cached under its own key.
 */
async function encodeRun(
  run: { piece: SoundPiece; key: string; file: string }[],
  ctx: SoundContext,
  work: string,
  cache: PageCache,
  signal: AbortSignal,
): Promise<void> {
  const span = runPiece(
    ctx.plans,
    run.map((r) => r.piece),
  );
  const name = path.basename(run[0].file, '.aac');
  const graphFile = path.join(work, `${name}.filtergraph`);
  const encoded = path.join(work, `${name}-encoded.aac`);
  await writeFile(graphFile, pieceGraph(span, ctx.plans, ctx.volume, ctx.samples));
  await timedFfmpeg('music pass', pieceArgs(span, ctx.wav, graphFile, encoded), { signal });
  const bytes = await readFile(encoded);
  for (const { piece, key, file } of run) {
    await writeFile(file, keptPackets(piece, bytes, span.from));
    await cache.put(key, file).catch(() => undefined);
  }
}

/** Joins the pages' video (ffconcat `listFile`) with the soundtrack (ADTS), both copied. */
export function joinWithSoundtrackArgs(listFile: string, soundtrack: string, output: string): string[] {
  return [
    '-y',
    '-f', 'concat', '-safe', '0', '-i', listFile,
    '-i', soundtrack,
    '-map', '0:v', '-map', '1:a', '-c', 'copy', '-bsf:a', 'aac_adtstoasc',
    '-movflags', '+faststart', '-f', 'mp4', output,
  ]; // prettier-ignore
}

/** Where a soundtrack's parts are cached: the decoded music (this machine) and the pieces (shared). */
export interface SoundCaches {
  music: PageCache;
  /** Shared by every worker (with S3 through the bucket), so a piece one worker made joins on any. */
  pieces: PageCache;
  /** Names the pieces' input files alike on every machine (portablePaths.ts), for the same keys. */
  paths?: PortablePaths;
}

/**
 * Puts every piece of the soundtrack of `plans` with `music` in the folder `work`, from
 * `caches.pieces` where they are there, the missing ones encoded (and cached) in runs of
 * neighbours, one after another (the pages render beside them on every core). Answers the pieces'
 * files and cache keys, in order.
 */
async function soundtrackPieces(
  plans: PagePlan[],
  music: { file: string; volume: number },
  work: string,
  caches: SoundCaches,
  signal: AbortSignal,
): Promise<{ key: string; file: string }[]> {
  const { wav, samples } = await decodedMusic(music.file, work, caches.music, signal);
  const ctx = { plans, volume: music.volume, music: music.file, wav, samples };
  const pieces = soundPieces(plans).map((piece, k) => ({
    piece,
    key: pieceKey(piece, pieceGraph(piece, plans, music.volume, samples), music.file, caches.paths),
    file: path.join(work, `sound-${k}.aac`),
  }));
  let run: typeof pieces = [];
  for (const p of pieces) {
    if (await caches.pieces.take(p.key, p.file)) {
      if (run.length) await encodeRun(run, ctx, work, caches.pieces, signal);
      run = [];
    } else run.push(p);
  }
  if (run.length) await encodeRun(run, ctx, work, caches.pieces, signal);
  return pieces.map(({ key, file }) => ({ key, file }));
}

/** The pieces' files as one ADTS soundtrack in `work`; answers its file. */
async function joinPieces(files: string[], work: string): Promise<string> {
  const output = path.join(work, 'soundtrack.aac');
  await writeFile(output, Buffer.concat(await Promise.all(files.map((f) => readFile(f)))));
  return output;
}

/**
 * Writes the soundtrack of `plans` with `music` in the folder `work` as one ADTS file, its
 * pieces from the cache where they are there; answers the file.
 */
export async function writeSoundtrack(
  plans: PagePlan[],
  music: { file: string; volume: number },
  work: string,
  caches: SoundCaches,
  signal: AbortSignal,
): Promise<string> {
  const pieces = await soundtrackPieces(plans, music, work, caches, signal);
  return joinPieces(
    pieces.map((p) => p.file),
    work,
  );
}

/**
 * Makes the pieces of the soundtrack that the cache lacks (a render's soundtrack task, any worker)
 * and answers the keys of all of them, in order: the render joins them with cachedSoundtrack.
 */
export async function cacheSoundtrack(
  plans: PagePlan[],
  music: { file: string; volume: number },
  work: string,
  caches: SoundCaches,
  signal: AbortSignal,
): Promise<string[]> {
  return (await soundtrackPieces(plans, music, work, caches, signal)).map((p) => p.key);
}

/**
 * The soundtrack joined from the pieces cached under `keys` (what cacheSoundtrack answered), as one
 * ADTS file in `work`; null when one of them is no longer in the cache (pruned meanwhile).
 */
export async function cachedSoundtrack(
  keys: string[],
  work: string,
  cache: PageCache,
): Promise<string | null> {
  const files = keys.map((_, k) => path.join(work, `sound-${k}.aac`));
  for (const [k, key] of keys.entries()) if (!(await cache.take(key, files[k]))) return null;
  return joinPieces(files, work);
}
