import { mouthBox, eyesBox } from './renderPlan';
import type { Box, PagePlan } from './planTypes';
import { stickerChains, stickerInputs } from './stickers';
import { subtitlesFilter } from './subtitles';
import { joinParts, partFrames } from './transitions';
import { inputCount, ownPresenterChain, ownPresenterInput } from './ownPresenterLayer';

/**
 * Encoder settings shared by every page, so pages join without re-encoding. veryfast is chosen by
 * a measured table (bench/presets.ts, in the README): on page-like content (a still with a moving
 * mouth) it is the fastest preset per core and also gives the smallest files; slower presets cost
 * up to 20% speed without making files smaller. ultrafast is much larger and is never used.
 */
export const VIDEO_CODEC = ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '21', '-pix_fmt', 'yuv420p'];
export const AUDIO_CODEC = ['-c:a', 'aac', '-b:a', '128k', '-ar', '48000', '-ac', '2'];

const sec = (ms: number) => (ms / 1000).toFixed(3);

/**
 * ffmpeg arguments for one page: the pre-composed still (decoded once, looped in memory), the mouth
 * and blink tracks overlaid at the rig's anchors, subtitles burned in last (over the presenter),
 * the page audio padded to the page length.
 */
export function pageArgs(
  plan: PagePlan,
  files: {
    still: string;
    mouthTrack: string;
    blinkTrack: string;
    audio: string[];
    /** The page's ASS script and the only folder its font may come from; null: no subtitles. */
    subtitles?: { assFile: string; fontsDir: string } | null;
    output: string;
    /** One still and mouth/blink track per shot part, when the plan has parts. */
    parts?: PartFiles[];
    /**
     * Pages with a video: the presenter body alone on a transparent frame, drawn over the video
     * (`still` then holds only the background).
     */
    front?: string;
  },
): string[] {
  if (plan.parts && files.parts) return partedPageArgs(plan, { ...files, parts: files.parts });
  if (plan.video && files.front) return videoPageArgs(plan, { ...files, front: files.front });
  const { box, rig } = plan.character;
  const mouth = mouthBox(rig, box);
  const eyes = eyesBox(rig, box);
  const fps = plan.fps;
  const subtitles = files.subtitles
    ? `,${subtitlesFilter(files.subtitles.assFile, files.subtitles.fontsDir)}`
    : '';
  const inputs = [
    '-i', files.still,
    '-f', 'concat', '-safe', '0', '-i', files.mouthTrack,
    '-f', 'concat', '-safe', '0', '-i', files.blinkTrack,
    ...files.audio.flatMap((a) => ['-i', a]),
    ...stickerInputs(plan.stickers ?? []),
  ]; // prettier-ignore
  const own = ownLayer(plan, inputs, `[v1][e]overlay=${eyes.x}:${eyes.y}:eof_action=repeat`);
  const audioIn = files.audio.map((_, i) => `[${i + 3}:a]`).join('');
  const audioChain = files.audio.length
    ? `${audioIn}concat=n=${files.audio.length}:v=0:a=1,aresample=48000,apad[a]`
    : `anullsrc=r=48000:cl=stereo[a]`;
  const graph = [
    // Convert the still to YUV once, then loop the converted frame: converting after the loop
    // would redo a 1080p colour conversion on every frame (measured: half the speed).
    `[0:v]format=yuv420p,loop=loop=-1:size=1:start=0,setpts=N/${fps}/TB[bg]`,
    `[1:v]fps=${fps},scale=${mouth.width}:${mouth.height}[m]`,
    `[2:v]fps=${fps},scale=${eyes.width}:${eyes.height}[e]`,
    `[bg][m]overlay=${mouth.x}:${mouth.y}:eof_action=repeat[v1]`,
    ...own.chains,
    ...finishVideo(plan, own.head, 3 + files.audio.length, `format=yuv420p${subtitles}`),
    audioChain,
  ].join(';');
  return encodePage(inputs, graph, fps, plan.durationMs, files.output);
}

/**
 * A user's presenter that moves by itself (ownPresenterLayer.ts): its input is appended to
 * `inputs` and its chains draw it over `head`'s result; `head` is returned as is without one.
 */
function ownLayer(plan: PagePlan, inputs: string[], head: string): { chains: string[]; head: string } {
  const own = plan.character.own;
  if (!own) return { chains: [], head };
  const input = inputCount(inputs);
  inputs.push(...ownPresenterInput(own));
  return {
    chains: [
      `${head}[ownbase]`,
      ownPresenterChain(own, {
        plan,
        input,
        base: 'ownbase',
        out: 'owned',
        box: plan.character.box,
        durationMs: plan.durationMs,
        prefix: 'own',
      }),
    ],
    head: '[owned]null',
  };
}

/**
 * The end of a page's video chain: `head` (the last sprite overlay), then the overlaid stickers
 * (inputs from `firstSticker`), then `tail` (pixel format and subtitles, so text stays on top)
 * into [v]. Without overlaid stickers the chain is exactly `head,tail[v]` as before stickers
 * existed, so such pages keep their cache keys.
 */
function finishVideo(plan: PagePlan, head: string, firstSticker: number, tail: string): string[] {
  const chains = stickerChains(plan.stickers ?? [], firstSticker, '[vs]', '[vz]');
  if (!chains) return [`${head},${tail}[v]`];
  return [`${head}[vs]`, ...chains, `[vz]${tail}[v]`];
}

/** Even pixel size (yuv420p overlays) that stays inside the box, at least 2. */
const evenPx = (v: number) => Math.max(2, Math.floor(v / 2) * 2);

/**
 * The video of a page scaled inside `box` keeping its aspect, letterboxed in black (as the
 * preview's object-fit: contain), at the page fps, played once and then holding its last frame.
 */
export function pageVideoChain(
  input: string,
  box: Box,
  fps: number,
  holdMs: number,
  label: string,
  /** Only this stretch of page time (a shot part), restarting at 0. */
  window?: { startMs: number; durationMs: number },
): string {
  const w = evenPx(box.width);
  const h = evenPx(box.height);
  const cut = window
    ? `,trim=start=${sec(window.startMs)}:duration=${sec(window.durationMs)},setpts=PTS-STARTPTS`
    : '';
  return (
    `${input}setpts=PTS-STARTPTS,fps=${fps},` +
    `scale=${w}:${h}:force_original_aspect_ratio=decrease,setsar=1,` +
    `pad=${w}:${h}:(ow-iw)/2:(oh-ih)/2:color=black,format=yuv420p,` +
    `tpad=stop_mode=clone:stop_duration=${sec(holdMs)}${cut}${label}`
  );
}

/** The video's sound under the narration (narration at full level, the video quieter). */
export const VIDEO_SOUND_VOLUME = 0.35;

/**
 * The page audio graph: the narration clips (inputs from `first`) in order, padded; with the
 * input index of a page video whose sound is on, that sound mixed beneath at VIDEO_SOUND_VOLUME.
 */
function mixedAudio(clips: number, first: number, videoInput: number | null): string[] {
  const audioIn = Array.from({ length: clips }, (_, i) => `[${i + first}:a]`).join('');
  const narration = clips
    ? `${audioIn}concat=n=${clips}:v=0:a=1,aresample=48000,apad`
    : `anullsrc=r=48000:cl=stereo`;
  if (videoInput === null) return [`${narration}[a]`];
  return [
    `${narration},aformat=sample_fmts=fltp:channel_layouts=stereo[n]`,
    `[${videoInput}:a]aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo,volume=${VIDEO_SOUND_VOLUME},apad[va]`,
    // amerge + pan sums at exact gains (amix of this ffmpeg always rescales its inputs).
    `[n][va]amerge=inputs=2,pan=stereo|c0=c0+c2|c1=c1+c3[a]`,
  ];
}

/**
 * A page with a video: the background still, the video at the slide box, the presenter body over
 * it, then mouth, eyes and subtitles as on any page. The narration runs unchanged; the video's
 * sound (unless muted) is mixed beneath it.
 */
function videoPageArgs(plan: PagePlan, files: Parameters<typeof pageArgs>[1] & { front: string }): string[] {
  const video = plan.video!;
  const { box, rig } = plan.character;
  const mouth = mouthBox(rig, box);
  const eyes = eyesBox(rig, box);
  const fps = plan.fps;
  const subtitles = files.subtitles
    ? `,${subtitlesFilter(files.subtitles.assFile, files.subtitles.fontsDir)}`
    : '';
  const inputs = [
    '-i', files.still,
    '-i', files.front,
    '-f', 'concat', '-safe', '0', '-i', files.mouthTrack,
    '-f', 'concat', '-safe', '0', '-i', files.blinkTrack,
    '-i', video.file,
    ...files.audio.flatMap((a) => ['-i', a]),
    ...stickerInputs(plan.stickers ?? []),
  ]; // prettier-ignore
  const own = ownLayer(plan, inputs, `[v2][e]overlay=${eyes.x}:${eyes.y}:eof_action=repeat`);
  const audioChains = mixedAudio(files.audio.length, 5, video.sound ? 4 : null);
  const vx = Math.round(video.box.x);
  const vy = Math.round(video.box.y);
  const graph = [
    `[0:v]format=yuv420p,loop=loop=-1:size=1:start=0,setpts=N/${fps}/TB[bg]`,
    `[1:v]format=yuva420p,loop=loop=-1:size=1:start=0,setpts=N/${fps}/TB[fg]`,
    pageVideoChain('[4:v]', video.box, fps, plan.durationMs, '[pv]'),
    `[2:v]fps=${fps},scale=${mouth.width}:${mouth.height}[m]`,
    `[3:v]fps=${fps},scale=${eyes.width}:${eyes.height}[e]`,
    `[bg][pv]overlay=${vx}:${vy}:eof_action=repeat[v0]`,
    `[v0][fg]overlay=0:0:eof_action=repeat[v1]`,
    `[v1][m]overlay=${mouth.x}:${mouth.y}:eof_action=repeat[v2]`,
    ...own.chains,
    ...finishVideo(plan, own.head, 5 + files.audio.length, `format=yuv420p${subtitles}`),
    ...audioChains,
  ].join(';');
  return encodePage(inputs, graph, fps, plan.durationMs, files.output);
}

/** The files of one shot part: its composed still and its own mouth and blink tracks (part time). */
export interface PartFiles {
  still: string;
  mouthTrack: string;
  blinkTrack: string;
  /** Pages with a video: the presenter body in this framing, drawn over the video (none when hidden). */
  front?: string;
}

/**
 * A page with shot tags: each part loops its own still for its whole frames, with the mouth and
 * the eyes overlaid where its framing puts the character (none when the character is hidden); the
 * parts are joined with a short crossfade ending at each segment boundary (transitions.ts), then
 * stickers and subtitles are drawn over the whole page and the audio runs unchanged beneath.
 */
function partedPageArgs(
  plan: PagePlan,
  files: Parameters<typeof pageArgs>[1] & { parts: PartFiles[] },
): string[] {
  const parts = plan.parts ?? [];
  const { rig } = plan.character;
  const fps = plan.fps;
  const video = plan.video;
  const inputs: string[] = [];
  const chains: string[] = [];
  let n = 0;
  parts.forEach((part, k) => {
    const f = files.parts[k];
    // A part's stream starts at its lead: the frames that fade in over the previous framing.
    const frames = partFrames(part, fps);
    const fromMs = part.startMs - (part.leadMs ?? 0);
    const still = n++;
    inputs.push('-i', f.still);
    let bg = `[${still}:v]format=yuv420p,loop=loop=-1:size=1:start=0,setpts=N/${fps}/TB,trim=end_frame=${frames},setsar=1`;
    if (video && part.slide) {
      // The page video in this part's framing: its own decode, cut to the part's time.
      const v = n++;
      inputs.push('-i', video.file);
      chains.push(
        pageVideoChain(`[${v}:v]`, part.slide, fps, plan.durationMs, '', {
          startMs: fromMs,
          durationMs: (frames * 1000) / fps,
        }) + `[pv${k}]`,
        `${bg}[vb${k}]`,
        `[vb${k}][pv${k}]overlay=${Math.round(part.slide.x)}:${Math.round(part.slide.y)}:eof_action=repeat[vo${k}]`,
      );
      bg = `[vo${k}]null`;
    }
    if (video && f.front) {
      const front = n++;
      inputs.push('-i', f.front);
      chains.push(
        `[${front}:v]format=yuva420p,loop=loop=-1:size=1:start=0,setpts=N/${fps}/TB,trim=end_frame=${frames}[fg${k}]`,
        `${bg}[fb${k}]`,
        `[fb${k}][fg${k}]overlay=0:0:eof_action=repeat[fo${k}]`,
      );
      bg = `[fo${k}]null`;
    }
    if (!part.character) {
      chains.push(`${bg}[p${k}]`);
      return;
    }
    const mouth: Box = mouthBox(rig, part.character);
    const eyes: Box = eyesBox(rig, part.character);
    const m = n++;
    const e = n++;
    inputs.push(
      '-f',
      'concat',
      '-safe',
      '0',
      '-i',
      f.mouthTrack,
      '-f',
      'concat',
      '-safe',
      '0',
      '-i',
      f.blinkTrack,
    );
    chains.push(
      `${bg}[b${k}]`,
      `[${m}:v]fps=${fps},scale=${mouth.width}:${mouth.height}[m${k}]`,
      `[${e}:v]fps=${fps},scale=${eyes.width}:${eyes.height}[e${k}]`,
      `[b${k}][m${k}]overlay=${mouth.x}:${mouth.y}:eof_action=repeat[o${k}]`,
    );
    const own = plan.character.own;
    if (!own) {
      chains.push(`[o${k}][e${k}]overlay=${eyes.x}:${eyes.y}:eof_action=repeat,format=yuv420p[p${k}]`);
      return;
    }
    // The presenter's own motion, on this part's clock and in this part's framing.
    const src = n++;
    inputs.push(...ownPresenterInput(own));
    chains.push(
      `[o${k}][e${k}]overlay=${eyes.x}:${eyes.y}:eof_action=repeat[q${k}]`,
      ownPresenterChain(own, {
        plan,
        input: src,
        base: `q${k}`,
        out: `r${k}`,
        box: part.character,
        fromMs,
        durationMs: (frames * 1000) / fps,
        prefix: `own${k}`,
      }),
      `[r${k}]format=yuv420p[p${k}]`,
    );
  });
  const subtitles = files.subtitles
    ? `,${subtitlesFilter(files.subtitles.assFile, files.subtitles.fontsDir)}`
    : '';
  // The video's sound comes from one more input of the file, after the narration clips.
  const soundInput = video?.sound ? n + files.audio.length : null;
  const audioChains = mixedAudio(files.audio.length, n, soundInput);
  const firstSticker = n + files.audio.length + (soundInput === null ? 0 : 1);
  const joined = joinParts(parts, fps);
  const graph = [
    ...chains,
    ...joined.chains,
    ...finishVideo(plan, joined.head, firstSticker, `format=yuv420p${subtitles}`),
    ...audioChains,
  ].join(';');
  const allInputs = [
    ...inputs,
    ...files.audio.flatMap((a) => ['-i', a]),
    ...(soundInput === null || !video ? [] : ['-i', video.file]),
    ...stickerInputs(plan.stickers ?? []),
  ];
  return encodePage(allInputs, graph, fps, plan.durationMs, files.output);
}

/** The common tail of every page command: one graph with [v] and [a] out, encoded for joining. */
function encodePage(
  inputs: string[],
  graph: string,
  fps: number,
  durationMs: number,
  output: string,
): string[] {
  return [
    '-y',
    ...inputs,
    '-filter_complex', graph,
    '-map', '[v]', '-map', '[a]',
    '-r', String(fps),
    '-t', sec(durationMs),
    ...VIDEO_CODEC, ...AUDIO_CODEC,
    '-f', 'mp4', output,
  ]; // prettier-ignore
}
