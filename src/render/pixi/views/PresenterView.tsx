import { useCallback, useEffect, useRef } from 'react';
import type { Container, Sprite, Texture } from 'pixi.js';
import type { CharacterItem } from '../../../api/library.contract';
import type { Box } from '../../../model/project';
import {
  eyeStateAt,
  poseAt,
  torsoPoseAt,
  type EyeState,
  type MotionTimeline,
  type Pose,
  type TorsoPose,
} from '../../../model/motion';
import { eyesClosedAt, shapeAt, type MouthCue } from '../../../model/speech';
import { anchorBox, breathingBox, headPlacement, REST_POSE } from '../../presenterMotion';
import type { PresenterFace, StageItem } from '../../stageScene';
import { useItemLayout, useRuntime } from '../stageRuntime';
import { useImageTexture } from '../useTextures';
import { useStageVideo, useVideoTexture } from '../videoTexture';
import { hasRig, useArmTextures, useMouthTextures, type LimbTextures } from './rigTextures';

/** What makes the presenter talk: the mouth timeline and clocks read every frame. */
export interface PresenterTalk {
  timeline: readonly MouthCue[];
  /** Position in the audio heard now, ms; negative while nothing is heard (mouth at rest). */
  clockMs(): number;
  /** Blink start times of the page (blinkTimes) and the time into the page, ms. */
  blinks: readonly number[];
  pageMs(): number;
  /** The page's motion (head turns, tilts, nods, brows, gestures) on the page clock: the render's. */
  motion?: MotionTimeline;
}

interface Props {
  item: StageItem;
  /** The presenter as listed (its rig, kind, talking video); null while unknown. */
  art: CharacterItem | null;
  /** The face at the scene's moment, shown while not talking. */
  face: PresenterFace;
  talk: PresenterTalk | null;
  /** 人物全身: a rig drawn to the feet shows its whole figure (the box has its shape). */
  whole?: boolean;
  /** Where the slide is: the side a pointing gesture points to (pointingSide). */
  pointSide?: 'left' | 'right';
}

/**
 * The presenter at its box. A sprite rig (built-in and own sprite presenters) is drawn as body,
 * mouth sprite and closed-eyes sprite at the rig's anchors: at rest it shows the scene's face;
 * while talking, every frame shows the mouth shape of the timeline at the audio's time and the
 * page's blinks, as the render does. An own talking video plays keyed while talking; an own single
 * picture breathes. Without a rig the presenter's picture is drawn.
 */
export function PresenterView({ item, art, face, talk, whole = false, pointSide = 'right' }: Props) {
  const rt = useRuntime();
  const rig = hasRig(art) ? art : null;
  // A layered rig draws its torso still and its head apart, so the head can move as in the video.
  const parts = rig?.rig.parts ?? null;
  const full = whole ? (parts?.full ?? null) : null;
  const { value: picture } = useImageTexture(
    rt.resolveUrl(rig ? (full?.torso ?? parts?.torso ?? rig.rig.body) : item.src),
  );
  const { value: headTexture } = useImageTexture(parts ? rt.resolveUrl(parts.head) : '');
  // The arms are a part of their own over the bare torso: a gesture swaps their picture, as in the video.
  const armTextures = useArmTextures(whole ? full?.arms : parts?.arms, rt.resolveUrl);
  const mouths = useMouthTextures(rig, rt.resolveUrl);
  const talkingVideo = art?.kind === 2 && !!art.video && !!talk;
  const { video } = useStageVideo(talkingVideo ? rt.resolveUrl(art.video) : '', VIDEO_LOOP);
  const videoTexture = useVideoTexture(video, art?.keying ?? null, rt.loop);
  const body = useRef<Sprite>(null);
  const armsSprite = useRef<Sprite>(null);
  const handsSprite = useRef<Sprite>(null);
  const mouth = useRef<Sprite>(null);
  const eyes = useRef<Sprite>(null);
  const headGroup = useRef<Container>(null);
  const headSprite = useRef<Sprite>(null);
  const current = useRef<Box>(item.box);
  // Export pixels per box unit: the export scale on screen, 1 while the exporter lays out.
  const unit = useRef(rt.exportScale);
  const exportBox = useRef(item.exportBox);
  exportBox.current = item.exportBox;
  const pose = useRef<Pose>(REST_POSE);

  // The head group at the pose, on the render's even export pixels (headPlacement).
  const placeHead = useCallback(() => {
    const group = headGroup.current;
    if (!rig || !parts || !group) return;
    const headRig = {
      ...rig,
      height: full?.height ?? rig.height,
      head: parts.headBox,
      pivot: parts.pivot,
      mouth: rig.rig.mouth,
      eyes: rig.rig.eyes,
    };
    const at = headPlacement(headRig, current.current, unit.current, pose.current);
    group.pivot.set(at.size.width / 2, at.size.height / 2);
    group.position.set(at.centre.x, at.centre.y);
    group.rotation = at.angle;
    headSprite.current?.setSize(at.size.width, at.size.height);
    for (const [sprite, b] of [
      [mouth.current, at.mouth],
      [eyes.current, at.eyes],
    ] as const) {
      sprite?.position.set(b.x, b.y);
      sprite?.setSize(b.width, b.height);
    }
  }, [rig, parts, full]);

  const place = useCallback(
    (box: Box) => {
      current.current = box;
      for (const sprite of [body.current, armsSprite.current, handsSprite.current]) {
        sprite?.position.set(box.x, box.y);
        sprite?.setSize(box.width, box.height);
      }
      if (!rig) return;
      if (parts) {
        const b = exportBox.current;
        const exporting = box.x === b.x && box.y === b.y && box.width === b.width && box.height === b.height;
        unit.current = exporting ? 1 : rt.exportScale;
        return placeHead();
      }
      const natural = { width: rig.width, height: rig.height };
      for (const [sprite, anchor] of [
        [mouth.current, rig.rig.mouth],
        [eyes.current, rig.rig.eyes],
      ] as const) {
        if (!sprite) continue;
        const b = anchorBox(anchor, natural, box);
        sprite.position.set(b.x, b.y);
        sprite.setSize(b.width, b.height);
      }
    },
    [rig, parts, placeHead, rt],
  );
  // Laid out again whenever a texture is replaced, not only when one arrives: a sprite keeps the
  // scale it was sized with, so the keyed video's smaller canvas (switching 绿幕抠像 on) would
  // otherwise show at a fraction of the box.
  useItemLayout(
    item,
    place,
    `${!!headTexture}/${picture?.uid}/${!!mouths}/${videoTexture?.uid}/${!!armTextures}`,
  );

  // The face at rest (or at the scene's moment when exporting a frame).
  useEffect(() => {
    if (!mouths || talk) return;
    if (mouth.current && mouths[face.shape]) mouth.current.texture = mouths[face.shape];
    showEyes(eyes.current, mouths, face.eyesClosed ? 'closed' : 'open');
    rt.face = {
      shape: face.shape,
      eyesClosed: face.eyesClosed,
      eyes: face.eyesClosed ? 'closed' : 'open',
      torso: 'rest',
    };
    showLimbs(armsSprite.current, handsSprite.current, armTextures, 'rest');
    pose.current = REST_POSE;
    placeHead();
    rt.loop.invalidate();
  }, [mouths, face.shape, face.eyesClosed, talk, rt, placeHead, armTextures]);

  // Talking: mouth and blinks follow the clocks; a frame is drawn only when the face changes.
  useEffect(() => {
    if (!talk || !mouths) return;
    let shown = '';
    let shownEyes: EyeState | null = null;
    let shownTorso: TorsoPose = 'rest';
    const moving = !!talk.motion && !!parts && !rt.reducedMotion;
    const stop = rt.loop.animate(() => {
      const ms = talk.clockMs();
      const pageMs = talk.pageMs();
      const shape = ms < 0 ? 'X' : shapeAt(talk.timeline, ms);
      // The eye picture of the frame (blinks win over brow lifts), as the render's eye track.
      const eyeState: EyeState = talk.motion
        ? eyeStateAt(talk.motion, pageMs)
        : eyesClosedAt(talk.blinks, pageMs)
          ? 'closed'
          : 'open';
      let torso: TorsoPose = 'rest';
      if (moving && talk.motion) {
        pose.current = poseAt(talk.motion, pageMs);
        placeHead();
        torso = torsoPoseAt(talk.motion, pageMs, pointSide);
      }
      if (torso !== shownTorso && armTextures) {
        showLimbs(armsSprite.current, handsSprite.current, armTextures, torso);
        shownTorso = torso;
      }
      if (shape === shown && eyeState === shownEyes && !moving) return false;
      shown = shape;
      shownEyes = eyeState;
      if (mouth.current && mouths[shape]) mouth.current.texture = mouths[shape];
      showEyes(eyes.current, mouths, eyeState);
      rt.face = { shape, eyesClosed: eyeState === 'closed', eyes: eyeState, torso };
      return true;
    });
    // The face at rest comes back through the effect above once `talk` is gone.
    return stop;
  }, [talk, mouths, rt, parts, placeHead, armTextures, pointSide]);

  // An own single picture breathes, as in the video (not for users who asked for less motion).
  const breathing = art?.kind === 3 && !rt.reducedMotion;
  useEffect(() => {
    if (!breathing) return;
    const started = performance.now();
    return rt.loop.animate((now) => {
      const b = breathingBox(current.current, now - started, rt.exportScale);
      body.current?.position.set(b.x, b.y);
      body.current?.setSize(b.width, b.height);
      return true;
    });
  }, [breathing, rt]);

  // A layered rig with its limb parts loaded draws the bare torso, the arms, then the hands.
  const limbs = talkingVideo ? null : armTextures;
  const shownBody = talkingVideo && videoTexture ? videoTexture : (limbs?.bare ?? picture);
  if (!shownBody) return null;
  return (
    <pixiContainer>
      <pixiSprite ref={body} texture={shownBody} />
      {limbs && <pixiSprite ref={armsSprite} texture={limbs.arms.rest} />}
      {limbs && <pixiSprite ref={handsSprite} texture={limbs.hands.rest} />}
      {rig && mouths && !talkingVideo && parts && headTexture && (
        <pixiContainer ref={headGroup}>
          <pixiSprite ref={headSprite} texture={headTexture} />
          <pixiSprite ref={mouth} texture={mouths[face.shape] ?? mouths.X} />
          {(mouths.blink || mouths.brows) && (
            <pixiSprite ref={eyes} texture={mouths.blink ?? mouths.brows} visible={face.eyesClosed} />
          )}
        </pixiContainer>
      )}
      {rig && mouths && !talkingVideo && !parts && (
        <>
          <pixiSprite ref={mouth} texture={mouths[face.shape] ?? mouths.X} />
          {(mouths.blink || mouths.brows) && (
            <pixiSprite ref={eyes} texture={mouths.blink ?? mouths.brows} visible={face.eyesClosed} />
          )}
        </>
      )}
    </pixiContainer>
  );
}

/** Shows the arms and the hands of torso pose `pose` (nothing before the limb parts are loaded). */
function showLimbs(
  arms: Sprite | null,
  hands: Sprite | null,
  textures: LimbTextures | null,
  pose: TorsoPose,
) {
  if (!textures) return;
  if (arms) arms.texture = textures.arms[pose];
  if (hands) hands.texture = textures.hands[pose];
}

/** Shows the eye picture of `state` over the eyes box (nothing for open eyes or a missing picture). */
function showEyes(sprite: Sprite | null, pictures: Record<string, Texture>, state: EyeState) {
  if (!sprite) return;
  const picture = state === 'closed' ? pictures.blink : state === 'lifted' ? pictures.brows : undefined;
  if (picture) sprite.texture = picture;
  sprite.visible = !!picture;
}

const VIDEO_LOOP = { playing: true, atMs: 0, seekKey: 0, muted: true, loop: true, volume: 0 };
