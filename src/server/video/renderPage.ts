import { rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pageCues } from '../../model/speech/subtitleCues';
import { SUBTITLE_FONT_NAME, subtitleFontDir } from '../adapters/media/fonts';
import { blinkTrack, mouthTrack } from './ffconcat';
import { headSpritesDir, pruneHeadSprites, writeHeadTrack } from './headTrack';
import { heldFramesOf } from './heldPage';
import { pageFrames } from './layers/heldFrames';
import { pageArgs } from './ffmpegArgs';
import { presenterOverVideo } from './layers/pageVideo';
import type { ArmsTrack, PagePlan } from './planTypes';
import { armsOverStill, armsSprites, writeArmsTrack } from './armsTrack';
import type { MotionTimeline } from '../../model/motion';
import { filtersOnlyArgs, profiling, timed, timedFfmpeg } from './renderProfile';
import { withGifLoops } from './gifLoop';
import { withScaledVideo } from './scaledVideo';
import { writePartFiles } from './shotPartFiles';
import { pageMotion, pageMouthCues } from './speaking';
import { composeFront, composeStill, stillCacheOf, transparentLike } from './stillComposer';
import type { PageCache } from './pageCache';
import { assDocument, subtitleStyle } from './subtitles';

/*
 * One page of a render: its still, sprite tracks and subtitle script, then one ffmpeg that decodes,
 * overlays, encodes and muxes the page's sound. Run in the render's process or as a page task on
 * any worker (renderFanOut.ts).
 */

/** The page's ASS subtitle script, or null when the document has subtitles off. */
export function subtitleScript(plan: PagePlan): string | null {
  if (!plan.subtitles) return null;
  const cues = pageCues(
    plan.audio.map((a) => ({ text: a.text ?? '', durationMs: a.durationMs, words: a.words ?? [] })),
  );
  return assDocument(cues, plan.frame, subtitleStyle(plan.frame, SUBTITLE_FONT_NAME));
}

/**
 * The page's still (and with a page video that reaches the presenter, the presenter's front picture
 * over it; beside the video, the presenter is in the still). While the page shows a gesture, the
 * still is drawn with the bare torso, and the arms (armsTrack.ts) drawn into it per pose make a
 * still track; over a front, they are a track of sprites drawn on every frame. A page with shot
 * parts composes a still per framing instead (writePartFiles).
 */
async function pageStills(
  plan: PagePlan,
  prefix: string,
  motion: MotionTimeline,
  cache: PageCache,
): Promise<{ still: string; front?: string; arms?: ArmsTrack }> {
  const still = `${prefix}-still.png`;
  if (plan.parts) return { still };
  const gesture = await armsSprites({
    rig: plan.character.rig,
    motion,
    side: plan.character.pointTo ?? 'right',
    window: { fromMs: 0, lengthMs: plan.durationMs },
    box: plan.character.box,
    frame: plan.frame,
    base: `${prefix}-arms`,
  });
  const drawn = gesture ? { ...plan, character: { ...plan.character, rig: gesture.rig } } : plan;
  if (!plan.video || !presenterOverVideo(plan)) {
    // Beside a page video the body is in the background still too, drawn once.
    const view = plan.video ? { slide: null, character: plan.character.box } : undefined;
    await composeStill(drawn, still, view, cache);
    return { still: gesture ? await armsOverStill(gesture.sprites, still, cache.withExt('.pam')) : still };
  }
  // The video sits between the background and the presenter.
  await composeStill(plan, still, { slide: null, character: null }, cache);
  const front = `${prefix}-front.png`;
  await composeFront(drawn, front, undefined, cache);
  return { still, front, ...(gesture ? { arms: await writeArmsTrack(gesture.sprites) } : {}) };
}

/**
 * Where a page's encoding goes: one MP4, or the files of its segments (pageSegments.ts), cut from
 * one encoding at the frames where each segment after the first starts.
 */
export type PageOutput = string | { files: string[]; cutFrames: number[] };

export async function renderPage(
  plan: PagePlan,
  script: string | null,
  work: string,
  output: PageOutput,
  preset: string,
  signal: AbortSignal,
  onProgress: (pageMs: number) => void,
): Promise<void> {
  signal.throwIfAborted();
  // A page's segments may render side by side in one folder (pageSegments.ts).
  const prefix = path.join(work, `p${plan.index}${plan.segment ? `s${plan.segment}` : ''}`);
  const motion = pageMotion(plan);
  const stills = await stillCacheOf(work);
  const { still, front, arms } = await timed('still composition (sharp)', () =>
    pageStills(plan, prefix, motion, stills),
  );

  const cues = pageMouthCues(plan);
  const mouthFile = `${prefix}-mouth.ffconcat`;
  const openEyes = `${prefix}-open.png`;
  const blinkFile = `${prefix}-blink.ffconcat`;
  const blinks = motion.blinks;
  await timed('sprite tracks (mouth, blink)', async () => {
    await writeFile(mouthFile, mouthTrack(cues, plan.durationMs, plan.character.rig.mouths, plan.fps));
    await transparentLike(plan.character.rig.blink, openEyes);
    await writeFile(blinkFile, blinkTrack(blinks, plan.durationMs, openEyes, plan.character.rig.blink));
  });
  // A layered presenter's head: pre-composed, pre-turned sprites (headTrack.ts), cached per machine.
  const sprites = plan.character.rig.head ? headSpritesDir(work) : null;
  if (sprites) await pruneHeadSprites(sprites);
  let headFile: string | undefined;
  if (sprites && !plan.parts) {
    headFile = `${prefix}-head.ffconcat`;
    const stream = {
      fps: plan.fps,
      frames: pageFrames(plan),
      offsetMs: 0,
      motion,
      cues,
    };
    await timed('head track (sprites made or found)', () =>
      writeHeadTrack(plan.character.rig, plan.character.box, stream, sprites, headFile!),
    );
  }
  const parts = plan.parts
    ? await timed('shot-part files', () =>
        writePartFiles(plan, plan.parts!, prefix, { cues, blinks, openEyes, sprites, stills }),
      )
    : undefined;

  let subtitles = null;
  if (script !== null) {
    subtitles = { assFile: `${prefix}-subtitles.ass`, fontsDir: subtitleFontDir() };
    await timed('subtitle script', () => writeFile(subtitles!.assFile, script));
  }
  const stickers = await timed('GIF loops (made or found)', () =>
    withGifLoops(plan.stickers, prefix, stills),
  );
  const { video } = await timed('page video scaled (made or found)', () =>
    withScaledVideo(plan, prefix, stills),
  );
  const changeFrames = await heldFramesOf(
    plan,
    {
      still,
      sprites: headFile ? [headFile] : [mouthFile, blinkFile],
      movingHead: Boolean(headFile),
    },
    stickers ?? [],
    motion,
  );
  // Composing the still and the tracks takes a while: a cancel meanwhile starts no encoder.
  signal.throwIfAborted();
  const args = pageArgs(
    { ...plan, stickers, video },
    {
      still,
      mouthTrack: mouthFile,
      blinkTrack: blinkFile,
      headTrack: headFile,
      audio: plan.audio.map((a) => a.file),
      subtitles,
      output: typeof output === 'string' ? output : `${prefix}-cut-%d.mp4`,
      ...(typeof output === 'string' ? {} : { cutFrames: output.cutFrames }),
      parts,
      front,
      arms,
      ...(changeFrames ? { changeFrames } : {}),
    },
    preset,
  );
  await timedFfmpeg('page ffmpeg (decode, filters, encode, audio)', args, {
    signal,
    durationMs: plan.durationMs,
    onProgress: (p) => onProgress(Math.min(p.outTimeMs, plan.durationMs)),
  });
  if (typeof output !== 'string') await moveCuts(`${prefix}-cut-`, output.files);
  if (profiling()) {
    await timedFfmpeg('of which filters without encoding (profile run)', filtersOnlyArgs(args), { signal });
  }
}

/** The segment muxer's files (`${base}0.mp4`, ...) moved to the segments' own names, all or none. */
async function moveCuts(base: string, files: string[]): Promise<void> {
  const made = files.map((_, k) => `${base}${k}.mp4`);
  const sizeOf = (file: string) =>
    stat(file)
      .then((s) => s.size)
      .catch(() => 0);
  const sizes = await Promise.all(made.map(sizeOf));
  // A cut that fell elsewhere would make one file fewer (or an empty one): never cache such a page.
  if (sizes.includes(0) || (await sizeOf(`${base}${files.length}.mp4`)) > 0) {
    throw new Error(`page cut into the wrong number of segments (expected ${files.length})`);
  }
  await Promise.all(made.map((f, k) => rename(f, files[k])));
}
