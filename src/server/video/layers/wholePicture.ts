import type { PageFiles, PagePlan } from '../planTypes';
import { pageVideoChain, pageVideoInput, videoAt, videoFileAt } from './pageVideo';
import { overlayAt, type Picture, type VideoSound } from './picture';
import { pageMotion } from '../speaking';
import { armsInputs, armsOver } from './armsPart';
import { presenterSprites, spriteInputCount, spriteInputs } from './sprites';
import { frontArea, loopedStill, stillInputs } from './stills';
import { keepChanges } from './heldFrames';

/**
 * The picture of a page in one framing: the page still (everything that does not move) with the
 * arms while a gesture shows, then the mouth and the eyes over it (on the moving head of a layered
 * rig). With a page video the still holds the background: the video is drawn over it at its box,
 * then the presenter body (the front still), then the arms and the sprites. A body the video does
 * not reach (presenterOverVideo) is in the background still instead, with no front. Inputs and chains
 * keep the order the page cache keys were made with; the arms track is the last input.
 */
export function wholePicture(plan: PagePlan, files: PageFiles): Picture & { sound: VideoSound } {
  const { fps, video } = plan;
  const { rig, box } = plan.character;
  // The changing frames only, when pageArgs holds this page (never with a video).
  const background = `${loopedStill(0, fps, { file: files.still })}${keepChanges(files.changeFrames)}[bg]`;
  const tracks = spriteInputs(files.mouthTrack, files.blinkTrack, rig, files.headTrack);
  const motion = { timeline: pageMotion(plan), offsetMs: 0, headTrack: Boolean(files.headTrack) };
  // The arms drawn over `below` into `out` when the page shows a gesture; the sprites go on top.
  const withArms = (below: string, out: string, input: number) =>
    files.arms ? { chains: armsOver(below, out, input, files.arms, fps), below: out } : { chains: [], below };
  if (!video) {
    const arms = withArms('[bg]', '[ba]', 1 + spriteInputCount(rig, files.headTrack));
    const labels = { below: arms.below, out: '[v1]', suffix: '' };
    const sprites = presenterSprites(rig, box, fps, { mouth: 1, blink: 2 }, labels, motion);
    return {
      inputs: [...stillInputs(files.still), ...tracks, ...armsInputs(files.arms)],
      chains: [background, ...arms.chains, ...sprites.sources, sprites.mouth],
      head: sprites.head,
      sound: null,
    };
  }
  // Without a front still the body is in the background still: the video does not reach it.
  const front = files.front ? 1 : 0;
  const videoInput = 1 + front + spriteInputCount(rig, files.headTrack);
  // Its scaled frames (scaledVideo.ts) carry no sound: the sound is then read from the upload.
  const source = videoFileAt(video, video.box);
  const arms = withArms('[v1]', '[va]', videoInput + 1);
  const labels = { below: arms.below, out: '[v2]', suffix: '' };
  const sprites = presenterSprites(rig, box, fps, { mouth: 1 + front, blink: 2 + front }, labels, motion);
  const overVideo = `${overlayAt('[bg]', '[pv]', videoAt(video.box))}[v${front ? 0 : 1}]`;
  return {
    inputs: [
      ...stillInputs(files.still),
      ...(files.front ? ['-i', files.front] : []),
      ...tracks,
      ...pageVideoInput(source.file),
      ...armsInputs(files.arms),
    ],
    chains: [
      background,
      ...(front ? [`${loopedStill(1, fps, { alpha: true })}[fg]`] : []),
      pageVideoChain(`[${videoInput}:v]`, video.box, fps, plan.durationMs, '[pv]', { scaled: source.scaled }),
      ...sprites.sources,
      overVideo,
      ...(front ? [`${overlayAt('[v0]', '[fg]', frontArea(box, plan.frame))}[v1]`] : []),
      ...arms.chains,
      sprites.mouth,
    ],
    head: sprites.head,
    sound: !video.sound ? null : source.scaled ? { file: video.file } : { input: videoInput },
  };
}
