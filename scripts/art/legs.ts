/**
 * The whole figure's legs and shoes, below what body.png shows (it is cut at mid-thigh): the
 * 人物全身 framing shows the presenter down to the feet, standing on a soft floor shadow.
 */
import { bottoms, buildOf } from './body.js';
import { shade } from './color.js';
import { CX, FULL_CANVAS } from './geometry.js';
import type { Presenter } from './palette.js';
import { mirrored } from './svg.js';

/** y of the soles. */
const FLOOR = FULL_CANVAS.height - 50;
const ANKLE = FLOOR - 64;

function shoe(p: Presenter, h: number): string {
  const colour = p.sex === 2 ? shade(p.bottom.color, 0.45) : '#2b2a2e';
  const inner = p.bottom.type === 'skirt' ? CX - 18 : CX - 30;
  const outer = h + 40;
  return (
    `<path d="M ${outer + 8} ${ANKLE + 4} L ${inner - 6} ${ANKLE + 4} C ${inner + 2} ${ANKLE + 30}, ${inner + 4} ${FLOOR - 10}, ${inner - 4} ${FLOOR} ` +
    `L ${outer - 14} ${FLOOR} C ${outer - 30} ${FLOOR - 2}, ${outer - 22} ${ANKLE + 30}, ${outer + 8} ${ANKLE + 4} Z" fill="${colour}"/>` +
    `<path d="M ${outer - 6} ${FLOOR - 16} C ${outer + 30} ${FLOOR - 30}, ${inner - 40} ${FLOOR - 30}, ${inner - 10} ${FLOOR - 18}" ` +
    `stroke="#ffffff" stroke-width="4" fill="none" opacity="0.18" stroke-linecap="round"/>`
  );
}

/** One leg (left; the right is mirrored): trouser leg or bare leg under the skirt, to the ankle. */
function leg(p: Presenter, h: number): string {
  if (p.bottom.type === 'skirt') {
    return (
      `<path d="M ${h + 34} 1320 L ${CX - 4} 1320 C ${CX - 6} 1500, ${CX - 16} 1720, ${CX - 24} ${ANKLE + 8} ` +
      `L ${h + 62} ${ANKLE + 8} C ${h + 54} 1720, ${h + 36} 1500, ${h + 34} 1320 Z" fill="url(#skinLimb)"/>`
    );
  }
  const seam = shade(p.bottom.color, 0.35);
  return (
    `<path d="M ${CX + 1} 1200 L ${h + 2} 1200 C ${h + 4} 1420, ${h + 24} 1700, ${h + 44} ${ANKLE + 10} ` +
    `L ${CX - 34} ${ANKLE + 10} C ${CX - 30} 1700, ${CX - 14} 1450, ${CX} 1290 Z" fill="url(#bottomFill)"/>` +
    `<path d="M ${(h + CX) / 2} 1300 C ${(h + CX) / 2 + 4} 1560, ${(h + CX) / 2 + 10} 1760, ${(h + CX) / 2 + 12} ${ANKLE}" ` +
    `stroke="${seam}" stroke-width="3" fill="none" opacity="0.25"/>`
  );
}

/** Legs, shoes and the floor shadow, with the hips exactly as body.png draws them on top. */
export function fullBottoms(p: Presenter): string {
  const h = buildOf(p).hip;
  // body.png's own hips and skirt, down to where the legs here take over.
  const cut = p.bottom.type === 'skirt' ? 1400 : 1280;
  return (
    `<defs><clipPath id="hipsClip"><rect x="0" y="0" width="${FULL_CANVAS.width}" height="${cut}"/></clipPath></defs>` +
    `<ellipse cx="${CX}" cy="${FLOOR - 2}" rx="240" ry="20" fill="#000" opacity="0.16" filter="url(#soft)"/>` +
    leg(p, h) +
    mirrored(leg(p, h), CX) +
    shoe(p, h) +
    mirrored(shoe(p, h), CX) +
    `<g clip-path="url(#hipsClip)">${bottoms(p)}</g>`
  );
}
