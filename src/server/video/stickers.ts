import type { Texture } from '../../model/project';
import { stickerStartMs } from '../../model/motion';
import { overlayAt } from './layers/picture';
import type { Box, PageAudio, PlannedSticker, StickerFile } from './planTypes';

/*
 * Stickers and GIFs of a page (spec 3 "Texture on a page") in the render. A texture appears at the
 * start of its child segment and stays until the page ends, at its export box, in every framing (a
 * sticker belongs to the page, not to the slide or the presenter).
 *
 * What costs nothing per frame goes into the page still: a PNG shown for the whole page that does
 * not touch the mouth or the eyes (sprites drawn over the still would cover it). Everything else,
 * timed PNGs and every GIF, is an ffmpeg overlay drawn after the presenter and before subtitles.
 */

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * The page's textures as planned stickers, in list order (later ones on top). `animated` are the
 * boxes where sprites move (mouth and eyes in every framing of the page); `baking` is false on
 * pages whose still lies under a video, where every sticker has to be an overlay.
 */
export function planStickers(
  textures: Texture[],
  fileOf: (texture: Texture) => StickerFile,
  timing: { audio: PageAudio[]; durationMs: number; fps: number },
  animated: Box[],
  baking: boolean,
): PlannedSticker[] {
  return textures.map((t) => {
    const box = {
      x: Math.round(t.x),
      y: Math.round(t.y),
      width: Math.max(1, Math.round(t.width)),
      height: Math.max(1, Math.round(t.height)),
    };
    const file = fileOf(t);
    const startMs = stickerStartMs(t.position, timing.audio, timing.durationMs, timing.fps);
    const baked = baking && !file.gif && startMs === 0 && !animated.some((a) => overlaps(a, box));
    return { ...file, box, startMs, baked };
  });
}

const sec = (ms: number) => (ms / 1000).toFixed(3);

/**
 * Input arguments of the overlaid stickers. A GIF's loop track (gifLoop.ts) repeats until the page
 * ends, as on the stage; a GIF without one (too many frames for a loop track) is read as a file
 * that loops as it says.
 */
export function stickerInputs(stickers: PlannedSticker[]): string[] {
  return stickers.filter((s) => !s.baked).flatMap(stickerInput);
}

const stickerInput = (s: PlannedSticker) => {
  if (s.loop) {
    const { width, height } = s.box;
    return [
      '-f', 'rawvideo', '-pix_fmt', 'yuva420p', '-s', `${width}x${height}`, '-framerate', s.loop.fps,
      '-stream_loop', '-1', '-i', s.loop.file,
    ]; // prettier-ignore
  }
  return s.gif ? ['-ignore_loop', '0', '-i', s.file] : ['-i', s.file];
};

/**
 * Filter chains drawing the overlaid stickers over `[from]` into `[to]`; `first` is the input index
 * of the first sticker input. A PNG is one frame held (eof_action=repeat) and switched on at its
 * time; a GIF starts its own animation at its time (its frames shifted there, nothing drawn before).
 * Returns null when the page has no overlaid sticker.
 */
export function stickerChains(stickers: PlannedSticker[], first: number, from: string, to: string) {
  const overlays = stickers.filter((s) => !s.baked);
  if (!overlays.length) return null;
  const chains: string[] = [];
  let label = from;
  overlays.forEach((s, k) => {
    const input = `[${first + k}:v]`;
    const { width, height } = s.box;
    // A loop track is already at the box's size; its time base is its frame step (raw input), on
    // which the start would snap to whole loop frames: shifted in ms.
    const size = s.loop ? 'settb=1/1000' : `scale=${width}:${height}`;
    const shift = s.gif ? `,setpts=PTS-STARTPTS+${sec(s.startMs)}/TB` : '';
    chains.push(`${input}${size}${shift}[st${k}]`);
    const next = k === overlays.length - 1 ? to : `[sv${k}]`;
    const enable = s.gif || s.startMs <= 0 ? '' : `:enable='gte(t,${sec(s.startMs)})'`;
    chains.push(`${overlayAt(label, `[st${k}]`, s.box)}${enable}${next}`);
    label = `[sv${k}]`;
  });
  return chains;
}
