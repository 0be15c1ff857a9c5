/** Assembles a presenter's full-figure SVG and the eyes-closed overlay, both in body coordinates. */
import { arm, bodyDefs, bottoms, hands, neck } from './body.js';
import { clothingDefs, innerTop, outerLayer, sleeveOf } from './clothing.js';
import { CANVAS, CX, FULL_CANVAS } from './geometry.js';
import { type Pose, poseArms } from './gestures.js';
import { hair, hairDefs } from './hair.js';
import { BROW_LIFT_PX, blinkOverlay, head, headAccessories, headDefs } from './head.js';
import { fullBottoms } from './legs.js';
import type { Presenter } from './palette.js';
import { doc, mirrored } from './svg.js';

function defs(p: Presenter): string {
  return headDefs(p) + hairDefs(p) + bodyDefs(p) + clothingDefs(p);
}

/**
 * The body layers that never move, back to front; `whole`: down to the feet. The arms and hands
 * lie over all of them (armLayers), so the rig draws them as a part of their own.
 */
function bareTorsoLayers(p: Presenter, whole = false): string[] {
  return [
    // The back hair stays with the body: it hangs behind the shoulders, and a head that turns a
    // few pixels in front of it reads as hair that lags behind.
    hair(p).back,
    whole ? fullBottoms(p) : bottoms(p),
    neck(p),
    innerTop(p),
    outerLayer(p),
  ];
}

/** The arms and the hands at rest (hanging, hands clasped) or in a gesture's `pose`, apart. */
function limbLayers(p: Presenter, pose?: Pose): { arms: string[]; hands: string[] } {
  if (pose) return poseArms(p, pose);
  const s = sleeveOf(p);
  const oneArm = arm(p, s.sleeve, s.cuff, s.rolled);
  return { arms: [oneArm, mirrored(oneArm, CX)], hands: [hands(p)] };
}

/** The body layers (the bare torso, then the arms, then the hands), back to front. */
function torsoLayers(p: Presenter, whole = false): string[] {
  const { arms, hands } = limbLayers(p);
  return [...bareTorsoLayers(p, whole), ...arms, ...hands];
}

/** The head layers (face, front hair, glasses): the part the motion timeline turns and nods. */
function headLayers(p: Presenter, browLift = 0): string[] {
  const h = hair(p);
  return [
    head(p, browLift),
    `<g clip-path="url(#faceClip)"><g filter="url(#hairShadow)" transform="translate(0 10)">${h.front}</g></g>`,
    h.front,
    headAccessories(p),
  ];
}

/** The figure without a mouth, layers back to front: to mid-thigh, or `whole` to the feet. */
export function figureSvg(p: Presenter, whole = false): string {
  const c = whole ? FULL_CANVAS : CANVAS;
  return doc(c.width, c.height, defs(p), [...torsoLayers(p, whole), ...headLayers(p)].join(''));
}

/** The figure without its head (arms at rest), to mid-thigh or `whole` to the feet. */
export function torsoSvg(p: Presenter, whole = false): string {
  const c = whole ? FULL_CANVAS : CANVAS;
  return doc(c.width, c.height, defs(p), torsoLayers(p, whole).join(''));
}

/** The figure without its head and without its arms: the layered rig's still part. */
export function bareTorsoSvg(p: Presenter, whole = false): string {
  const c = whole ? FULL_CANVAS : CANVAS;
  return doc(c.width, c.height, defs(p), bareTorsoLayers(p, whole).join(''));
}

/**
 * The arms alone (`part` 'arms') or the hands alone ('hands') on the torso's canvas, at rest or in
 * a gesture's `pose`: the layered rig's arms and hands parts. Drawn over the bare torso, arms then
 * hands, they give torso.png (or the pose's torso).
 */
export function limbSvg(p: Presenter, part: 'arms' | 'hands', whole = false, pose?: Pose): string {
  const c = whole ? FULL_CANVAS : CANVAS;
  return doc(c.width, c.height, defs(p), limbLayers(p, pose)[part].join(''));
}

/** The head alone, full canvas (the builder crops it to HEAD_BOX). */
export function headSvg(p: Presenter): string {
  return doc(CANVAS.width, CANVAS.height, defs(p), headLayers(p).join(''));
}

/**
 * The head with the brows lifted, full canvas (the builder crops it to EYES_BOX): the brows
 * picture is the head itself there, hair and glasses included, so laid over the head it changes
 * only the brows.
 */
export function browsSvg(p: Presenter): string {
  return doc(CANVAS.width, CANVAS.height, defs(p), headLayers(p, BROW_LIFT_PX).join(''));
}

/** Eyes closed, full canvas (the builder crops it to EYES_BOX). */
export function blinkSvg(p: Presenter): string {
  return doc(CANVAS.width, CANVAS.height, headDefs(p), blinkOverlay(p));
}
