import { finishPicture } from './layers/finishPicture';
import { holdable, holdChanges } from './layers/heldFrames';
import { pageAudio } from './layers/pageAudio';
import { partedPicture } from './layers/partedPicture';
import { wholePicture } from './layers/wholePicture';
import { inputCount, ownPresenterInput, ownPresenterOver } from './ownPresenterLayer';
import type { PageFiles, PagePlan } from './planTypes';
import { stickerInputs } from './stickers';

/**
 * Encoder settings shared by every page, so pages join without re-encoding. The preset is the one
 * measured fastest on the rendering machine (encoderPreset.ts); it is part of the arguments and so
 * of the page cache key, and pages of another preset are never joined with these.
 */
export const videoCodec = (preset: string) => [
  '-c:v',
  'libx264',
  '-preset',
  preset,
  '-crf',
  '21',
  '-pix_fmt',
  'yuv420p',
];
/** The preset of pages rendered without a calibration (argument tests, the baselines). */
export const DEFAULT_PRESET = 'veryfast';
/**
 * AAC at 128 kb/s with the bundled encoder's fast coder: about a third of the default (twoloop)
 * coder's CPU time on narration over music (issue 15: 0.52 s against 1.44 s for 78 s of the bench's
 * speech and music, files the same size, waveform SNR 41 dB against 32 dB).
 */
export const AUDIO_CODEC = ['-c:a', 'aac', '-aac_coder', 'fast', '-b:a', '128k', '-ar', '48000', '-ac', '2'];

const sec = (ms: number) => (ms / 1000).toFixed(3);

/**
 * ffmpeg arguments for one page, one graph built bottom to top from the layers in ./layers: the
 * picture (the page still, with a page video the video and the presenter body over the
 * background, the mouth and blink tracks at the rig's anchors; with shot tags one such picture per
 * framing, crossfaded), the presenter's own motion, the overlaid stickers, the subtitles burned in
 * last, and the narration padded to the page length with the video's sound beneath it (none on a
 * silent page).
 * Inputs: the picture's, the narration clips, the video's sound, the stickers, the own presenter.
 */
export function pageArgs(plan: PagePlan, files: PageFiles, preset: string = DEFAULT_PRESET): string[] {
  const parts = plan.parts && files.parts;
  const held = holdable(plan) ? files.changeFrames : undefined;
  const picture = parts ? partedPicture(plan, parts) : wholePicture(plan, { ...files, changeFrames: held });
  // A silent page (the soundtrack with music replaces its sound) reads no audio and encodes none.
  const clips = plan.silent ? 0 : files.audio.length;
  const narrationAt = inputCount(picture.inputs);
  const sound = plan.silent ? undefined : picture.sound;
  const soundInputs = sound && 'file' in sound ? ['-i', sound.file] : [];
  const soundAt = sound && 'file' in sound ? narrationAt + clips : (sound?.input ?? null);
  const stickers = plan.stickers ?? [];
  const stickerAt = narrationAt + clips + inputCount(soundInputs);
  const stickerArgs = stickerInputs(stickers);
  // With shot parts the own presenter is in each part; else drawn once over the whole picture.
  const own = parts ? undefined : plan.character.own;
  const ownChains = own
    ? ownPresenterOver(picture.head, own, {
        plan,
        input: stickerAt + inputCount(stickerArgs),
        base: 'ownbase',
        out: 'owned',
        box: plan.character.box,
        durationMs: plan.durationMs,
        prefix: 'own',
      })
    : [];
  const graph = [
    ...picture.chains,
    ...ownChains,
    ...finishPicture(
      own ? '[owned]null' : picture.head,
      stickers,
      stickerAt,
      files.subtitles,
      holdChanges(held, plan.fps),
    ),
    ...(plan.silent
      ? []
      : pageAudio(
          plan.audio.slice(0, clips).map((a) => a.durationMs),
          narrationAt,
          soundAt,
        )),
  ].join(';');
  const inputs = [
    ...picture.inputs,
    ...files.audio.slice(0, clips).flatMap((a) => ['-i', a]),
    ...soundInputs,
    ...stickerArgs,
    ...(own ? ownPresenterInput(own) : []),
  ];
  return [
    '-y',
    // One filter thread: the page's filters work on small sprites, where slice threads cost more in
    // handing work over than they save, and two pages already run at once (issue 15: 4-9% less
    // CPU per page in an in-render A/B of the bench project's pages, mostly system time).
    '-filter_complex_threads', '1',
    ...inputs,
    '-filter_complex', graph,
    '-map', '[v]', ...(plan.silent ? [] : ['-map', '[a]']),
    '-r', String(plan.fps),
    '-t', sec(plan.durationMs),
    ...videoCodec(preset), ...(plan.silent ? ['-an'] : AUDIO_CODEC),
    ...outputArgs(files),
  ]; // prettier-ignore
}

/**
 * One MP4, or with `cutFrames` the page's segments' MP4s (`output` then a `%d` pattern): a key
 * frame forced at each cut and the segment muxer starting a file there, each file laid out as a
 * segment encoded alone (its B-frame delay in its own edit list, not shifted by the whole page's,
 * hence `-avoid_negative_ts disabled`), so any of them joins by copy with segments rendered apart.
 */
function outputArgs(files: PageFiles): string[] {
  const cuts = files.cutFrames;
  if (!cuts?.length) return ['-f', 'mp4', files.output];
  return [
    '-force_key_frames', `expr:${cuts.map((n) => `eq(n,${n})`).join('+')}`, '-forced-idr', '1',
    '-avoid_negative_ts', 'disabled',
    '-f', 'segment', '-segment_format', 'mp4', '-segment_frames', cuts.join(','),
    '-reset_timestamps', '1', files.output,
  ]; // prettier-ignore
}
