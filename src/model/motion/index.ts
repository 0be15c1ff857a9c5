export {
  BREATH_MS,
  motionTimeline,
  NOD_MS,
  NOD_PX,
  type Bump,
  type MotionInput,
  type MotionTimeline,
  type Wave,
} from './motionTimeline';
export { bumpSum, movedPoint, poseAt, waveSum, type Pose } from './poseAt';
export { SENTENCE_PAUSE_MS, sentenceEnds } from './sentenceEnds';
export { seededRandom } from './seededRandom';
export { headCorner, headLayout, scaledAnchor, type HeadLayout, type HeadRig } from './headPlacement';
