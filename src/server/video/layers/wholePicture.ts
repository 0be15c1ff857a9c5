import type { PageFiles, PagePlan } from '../planTypes';
import { pageVideoChain, videoAt } from './pageVideo';
import { overlayAt, type Picture, type VideoSound } from './picture';
import { pageMotion } from '../speaking';
import { presenterSprites, spriteInputCount, spriteInputs } from './sprites';
import { loopedStill } from './stills';
import { stillInput } from '../poseStills';

/**
 * The picture of a page in one framing: the page still (everything that does not move) with the
 * mouth and the eyes over it (on the moving head of a layered rig). With a page video the still
 * holds only the background: the video is drawn over it at its box, then the presenter body (the
 * front still), then the sprites. Inputs
 * and chains keep the order the page cache keys were made with.
 */
export function wholePicture(plan: PagePlan, files: PageFiles): Picture & { sound: VideoSound } {
  const { fps, video } = plan;
  const { rig, box } = plan.character;
  const background = `${loopedStill(0, fps, { file: files.still })}[bg]`;
  const tracks = spriteInputs(files.mouthTrack, files.blinkTrack, rig, files.headTrack);
  const motion = { timeline: pageMotion(plan), offsetMs: 0, headTrack: Boolean(files.headTrack) };
  if (!video || !files.front) {
    const labels = { below: '[bg]', out: '[v1]', suffix: '' };
    const sprites = presenterSprites(rig, box, fps, { mouth: 1, blink: 2 }, labels, motion);
    return {
      inputs: [...stillInput(files.still), ...tracks],
      chains: [background, ...sprites.sources, sprites.mouth],
      head: sprites.head,
      sound: null,
    };
  }
  const labels = { below: '[v1]', out: '[v2]', suffix: '' };
  const sprites = presenterSprites(rig, box, fps, { mouth: 2, blink: 3 }, labels, motion);
  const videoInput = 2 + spriteInputCount(rig, files.headTrack);
  return {
    inputs: [...stillInput(files.still), ...stillInput(files.front), ...tracks, '-i', video.file],
    chains: [
      background,
      `${loopedStill(1, fps, { alpha: true, file: files.front })}[fg]`,
      pageVideoChain(`[${videoInput}:v]`, video.box, fps, plan.durationMs, '[pv]'),
      ...sprites.sources,
      `${overlayAt('[bg]', '[pv]', videoAt(video.box))}[v0]`,
      `${overlayAt('[v0]', '[fg]', { x: 0, y: 0 })}[v1]`,
      sprites.mouth,
    ],
    head: sprites.head,
    sound: video.sound ? { input: videoInput } : null,
  };
}
