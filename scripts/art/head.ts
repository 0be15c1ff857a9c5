/** Face, ears, eyes, brows, nose, accessories, and the eyes-closed overlay. */
import { shade, tint } from './color.js';
import { CX, FACE } from './geometry.js';
import type { Presenter } from './palette.js';
import { linear, mirrored, radial } from './svg.js';

/** Face outline; the male jaw is a little wider and squarer. */
export function facePath(sex: 1 | 2): string {
  const jaw =
    sex === 1 ? [522, 384, 516, 424, 496, 452, 472, 480, 438] : [520, 372, 512, 410, 490, 440, 466, 472, 434];
  const [a, b, c, d, e, f, g, h, i] = jaw;
  const m = (x: number) => 2 * CX - x;
  return (
    `M 280 312 C 280 214, 338 ${FACE.top}, 400 ${FACE.top} C 462 ${FACE.top}, 520 214, 520 312 ` +
    `C ${a} ${b}, ${c} ${d}, ${e} ${f} C ${g} ${h}, ${i} ${FACE.chin}, 400 ${FACE.chin} ` +
    `C ${m(i)} ${FACE.chin}, ${m(g)} ${h}, ${m(e)} ${f} C ${m(c)} ${d}, ${m(a)} ${b}, 280 312 Z`
  );
}

/** Definitions shared by the face and the blink overlay (same user-space gradient = seamless patch). */
export function headDefs(p: Presenter): string {
  return (
    linear(
      'faceSkin',
      0,
      FACE.top,
      0,
      FACE.chin,
      [
        [0, tint(p.skin, 0.08)],
        [0.55, p.skin],
        [1, shade(p.skin, 0.05)],
      ],
      true,
    ) +
    radial('blush', 0.5, 0.5, 0.5, [
      [0, '#ff8a80', p.sex === 2 ? 0.36 : 0.16],
      [1, '#ff8a80', 0],
    ]) +
    `<clipPath id="faceClip"><path d="${facePath(p.sex)}"/></clipPath>` +
    `<filter id="hairShadow" x="-10%" y="-10%" width="120%" height="120%"><feFlood flood-color="${shade(p.skin, 0.45)}" flood-opacity="0.3"/>` +
    `<feComposite in2="SourceAlpha" operator="in"/><feGaussianBlur stdDeviation="5"/></filter>` +
    `<clipPath id="eyeClip"><path d="${almond(CX - FACE.eyeDX, FACE.eyeY, 1)}"/></clipPath>`
  );
}

/** Almond eye outline centred at (cx, cy) for the viewer-left eye (outer corner on the left). */
function almond(cx: number, cy: number, s: number): string {
  const ox = cx - 23 * s;
  const ix = cx + 21 * s;
  return (
    `M ${ox} ${cy + 2 * s} C ${cx - 16 * s} ${cy - 14 * s}, ${cx + 8 * s} ${cy - 16 * s}, ${ix} ${cy} ` +
    `C ${cx + 10 * s} ${cy + 12 * s}, ${cx - 12 * s} ${cy + 12 * s}, ${ox} ${cy + 2 * s} Z`
  );
}

function upperLid(cx: number, cy: number): string {
  return `M ${cx - 24} ${cy + 2} C ${cx - 16} ${cy - 14}, ${cx + 8} ${cy - 16}, ${cx + 21} ${cy}`;
}

function eyeOpen(p: Presenter): string {
  const cx = CX - FACE.eyeDX;
  const cy = FACE.eyeY;
  const lash = shade(p.hair.color, 0.3);
  const flick =
    p.sex === 2
      ? `<path d="M ${cx - 22} ${cy} L ${cx - 28} ${cy - 5}" stroke="${lash}" stroke-width="4.5" stroke-linecap="round"/>`
      : '';
  return (
    `<path d="${almond(cx, cy, 1)}" fill="#fdfbf8"/>` +
    `<g clip-path="url(#eyeClip)">` +
    `<circle cx="${cx + 1}" cy="${cy - 1}" r="12" fill="${p.eyes}"/>` +
    `<circle cx="${cx + 1}" cy="${cy - 1}" r="6.5" fill="${shade(p.eyes, 0.6)}"/>` +
    `<path d="M ${cx - 24} ${cy - 14} L ${cx + 24} ${cy - 14} L ${cx + 24} ${cy - 5} C ${cx + 5} ${cy - 10}, ${cx - 10} ${cy - 8}, ${cx - 24} ${cy - 2} Z" fill="${lash}" opacity="0.18"/>` +
    `</g>` +
    `<circle cx="${cx + 5}" cy="${cy - 5}" r="3.6" fill="#ffffff"/>` +
    `<circle cx="${cx - 3}" cy="${cy + 4}" r="1.6" fill="#ffffff" opacity="0.8"/>` +
    `<path d="${upperLid(cx, cy)}" fill="none" stroke="${lash}" stroke-width="${p.sex === 2 ? 5 : 4}" stroke-linecap="round"/>` +
    flick
  );
}

function eyeClosed(p: Presenter): string {
  const cx = CX - FACE.eyeDX;
  const cy = FACE.eyeY;
  const lash = shade(p.hair.color, 0.3);
  const lashes =
    p.sex === 2
      ? [-14, -4, 6]
          .map(
            (dx) =>
              `<path d="M ${cx + dx} ${cy + 6} l ${-2 + dx / 6} 7" stroke="${lash}" stroke-width="3" stroke-linecap="round"/>`,
          )
          .join('')
      : '';
  return (
    `<path d="${almond(cx, cy, 1.22)}" fill="url(#faceSkin)"/>` +
    `<path d="M ${cx - 24} ${cy + 1} C ${cx - 12} ${cy + 10}, ${cx + 8} ${cy + 10}, ${cx + 21} ${cy + 1}" fill="none" stroke="${lash}" stroke-width="${p.sex === 2 ? 5 : 4}" stroke-linecap="round"/>` +
    `<path d="M ${cx - 20} ${cy - 7} C ${cx - 8} ${cy - 12}, ${cx + 8} ${cy - 12}, ${cx + 18} ${cy - 6}" fill="none" stroke="${shade(p.skin, 0.2)}" stroke-width="2.5" stroke-linecap="round" opacity="0.6"/>` +
    lashes
  );
}

/** How far the brows go up in the brows picture (an eyebrow lift), body px; the arch a little more. */
export const BROW_LIFT_PX = 8;

/** The viewer-left brow; `lift` raises it (and arches it a little more, as a lifted brow does). */
function brow(p: Presenter, lift = 0): string {
  const cx = CX - FACE.eyeDX;
  const by = FACE.browY - lift;
  const arch = lift / 4;
  const w = p.sex === 1 ? 8 : 6;
  const c = shade(p.hair.color, 0.1);
  return `<path d="M ${cx - 26} ${by + 7} C ${cx - 14} ${by - 6 - arch}, ${cx + 6} ${by - 8 - arch}, ${cx + 24} ${by - 1}" fill="none" stroke="${c}" stroke-width="${w}" stroke-linecap="round"/>`;
}

function ear(p: Presenter): string {
  const x = CX - 118;
  const ring = p.earrings
    ? `<circle cx="${x + 2}" cy="392" r="6" fill="${p.earrings}" stroke="${shade(p.earrings, 0.25)}" stroke-width="1.5"/>`
    : '';
  return (
    `<ellipse cx="${x}" cy="360" rx="18" ry="31" fill="${shade(p.skin, 0.04)}"/>` +
    `<path d="M ${x - 4} 342 C ${x - 12} 352, ${x - 10} 372, ${x - 2} 380" fill="none" stroke="${shade(p.skin, 0.2)}" stroke-width="4" stroke-linecap="round"/>` +
    ring
  );
}

function glasses(p: Presenter): string {
  if (!p.glasses) return '';
  const cx = CX - FACE.eyeDX;
  const cy = FACE.eyeY;
  const frame = (x: number) =>
    `<rect x="${x - 34}" y="${cy - 24}" width="66" height="46" rx="16" fill="#ffffff" fill-opacity="0.06" stroke="${p.glasses}" stroke-width="5"/>`;
  return (
    frame(cx) +
    mirrored(frame(cx), CX) +
    `<path d="M ${cx + 32} ${cy - 8} Q ${CX} ${cy - 18} ${2 * CX - cx - 32} ${cy - 8}" fill="none" stroke="${p.glasses}" stroke-width="5"/>` +
    `<path d="M ${cx - 34} ${cy - 10} L 284 ${cy - 14}" stroke="${p.glasses}" stroke-width="5" stroke-linecap="round"/>` +
    mirrored(
      `<path d="M ${cx - 34} ${cy - 10} L 284 ${cy - 14}" stroke="${p.glasses}" stroke-width="5" stroke-linecap="round"/>`,
      CX,
    )
  );
}

/** The head without hair and without a mouth (mouth sprites are composited on top); `browLift` px. */
export function head(p: Presenter, browLift = 0): string {
  const nose = shade(p.skin, 0.22);
  return (
    ear(p) +
    mirrored(ear(p), CX) +
    `<path d="${facePath(p.sex)}" fill="url(#faceSkin)"/>` +
    `<ellipse cx="${CX - 66}" cy="404" rx="30" ry="17" fill="url(#blush)"/>` +
    `<ellipse cx="${CX + 66}" cy="404" rx="30" ry="17" fill="url(#blush)"/>` +
    brow(p, browLift) +
    mirrored(brow(p, browLift), CX) +
    eyeOpen(p) +
    mirrored(eyeOpen(p), CX) +
    `<path d="M 408 356 C 412 372, 414 382, 410 390" fill="none" stroke="${nose}" stroke-width="3" stroke-linecap="round" opacity="0.45"/>` +
    `<path d="M 391 ${FACE.noseY} Q 400 ${FACE.noseY + 7} 409 ${FACE.noseY}" fill="none" stroke="${nose}" stroke-width="4" stroke-linecap="round"/>`
  );
}

/** Drawn after the hair so frames sit on top of any fringe. */
export function headAccessories(p: Presenter): string {
  return glasses(p);
}

/** Both eyes closed, in body coordinates (cropped to EYES_BOX by the builder). */
export function blinkOverlay(p: Presenter): string {
  return eyeClosed(p) + mirrored(eyeClosed(p), CX);
}
