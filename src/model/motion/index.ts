export {
  BREATH_MS,
  EMPHASIS_NOD_MS,
  EMPHASIS_NOD_PX,
  motionTimeline,
  NOD_MS,
  NOD_PX,
  type Bump,
  type MotionInput,
  type MotionSegment,
  type MotionTimeline,
  type Wave,
} from './motionTimeline';
export {
  bumpSum,
  easeIn,
  movedPoint,
  poseAt,
  SEGMENT_EASE_MS,
  segmentClock,
  waveSum,
  type Pose,
} from './poseAt';
export { SENTENCE_PAUSE_MS, sentenceEnds } from './sentenceEnds';
export { clausesOf, type Clause } from './emphasis';
export { BROW_GAP_MS, BROW_MS, browLifts } from './browLifts';
export { eyeStateAt, eyeStates, type EyeState } from './eyeStateAt';
export {
  GESTURE_MS,
  gestureAt,
  gestureEvents,
  pointingSide,
  torsoPoseAt,
  torsoPoseRuns,
  type Gesture,
  type GesturePose,
  type TorsoPose,
} from './gestures';
export { seededRandom } from './seededRandom';
export {
  headCorner,
  headCornerUnsnapped,
  headLayout,
  scaledAnchor,
  type HeadLayout,
  type HeadRig,
} from './headPlacement';
export {
  clipLengthMs,
  clipStarts,
  onPageClock,
  pageMotionOf,
  segmentSeed,
  stickerStartMs,
  type MotionClip,
} from './pageMotion';
