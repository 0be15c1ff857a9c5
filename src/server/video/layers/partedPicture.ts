import { inputCount, ownPresenterInput, ownPresenterOver } from '../ownPresenterLayer';
import type { PagePart, PagePlan, PartFiles } from '../planTypes';
import { joinParts, partFrames } from '../transitions';
import { pageVideoChain, pageVideoInput, videoAt, videoFileAt } from './pageVideo';
import { drawOver, type Picture, type VideoSound } from './picture';
import { pageMotion } from '../speaking';
import { partRig } from './headPart';
import { presenterSprites, spriteInputs } from './sprites';
import { frontArea, loopedStill, stillInputs } from './stills';
import { armsInputs, armsSource } from './armsPart';

/**
 * The picture of a page with shot tags: each part in its own framing (partPicture), joined with
 * a short crossfade ending at each segment boundary (transitions.ts). The page video, cut per
 * part, brings no sound of its own: that is one more input of the file.
 */
export function partedPicture(plan: PagePlan, files: PartFiles[]): Picture & { sound: VideoSound } {
  const parts = plan.parts ?? [];
  const inputs: string[] = [];
  const chains: string[] = [];
  parts.forEach((part, k) => {
    const one = partPicture(plan, part, k, files[k], inputCount(inputs));
    inputs.push(...one.inputs);
    chains.push(...one.chains);
  });
  const joined = joinParts(parts, plan.fps);
  const sound = plan.video?.sound ? { file: plan.video.file } : null;
  return { inputs, chains: [...chains, ...joined.chains], head: joined.head, sound };
}

/**
 * Part `k` of a page into [p<k>], its inputs numbered from `first`: its still looped for the
 * part's frames; with a page video, the video cut to the part's time in the part's slide box and
 * the presenter body over it; the arms while a gesture shows, and the mouth and the eyes, where
 * the framing puts the character (none when it is hidden); the presenter's own motion on the
 * part's clock.
 */
export function partPicture(
  plan: PagePlan,
  part: PagePart,
  k: number,
  files: PartFiles,
  first: number,
): { inputs: string[]; chains: string[] } {
  const { fps, video } = plan;
  // A part's stream starts at its lead: the frames that fade in over the previous framing.
  const frames = partFrames(part, fps);
  const window = { startMs: part.startMs - (part.leadMs ?? 0), durationMs: (frames * 1000) / fps };
  const inputs = stillInputs(files.still);
  const next = () => first + inputCount(inputs);
  const chains: string[] = [];
  // setsar=1: the parts are concatenated, and concat takes one sample aspect ratio.
  let head = `${loopedStill(first, fps, { frames, file: files.still })},setsar=1`;
  const draw = (layer: { chains: string[]; head: string }) => {
    chains.push(...layer.chains);
    head = layer.head;
  };
  if (video && part.slide) {
    // The page video in this part's framing: its own decode, cut to the part's time.
    const { file, scaled } = videoFileAt(video, part.slide);
    const source = pageVideoChain(`[${next()}:v]`, part.slide, fps, plan.durationMs, `[pv${k}]`, {
      window,
      scaled,
    });
    inputs.push(...pageVideoInput(file));
    draw(
      drawOver(head, source, { above: `[pv${k}]`, base: `[vb${k}]`, out: `[vo${k}]` }, videoAt(part.slide)),
    );
  }
  if (video && files.front) {
    const source = `${loopedStill(next(), fps, { alpha: true, frames })}[fg${k}]`;
    inputs.push('-i', files.front);
    const at = part.character ? frontArea(part.character, plan.frame) : { x: 0, y: 0 };
    draw(drawOver(head, source, { above: `[fg${k}]`, base: `[fb${k}]`, out: `[fo${k}]` }, at));
  }
  if (!part.character) return { inputs, chains: [...chains, `${head}[p${k}]`] };
  if (files.arms) {
    // The arms while the part shows a gesture, over the bare torso of its still (or front).
    const source = armsSource(next(), fps, `${k}`);
    inputs.push(...armsInputs(files.arms));
    draw(drawOver(head, source, { above: `[ar${k}]`, base: `[ab${k}]`, out: `[ao${k}]` }, files.arms.at));
  }
  const tracks = { mouth: next(), blink: next() + 1 };
  const rig = partRig(plan.character.rig, part);
  inputs.push(...spriteInputs(files.mouthTrack, files.blinkTrack, rig, files.headTrack));
  const labels = { below: `[b${k}]`, out: `[o${k}]`, suffix: `${k}` };
  // The head moves on the page clock: this part's stream starts at its window.
  const motion = {
    timeline: pageMotion(plan),
    offsetMs: window.startMs,
    headTrack: Boolean(files.headTrack),
  };
  const sprites = presenterSprites(rig, part.character, fps, tracks, labels, motion);
  chains.push(`${head}[b${k}]`, ...sprites.sources, sprites.mouth);
  const own = plan.character.own;
  if (!own) return { inputs, chains: [...chains, `${sprites.head},format=yuv420p[p${k}]`] };
  // The presenter's own motion, on this part's clock and in this part's framing.
  const input = next();
  inputs.push(...ownPresenterInput(own));
  chains.push(
    ...ownPresenterOver(sprites.head, own, {
      plan,
      input,
      base: `q${k}`,
      out: `r${k}`,
      box: part.character,
      fromMs: window.startMs,
      durationMs: window.durationMs,
      prefix: `own${k}`,
    }),
    `[r${k}]format=yuv420p[p${k}]`,
  );
  return { inputs, chains };
}
