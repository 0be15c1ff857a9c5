/** Body shapes: neck, torso silhouette, trousers/skirt, arms and clasped hands. */
import { shade, tint } from './color.js';
import { CX } from './geometry.js';
import type { Presenter } from './palette.js';
import { blurFilter, linear, mirrored } from './svg.js';

/** Proportions differ a little between the female and male figures. */
export interface Build {
  neck: number; // half width of the neck
  shoulder: number; // x of the left shoulder edge
  waist: number; // x of the left waist
  hip: number; // x of the left hip
  arm: number; // sleeve thickness
  hem: number; // y of the jacket/top hem
}

export function buildOf(p: Presenter): Build {
  return p.sex === 1
    ? { neck: 44, shoulder: 150, waist: 194, hip: 198, arm: 100, hem: 1160 }
    : { neck: 38, shoulder: 176, waist: 226, hip: 206, arm: 86, hem: 1140 };
}

export function bodyDefs(p: Presenter): string {
  return (
    linear(
      'neckSkin',
      0,
      430,
      0,
      600,
      [
        [0, shade(p.skin, 0.1)],
        [0.4, shade(p.skin, 0.03)],
        [1, p.skin],
      ],
      true,
    ) +
    linear('skinLimb', 0, 0, 1, 0, [
      [0, p.skin],
      [1, shade(p.skin, 0.08)],
    ]) +
    linear(
      'bottomFill',
      0,
      1100,
      0,
      1400,
      [
        [0, shade(p.bottom.color, 0.1)],
        [1, p.bottom.color],
      ],
      true,
    ) +
    blurFilter('soft', 7)
  );
}

export function neck(p: Presenter): string {
  const b = buildOf(p);
  return (
    `<path d="M ${CX - b.neck} 430 L ${CX - b.neck} 560 Q ${CX} 600 ${CX + b.neck} 560 L ${CX + b.neck} 430 Z" fill="url(#neckSkin)"/>` +
    `<path d="M ${CX - b.neck} 452 Q ${CX} 530 ${CX + b.neck} 452 L ${CX + b.neck} 430 L ${CX - b.neck} 430 Z" fill="${shade(p.skin, 0.16)}" opacity="0.7"/>`
  );
}

/** Left half of the torso silhouette (mirrored for the right). */
export function torsoHalf(b: Build, hem: number): string {
  const n = CX - b.neck;
  const s = b.shoulder;
  return (
    `M ${CX + 1} 536 L ${n} 536 C ${n - 60} 552, ${s + 44} 562, ${s + 20} 590 ` +
    `C ${s + 2} 610, ${s - 4} 650, ${s} 700 L ${b.waist} 980 C ${b.waist - 6} 1040, ${b.hip} 1090, ${b.hip} ${hem} ` +
    `L ${CX + 1} ${hem} Z`
  );
}

export function symmetric(half: string): string {
  return half + mirrored(half, CX);
}

export function bottoms(p: Presenter): string {
  const b = buildOf(p);
  const h = b.hip;
  const seam = shade(p.bottom.color, 0.35);
  if (p.bottom.type === 'skirt') {
    const skirt = `<path d="M ${CX + 1} 1060 L ${h + 10} 1060 C ${h - 4} 1200, ${h + 4} 1280, ${h + 12} 1330 L ${CX + 1} 1330 Z" fill="url(#bottomFill)"/>`;
    const leg = `<path d="M ${h + 34} 1320 L ${CX - 4} 1320 L ${CX - 8} 1400 L ${h + 44} 1400 Z" fill="url(#skinLimb)"/>`;
    return (
      symmetric(leg) +
      `<rect x="${h + 30}" y="1328" width="${800 - 2 * h - 60}" height="14" fill="${shade(p.skin, 0.3)}" opacity="0.35" filter="url(#soft)"/>` +
      symmetric(skirt) +
      `<path d="M ${CX} 1250 L ${CX} 1330" stroke="${seam}" stroke-width="3" opacity="0.6"/>`
    );
  }
  const leg = `<path d="M ${CX + 1} 1060 L ${h + 10} 1060 C ${h - 4} 1220, ${h + 4} 1320, ${h + 10} 1400 L ${CX + 1} 1400 Z" fill="url(#bottomFill)"/>`;
  let extra =
    `<path d="M ${CX} 1236 L ${CX} 1400" stroke="${seam}" stroke-width="4"/>` +
    `<path d="M ${CX - 60} 1260 C ${CX - 40} 1300, ${CX - 30} 1350, ${CX - 28} 1400" stroke="${seam}" stroke-width="3" fill="none" opacity="0.25"/>` +
    mirrored(
      `<path d="M ${CX - 60} 1260 C ${CX - 40} 1300, ${CX - 30} 1350, ${CX - 28} 1400" stroke="${seam}" stroke-width="3" fill="none" opacity="0.25"/>`,
      CX,
    );
  if (p.bottom.type === 'jeans') {
    const stitch = tint('#e0a84a', 0.1);
    extra +=
      `<path d="M ${CX + 18} 1140 L ${CX + 18} 1210 Q ${CX + 16} 1236 ${CX} 1240" stroke="${stitch}" stroke-width="2.5" fill="none" stroke-dasharray="7 5"/>` +
      `<path d="M ${h + 6} 1150 Q ${h + 70} 1160 ${h + 96} 1130" stroke="${stitch}" stroke-width="2.5" fill="none" stroke-dasharray="7 5"/>` +
      mirrored(
        `<path d="M ${h + 6} 1150 Q ${h + 70} 1160 ${h + 96} 1130" stroke="${stitch}" stroke-width="2.5" fill="none" stroke-dasharray="7 5"/>`,
        CX,
      );
  }
  return symmetric(leg) + extra;
}

export type Pt = readonly [number, number];

/** Where one arm bends: shoulder, elbow and wrist (left arm; the right is mirrored). */
export interface ArmPoints {
  shoulder: Pt;
  elbow: Pt;
  wrist: Pt;
}

/** What a sleeve looks like: its colour, the cuff showing at the wrist, or a rolled sleeve. */
export interface SleeveLook {
  sleeve: string;
  cuff: string | null;
  rolled: boolean;
}

/**
 * How an arm is shaded. The rest pose pins its own numbers (so its pixels never change); a posed
 * arm derives them from its bend: light from the upper left, the shadow from part way down the
 * upper arm, clipped to `shadowClip` (a shadow in the air beside the body would read as a ghost).
 */
export interface ArmShading {
  id?: string; // suffix of the gradient ids: two different arms in one picture need their own
  shadowFrom?: Pt;
  shadowClip?: string;
  upperHorizontal?: boolean; // the upper arm's gradient runs along x (the rest pose)
  highlight?: Pt; // offset of the highlight stripe from the upper arm's centre line
  foreInFront?: boolean; // a forearm that comes towards the viewer: over the upper arm, elbow round
}

/** Arm geometry at rest (left arm; the right is mirrored). */
export function armPoints(b: Build): ArmPoints {
  return {
    shoulder: [b.shoulder + b.arm / 2 - 2, 690] as const,
    elbow: [b.shoulder + b.arm / 2 - 22, 900] as const,
    wrist: [CX - 72, 1040] as const,
  };
}

export function unit(a: Pt, c: Pt): [number, number] {
  const l = Math.hypot(c[0] - a[0], c[1] - a[1]);
  return [(c[0] - a[0]) / l, (c[1] - a[1]) / l];
}

export function lerp(a: Pt, c: Pt, t: number): [number, number] {
  return [a[0] + (c[0] - a[0]) * t, a[1] + (c[1] - a[1]) * t];
}

/** The normal of a segment's direction that faces the light (upper left). */
function lit(d: Pt): [number, number] {
  const n: [number, number] = [-d[1], d[0]];
  return n[0] * -0.6 + n[1] * -0.8 >= 0 ? n : [-n[0], -n[1]];
}

/**
 * One arm: sleeve (colour) with a soft cross-gradient, optional cuff (shirt colour showing under a
 * jacket) or a rolled sleeve (bare forearm). Round joins keep shoulders and elbows rounded.
 */
export function arm(p: Presenter, sleeve: string, cuff: string | null, rolled: boolean): string {
  const b = buildOf(p);
  const pts = armPoints(b);
  const s = pts.shoulder;
  return armAt(p, { sleeve, cuff, rolled }, pts, {
    shadowFrom: [s[0] + 4, s[1] + 120],
    upperHorizontal: true,
    highlight: [-b.arm * 0.22, 0],
  });
}

/** One arm bent at `pts` (see `arm`), shaded as `o` says. */
export function armAt(p: Presenter, look: SleeveLook, pts: ArmPoints, o: ArmShading = {}): string {
  const { sleeve, cuff, rolled } = look;
  const { shoulder: s, elbow: e, wrist: w } = pts;
  const a = buildOf(p).arm;
  const id = o.id ?? '';
  const dir = unit(e, w);
  const light = tint(sleeve, 0.06);
  const dark = shade(sleeve, 0.16);
  const across = lit(dir);
  const upper = lit(unit(s, e));
  const highlight = o.highlight ?? [upper[0] * a * 0.22, upper[1] * a * 0.22];
  const [u1, u2] = o.upperHorizontal
    ? [`x1="${s[0] - a / 2}" y1="0"`, `x2="${s[0] + a / 2}" y2="0"`]
    : [
        `x1="${s[0] + (upper[0] * a) / 2}" y1="${s[1] + (upper[1] * a) / 2}"`,
        `x2="${s[0] - (upper[0] * a) / 2}" y2="${s[1] - (upper[1] * a) / 2}"`,
      ];
  const grad =
    `<linearGradient id="upperArm${id}" gradientUnits="userSpaceOnUse" ${u1} ${u2}>` +
    `<stop offset="0" stop-color="${light}"/><stop offset="0.55" stop-color="${sleeve}"/><stop offset="1" stop-color="${dark}"/></linearGradient>` +
    `<linearGradient id="foreArm${id}" gradientUnits="userSpaceOnUse" x1="${e[0] + (across[0] * a) / 2}" y1="${e[1] + (across[1] * a) / 2}" x2="${e[0] - (across[0] * a) / 2}" y2="${e[1] - (across[1] * a) / 2}">` +
    `<stop offset="0" stop-color="${light}"/><stop offset="0.5" stop-color="${sleeve}"/><stop offset="1" stop-color="${dark}"/></linearGradient>`;
  const seg = (p0: Pt, p1: Pt, col: string, wd: number, cap = 'butt', extra = '') =>
    `<path d="M ${p0[0]} ${p0[1]} L ${p1[0]} ${p1[1]}" fill="none" stroke="${col}" stroke-width="${wd}" stroke-linecap="${cap}" ${extra}/>`;
  // A rolled sleeve ends part way down the forearm (further on a foreshortened one) in two bands.
  const roll = o.foreInFront ? [0.36, 0.47, 0.5] : [0.2, 0.29, 0.3];
  const end = rolled ? lerp(e, w, roll[2]) : w;
  const from = o.shadowFrom ?? lerp(s, e, 0.4);
  const shadow =
    `<path d="M ${from[0]} ${from[1]} L ${e[0]} ${e[1]} L ${w[0]} ${w[1]}" fill="none" stroke="#000" stroke-width="${a - 10}" ` +
    `stroke-linecap="round" stroke-linejoin="round" opacity="0.16" filter="url(#soft)" transform="translate(8 10)"/>`;
  // In front of the upper arm, the bare forearm's round end would show over the sleeve.
  let fore = rolled ? seg(end, w, shade(p.skin, 0.03), a * 0.7, o.foreInFront ? 'butt' : 'round') : '';
  if (o.foreInFront && !rolled)
    fore += `<circle cx="${e[0]}" cy="${e[1]}" r="${a / 2}" fill="url(#foreArm${id})"/>`;
  fore += seg(e, end, `url(#foreArm${id})`, a);
  const upperArm =
    seg(s, e, `url(#upperArm${id})`, a, 'round') +
    seg(
      lerp(s, e, 0.15).map((v, i) => v + highlight[i]) as [number, number],
      lerp(s, e, 0.75).map((v, i) => v + highlight[i]) as [number, number],
      tint(sleeve, 0.14),
      8,
      'round',
      'opacity="0.5"',
    );
  let wrist = '';
  if (rolled) {
    const r0 = lerp(e, w, roll[0]);
    wrist += seg(r0, end, tint(sleeve, 0.1), a * 1.02);
    wrist += seg(lerp(e, w, roll[1]), end, shade(sleeve, 0.2), a * 1.02);
  }
  if (cuff) {
    const c0: [number, number] = [w[0] - dir[0] * 4, w[1] - dir[1] * 4];
    const c1: [number, number] = [w[0] + dir[0] * 18, w[1] + dir[1] * 18];
    wrist += seg(c0, c1, cuff, a * 0.64);
    wrist += seg(c0, [c0[0] + dir[0] * 3, c0[1] + dir[1] * 3], shade(cuff, 0.25), a * 0.64);
  }
  const shadowed = grad + (o.shadowClip ? `<g clip-path="url(#${o.shadowClip})">${shadow}</g>` : shadow);
  return shadowed + (o.foreInFront ? upperArm + fore : fore + upperArm) + wrist;
}

/** How big a presenter's hands are drawn (the male build's are larger). */
export function handScale(p: Presenter): number {
  return p.sex === 1 ? 1.2 : 1.06;
}

/** How far past the wrist point a hand starts: a jacket's shirt cuff shows between them. */
export function handOffset(p: Presenter): number {
  return p.outer.type === 'suit' || p.outer.type === 'blazer' ? 16 : 4;
}

/** Hands clasped in front at the waist: the right hand (viewer's right) behind, the left in front. */
export function hands(p: Presenter): string {
  const b = buildOf(p);
  const { elbow: e, wrist: w } = armPoints(b);
  const ang = (Math.atan2(w[1] - e[1], w[0] - e[0]) * 180) / Math.PI;
  const skin = p.skin;
  const line = shade(skin, 0.22);
  const sc = handScale(p);
  const dir = unit(e, w);
  const o = handOffset(p);
  const hand = (front: boolean) =>
    `<g transform="translate(${w[0] + dir[0] * o} ${w[1] + dir[1] * o}) rotate(${ang - (front ? 8 : 14)}) scale(${sc})">` +
    (front
      ? `<path d="M -6 -26 C 26 -34, 66 -34, 90 -16 C 102 -4, 100 14, 86 24 C 62 36, 24 34, -6 26 Z" fill="#000" opacity="0.14" filter="url(#soft)" transform="translate(3 7)"/>`
      : '') +
    `<path d="M -6 -26 C 26 -34, 66 -34, 90 -16 C 102 -4, 100 14, 86 24 C 62 36, 24 34, -6 26 Z" fill="${front ? skin : shade(skin, 0.06)}"/>` +
    (front
      ? `<path d="M 62 -12 C 74 -10, 84 -4, 90 2 M 58 2 C 70 4, 80 10, 86 16 M 50 16 C 60 18, 68 22, 74 26" stroke="${line}" stroke-width="3" fill="none" stroke-linecap="round"/>` +
        `<path d="M 20 -22 C 34 -40, 54 -44, 66 -36" stroke="${shade(skin, 0.04)}" stroke-width="20" fill="none" stroke-linecap="round"/>` +
        `<path d="M 26 -32 C 38 -42, 52 -44, 64 -40" stroke="${tint(skin, 0.25)}" stroke-width="5" fill="none" stroke-linecap="round" opacity="0.6"/>`
      : '') +
    `</g>`;
  return mirrored(hand(false), CX) + hand(true);
}
