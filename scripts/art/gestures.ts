/**
 * The gesture poses' arms and hands. The rig draws them over the bare torso in place of the resting
 * arms and clasped hands (figure.ts), so a pose differs from torso.png in the arms and hands alone.
 * Every arm is drawn as the left one (viewer's left) and mirrored about CX for the right, like the
 * rest pose; the clothes under it are never mirrored.
 */
import {
  type ArmPoints,
  armAt,
  armPoints,
  buildOf,
  handOffset,
  handScale,
  type Pt,
  torsoHalf,
  unit,
} from './body.js';
import { shade, tint } from './color.js';
import { sleeveOf } from './clothing.js';
import { CX } from './geometry.js';
import type { Presenter } from './palette.js';
import { mirrored } from './svg.js';

export const POSES = ['palm', 'pointLeft', 'pointRight'] as const;
export type Pose = (typeof POSES)[number];

/** The pose pictures' file names (beside torso.png, full-torso.png and hd/torso.png). */
export const POSE_FILES: Record<Pose, string> = {
  palm: 'palm',
  pointLeft: 'point-left',
  pointRight: 'point-right',
};

type ArmKind = 'palm' | 'point' | 'hang';

/**
 * Where a left arm bends in each pose, as offsets from the shoulder (elbow) and the elbow (wrist).
 * The canvas leaves ~150 px beside the shoulder, so the pointing arm bends at the elbow, its
 * forearm out and up, rather than reaching out straight.
 */
const BENDS: Record<ArmKind, { elbow: Pt; wrist: Pt }> = {
  palm: { elbow: [-40, 196], wrist: [-22, -44] },
  point: { elbow: [-34, 194], wrist: [-36, -56] },
  hang: { elbow: [-18, 208], wrist: [24, 186] },
};

/** The angle of each pose's hand: fingers from straight up (palm), pointing from straight left. */
const HAND_DEG: Record<ArmKind, number> = { palm: -50, point: 24, hang: 0 };

/** Gesturing hands are drawn a little larger than the clasped ones: they must read on their own. */
const HAND_GROW: Record<ArmKind, number> = { palm: 1.2, point: 1.08, hang: 1.12 };

/** How far past the wrist point the hand starts (the cuff runs 18 past it; a hand turned across it covers more). */
const HAND_AT: Record<ArmKind, number> = { palm: 1, point: 0.5, hang: 1 };

function bend(p: Presenter, kind: ArmKind): ArmPoints {
  const s = armPoints(buildOf(p)).shoulder;
  const k = BENDS[kind];
  const elbow: Pt = [s[0] + k.elbow[0], s[1] + k.elbow[1]];
  return { shoulder: s, elbow, wrist: [elbow[0] + k.wrist[0], elbow[1] + k.wrist[1]] };
}

/** A finger, thumb or other limb stroke with a contour: the line drawn wider under the fill. */
function limb(d: string, width: number, fill: string, line: string): string {
  return (
    `<path d="${d}" fill="none" stroke="${line}" stroke-width="${width + 5}" stroke-linecap="round"/>` +
    `<path d="${d}" fill="none" stroke="${fill}" stroke-width="${width}" stroke-linecap="round"/>`
  );
}

/** An open hand, palm to the viewer, fingers up (local units, wrist at the origin), thumb inwards. */
function openHand(p: Presenter): string {
  const palm = tint(p.skin, 0.1);
  const line = shade(p.skin, 0.3);
  const crease = shade(p.skin, 0.18);
  const fingers: Array<[string, number]> = [
    ['M -15 -42 Q -22 -58 -26 -70', 10],
    ['M -6 -46 Q -9 -66 -11 -82', 11],
    ['M 5 -47 Q 5 -68 5 -86', 11.5],
    ['M 15 -44 Q 18 -62 21 -78', 11],
  ];
  // The palm's sides are outlined; its top (where the fingers start) and the wrist are not.
  const left = 'M -16 4 C -23 -10, -25 -28, -21 -44';
  const top = 'C -8 -52, 10 -52, 21 -46';
  const right = 'C 24 -30, 22 -10, 16 4';
  return (
    fingers.map(([d, w]) => limb(d, w, p.skin, line)).join('') +
    `<path d="${left} ${top} ${right} Z" fill="${palm}"/>` +
    `<path d="${left} M 21 -46 ${right}" fill="none" stroke="${line}" stroke-width="5" stroke-linecap="round"/>` +
    limb('M 14 -6 Q 28 -16 34 -36', 12.5, p.skin, line) +
    `<path d="M -17 -30 Q -4 -24 6 -32 M 12 -2 Q 2 -12 7 -27" fill="none" stroke="${crease}" stroke-width="2.5" stroke-linecap="round"/>`
  );
}

/** A pointing hand seen from the thumb side: index finger out to -x, the others curled, thumb over them. */
function pointingHand(p: Presenter): string {
  const line = shade(p.skin, 0.3);
  const dark = shade(p.skin, 0.06);
  const fist = 'M 4 -20 C -16 -25, -38 -25, -50 -18 C -58 -12, -58 14, -50 22 C -38 28, -14 28, 4 22';
  return (
    limb('M -40 -13 L -90 -17', 12.5, p.skin, line) +
    `<path d="${fist}" fill="${p.skin}" stroke="${line}" stroke-width="5"/>` +
    limb('M -36 19 L -50 19', 10, dark, line) +
    limb('M -38 9 L -56 9', 10.5, dark, line) +
    limb('M -38 -2 L -58 -2', 11, p.skin, line) +
    limb('M -6 -8 Q -24 -8 -40 -8', 12, tint(p.skin, 0.06), line) +
    `<path d="M -80 -20 L -84 -20" stroke="${tint(p.skin, 0.35)}" stroke-width="3" stroke-linecap="round"/>`
  );
}

/** A relaxed hand hanging down (fingers to +y), seen from the thumb side, thumb towards +x. */
function hangingHand(p: Presenter): string {
  const line = shade(p.skin, 0.3);
  const crease = shade(p.skin, 0.2);
  const shape =
    'M -21 -4 C -24 20, -24 44, -18 62 C -13 80, -4 90, 6 90 C 15 88, 20 78, 19 62 C 23 42, 23 18, 20 -4';
  return (
    `<path d="${shape}" fill="${p.skin}" stroke="${line}" stroke-width="5"/>` +
    `<path d="M -10 60 Q -8 76 -4 86 M 2 62 Q 5 74 8 84 M 12 60 Q 14 68 15 76" fill="none" stroke="${crease}" stroke-width="2.5" stroke-linecap="round"/>` +
    limb('M 12 8 Q 22 26 16 46', 12, shade(p.skin, 0.03), line)
  );
}

/** The same drawing in black (for its soft shadow). */
function silhouette(svg: string): string {
  return svg.replace(/fill="(?!none")[^"]*"/g, 'fill="#000"').replace(/stroke="[^"]*"/g, 'stroke="#000"');
}

const HANDS: Record<ArmKind, (p: Presenter) => string> = {
  palm: openHand,
  point: pointingHand,
  hang: hangingHand,
};

/** One left arm in a pose and its hand (with the hand's shadow, clipped to the body: `armShade`). */
function poseArm(p: Presenter, kind: ArmKind): { arm: string; hand: string } {
  const pts = bend(p, kind);
  const { elbow: e, wrist: w } = pts;
  const dir = unit(e, w);
  const o = handOffset(p) * HAND_AT[kind];
  const at: Pt = [w[0] + dir[0] * o, w[1] + dir[1] * o];
  const deg = kind === 'hang' ? (Math.atan2(dir[1], dir[0]) * 180) / Math.PI - 90 : HAND_DEG[kind];
  const hand = `<g transform="translate(${at[0]} ${at[1]}) rotate(${deg}) scale(${handScale(p) * HAND_GROW[kind]})">${HANDS[kind](p)}</g>`;
  const shadow = `<g clip-path="url(#armShade)"><g filter="url(#soft)" opacity="0.14" transform="translate(6 9)">${silhouette(hand)}</g></g>`;
  return {
    arm: armAt(p, sleeveOf(p), pts, { id: kind, shadowClip: 'armShade', foreInFront: kind !== 'hang' }),
    hand: shadow + hand,
  };
}

/** The body outline the arm shadows fall on (a shadow beside the body would hang in the air). */
function shadeClip(p: Presenter): string {
  const d = torsoHalf(buildOf(p), 1400);
  return `<clipPath id="armShade"><path d="${d}"/><path d="${d}" transform="translate(${2 * CX} 0) scale(-1 1)"/></clipPath>`;
}

/**
 * The arm layers and the hand layers of `pose`, in place of the resting arms and clasped hands.
 * The hands lie over both arms (no hand of a pose reaches the other arm).
 */
export function poseArms(p: Presenter, pose: Pose): { arms: string[]; hands: string[] } {
  const clip = shadeClip(p);
  const [left, right] =
    pose === 'palm'
      ? [poseArm(p, 'palm'), poseArm(p, 'palm')]
      : pose === 'pointLeft'
        ? [poseArm(p, 'point'), poseArm(p, 'hang')]
        : [poseArm(p, 'hang'), poseArm(p, 'point')];
  return {
    arms: [clip, left.arm, mirrored(right.arm, CX)],
    hands: [clip, left.hand, mirrored(right.hand, CX)],
  };
}
