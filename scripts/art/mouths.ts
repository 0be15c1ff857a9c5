/**
 * Mouth sprites for the Rhubarb-style shape set, drawn in sprite coordinates (MOUTH_BOX size, the
 * mouth centre at the middle). A closed M/B/P, B slightly open with teeth, C open, D wide open,
 * E rounded O, F puckered U/W, G F/V (upper teeth on the lower lip), H tongue up (L), X rest.
 */
import { mix, shade, tint } from './color.js';
import { MOUTH_BOX } from './geometry.js';
import type { Presenter } from './palette.js';
import { doc } from './svg.js';

export const MOUTH_SHAPES = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'X'] as const;
export type MouthShape = (typeof MOUTH_SHAPES)[number];

const CXM = MOUTH_BOX.width / 2;
const CYM = MOUTH_BOX.height / 2 - 2;
const INSIDE = '#5a1c25';
const TEETH = '#fbf8f3';
const TONGUE = '#d9646f';

interface Lips {
  color: string;
  dark: string;
  upper: number;
  lower: number;
}

function lipsOf(p: Presenter): Lips {
  const color = p.lipTone === 'painted' ? p.lips : mix(p.skin, p.lips, 0.6);
  return {
    color,
    dark: shade(color, 0.45),
    upper: p.lipTone === 'painted' ? 8 : 5,
    lower: p.lipTone === 'painted' ? 11 : 8,
  };
}

/** Control y so that a symmetric cubic from (.., y0) to (.., y0) peaks at `peak`. */
const ctl = (y0: number, peak: number) => (8 * peak - 2 * y0) / 6;

/** Outer lip contour: corners at cy0, upper lip with a cupid's bow up to `top`, lower lip down to `bottom`. */
function lipOutline(hw: number, cy0: number, top: number, bottom: number): string {
  const l = CXM - hw;
  const r = CXM + hw;
  return (
    `M ${l} ${cy0} C ${l + hw * 0.3} ${top + 3}, ${CXM - 14} ${top - 3}, ${CXM - 6} ${top} ` +
    `Q ${CXM} ${top + 4} ${CXM + 6} ${top} C ${CXM + 14} ${top - 3}, ${r - hw * 0.3} ${top + 3}, ${r} ${cy0} ` +
    `C ${r - hw * 0.3} ${ctl(cy0, bottom)}, ${l + hw * 0.3} ${ctl(cy0, bottom)}, ${l} ${cy0} Z`
  );
}

function opening(hw: number, cy0: number, top: number, bottom: number): string {
  return (
    `M ${CXM - hw} ${cy0} C ${CXM - hw / 2} ${ctl(cy0, top)}, ${CXM + hw / 2} ${ctl(cy0, top)}, ${CXM + hw} ${cy0} ` +
    `C ${CXM + hw / 2} ${ctl(cy0, bottom)}, ${CXM - hw / 2} ${ctl(cy0, bottom)}, ${CXM - hw} ${cy0} Z`
  );
}

interface Open {
  w: number;
  h: number;
  teethTop: number;
  teethBottom?: number;
  tongue?: 'low' | 'up';
  round?: boolean;
  lipScale?: number;
}

function openMouth(L: Lips, o: Open): string {
  const cy0 = CYM - 2;
  const top = cy0 - o.h * 0.38;
  const bottom = cy0 + o.h * 0.62;
  const k = o.lipScale ?? 1;
  const hw = o.w / 2;
  const outline = o.round
    ? `M ${CXM - hw - 6 * k} ${cy0 + o.h * 0.12} C ${CXM - hw - 6 * k} ${top - L.upper * k - 4}, ${CXM + hw + 6 * k} ${top - L.upper * k - 4}, ${CXM + hw + 6 * k} ${cy0 + o.h * 0.12} ` +
      `C ${CXM + hw + 6 * k} ${bottom + L.lower * k + 4}, ${CXM - hw - 6 * k} ${bottom + L.lower * k + 4}, ${CXM - hw - 6 * k} ${cy0 + o.h * 0.12} Z`
    : lipOutline(hw + 6, cy0, top - L.upper * k, bottom + L.lower * k);
  const hole = o.round
    ? `M ${CXM - hw} ${cy0 + o.h * 0.12} C ${CXM - hw} ${top - 3}, ${CXM + hw} ${top - 3}, ${CXM + hw} ${cy0 + o.h * 0.12} C ${CXM + hw} ${bottom + 3}, ${CXM - hw} ${bottom + 3}, ${CXM - hw} ${cy0 + o.h * 0.12} Z`
    : opening(hw, cy0, top, bottom);
  const tongue =
    o.tongue === 'low'
      ? `<ellipse cx="${CXM}" cy="${bottom + 1}" rx="${o.w * 0.34}" ry="${o.h * 0.32}" fill="${TONGUE}"/>`
      : o.tongue === 'up'
        ? `<path d="M ${CXM - o.w * 0.34} ${bottom + 2} C ${CXM - o.w * 0.3} ${top + o.h * 0.5}, ${CXM - o.w * 0.16} ${top + 1}, ${CXM} ${top + 1} ` +
          `C ${CXM + o.w * 0.16} ${top + 1}, ${CXM + o.w * 0.3} ${top + o.h * 0.5}, ${CXM + o.w * 0.34} ${bottom + 2} Z" fill="${TONGUE}"/>` +
          `<path d="M ${CXM} ${top + 8} L ${CXM} ${bottom - 4}" stroke="${shade(TONGUE, 0.2)}" stroke-width="2" opacity="0.6"/>`
        : '';
  const lowTeeth = o.teethBottom
    ? `<rect x="${CXM - hw}" y="${bottom - o.teethBottom}" width="${o.w}" height="${o.teethBottom + 2}" fill="${shade(TEETH, 0.06)}"/>`
    : '';
  return (
    `<clipPath id="hole"><path d="${hole}"/></clipPath>` +
    `<path d="${outline}" fill="${L.color}"/>` +
    `<path d="${hole}" fill="${INSIDE}"/>` +
    `<g clip-path="url(#hole)">${tongue}${lowTeeth}` +
    (o.teethTop > 0
      ? `<rect x="${CXM - hw}" y="${top - 4}" width="${o.w}" height="${o.teethTop + 4}" rx="2" fill="${TEETH}"/>` +
        `<path d="M ${CXM} ${top} L ${CXM} ${top + o.teethTop}" stroke="${shade(TEETH, 0.12)}" stroke-width="1.5"/>`
      : '') +
    `</g>` +
    `<path d="${hole}" fill="none" stroke="${L.dark}" stroke-width="2" opacity="0.6"/>` +
    `<ellipse cx="${CXM + 6}" cy="${bottom + L.lower * k * 0.5}" rx="${Math.max(5, hw * 0.35)}" ry="2.5" fill="#ffffff" opacity="0.3"/>`
  );
}

function closedMouth(L: Lips, smile: number, pressed: boolean): string {
  const hw = pressed ? 25 : 24;
  const cy0 = CYM - smile * 0.5;
  const up = pressed ? L.upper * 0.55 : L.upper;
  const lo = pressed ? L.lower * 0.6 : L.lower;
  const line = `M ${CXM - hw} ${cy0} Q ${CXM} ${cy0 + smile + (pressed ? 1 : 2)} ${CXM + hw} ${cy0}`;
  const color = pressed ? shade(L.color, 0.08) : L.color;
  const corner = (dx: number) =>
    `<path d="M ${CXM + dx * (hw - 3)} ${cy0 + 1} q ${dx * 3} -1 ${dx * 4} -4" fill="none" stroke="${L.dark}" stroke-width="2" stroke-linecap="round" opacity="0.6"/>`;
  return (
    `<path d="${lipOutline(hw, cy0, cy0 - up, cy0 + smile * 0.6 + lo)}" fill="${color}"/>` +
    `<path d="${line}" fill="none" stroke="${L.dark}" stroke-width="${pressed ? 3.5 : 3}" stroke-linecap="round"/>` +
    (smile > 0 ? corner(-1) + corner(1) : '') +
    `<ellipse cx="${CXM + 5}" cy="${cy0 + smile * 0.5 + lo * 0.55}" rx="8" ry="2.2" fill="#ffffff" opacity="0.3"/>`
  );
}

function fvMouth(L: Lips): string {
  const cy0 = CYM - 2;
  const hw = 24;
  const top = cy0 - 8;
  return (
    `<path d="${lipOutline(hw + 5, cy0, top - L.upper, cy0 + L.lower + 6)}" fill="${L.color}"/>` +
    `<path d="M ${CXM - hw + 2} ${cy0 - 1} C ${CXM - 12} ${top - 3}, ${CXM + 12} ${top - 3}, ${CXM + hw - 2} ${cy0 - 1} L ${CXM + hw - 6} ${cy0 + 4} L ${CXM - hw + 6} ${cy0 + 4} Z" fill="${INSIDE}"/>` +
    `<path d="M ${CXM - 14} ${top + 2} L ${CXM + 14} ${top + 2} L ${CXM + 13} ${cy0 + 3} Q ${CXM} ${cy0 + 5} ${CXM - 13} ${cy0 + 3} Z" fill="${TEETH}"/>` +
    `<path d="M ${CXM} ${top + 2} L ${CXM} ${cy0 + 3}" stroke="${shade(TEETH, 0.12)}" stroke-width="1.5"/>` +
    `<path d="M ${CXM - hw} ${cy0 + 4} Q ${CXM} ${cy0 + 10} ${CXM + hw} ${cy0 + 4}" fill="none" stroke="${L.dark}" stroke-width="2" opacity="0.5"/>` +
    `<ellipse cx="${CXM + 5}" cy="${cy0 + L.lower * 0.7 + 4}" rx="8" ry="2.2" fill="#ffffff" opacity="0.3"/>`
  );
}

function puckered(L: Lips): string {
  const cy = CYM;
  const ring = tint(L.color, 0.08);
  return (
    `<ellipse cx="${CXM}" cy="${cy + 1}" rx="${17 + L.lower * 0.3}" ry="${15 + L.lower * 0.4}" fill="${ring}"/>` +
    `<ellipse cx="${CXM}" cy="${cy + 1}" rx="7" ry="6" fill="${INSIDE}"/>` +
    [-1, 1]
      .map(
        (d) =>
          `<path d="M ${CXM + d * 11} ${cy - 9} q ${d * 4} 10 0 20" fill="none" stroke="${L.dark}" stroke-width="1.8" opacity="0.35"/>`,
      )
      .join('') +
    `<path d="M ${CXM - 7} ${cy + 1} Q ${CXM} ${cy - 7} ${CXM + 7} ${cy + 1}" fill="none" stroke="${L.dark}" stroke-width="2" opacity="0.6"/>` +
    `<ellipse cx="${CXM + 4}" cy="${cy + 13}" rx="6" ry="2" fill="#ffffff" opacity="0.3"/>`
  );
}

export function mouthSvg(p: Presenter, shape: MouthShape): string {
  const L = lipsOf(p);
  const body: Record<MouthShape, () => string> = {
    X: () => closedMouth(L, 7, false),
    A: () => closedMouth(L, 1, true),
    B: () => openMouth(L, { w: 44, h: 10, teethTop: 6, teethBottom: 3 }),
    C: () => openMouth(L, { w: 48, h: 22, teethTop: 7, tongue: 'low' }),
    D: () => openMouth(L, { w: 54, h: 36, teethTop: 8, tongue: 'low' }),
    E: () => openMouth(L, { w: 30, h: 28, teethTop: 5, tongue: 'low', round: true, lipScale: 1.1 }),
    F: () => puckered(L),
    G: () => fvMouth(L),
    H: () => openMouth(L, { w: 44, h: 26, teethTop: 6, tongue: 'up' }),
  };
  // drawn at 1.12x around the sprite centre so speech reads clearly at video scale
  const g = `<g transform="translate(${CXM} ${CYM}) scale(1.12) translate(${-CXM} ${-CYM})">${body[shape]()}</g>`;
  return doc(MOUTH_BOX.width, MOUTH_BOX.height, '', g);
}
