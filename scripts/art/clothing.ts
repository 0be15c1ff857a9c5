/** Garments: the inner top (shirt, blouse, tee, knit) and the outer layer (blazer, suit, cardigan, overshirt). */
import { buildOf, symmetric, torsoHalf } from './body.js';
import { shade, tint } from './color.js';
import { CX } from './geometry.js';
import type { Presenter } from './palette.js';
import { linear, mirrored } from './svg.js';

export function clothingDefs(p: Presenter): string {
  return (
    linear(
      'outerFill',
      0,
      540,
      0,
      1160,
      [
        [0, tint(p.outer.color, 0.08)],
        [1, shade(p.outer.color, 0.1)],
      ],
      true,
    ) +
    linear(
      'innerFill',
      0,
      540,
      0,
      1160,
      [
        [0, p.inner.color],
        [1, shade(p.inner.color, 0.08)],
      ],
      true,
    )
  );
}

function necklace(p: Presenter, depth: number): string {
  if (!p.necklace) return '';
  const b = buildOf(p);
  const d = `M ${CX - b.neck + 2} 548 Q ${CX} ${depth} ${CX + b.neck - 2} 548`;
  if (p.inner.type === 'knit') {
    return `<path d="${d}" fill="none" stroke="${p.necklace}" stroke-width="9" stroke-dasharray="0.1 12" stroke-linecap="round"/>`;
  }
  return (
    `<path d="${d}" fill="none" stroke="${p.necklace}" stroke-width="2.5"/>` +
    `<circle cx="${CX}" cy="${(548 + depth) / 2 + 2}" r="6" fill="${p.necklace}" stroke="${shade(p.necklace, 0.3)}" stroke-width="1.5"/>`
  );
}

/** Inner top: full torso in the inner colour, then its neckline. */
export function innerTop(p: Presenter): string {
  const b = buildOf(p);
  const n = b.neck;
  const fill = symmetric(
    `<path d="${torsoHalf(b, p.outer.type === 'suit' || p.outer.type === 'blazer' ? b.hem - 60 : b.hem)}" fill="url(#innerFill)"/>`,
  );
  const edge = shade(p.inner.color, 0.14);
  switch (p.inner.type) {
    case 'shirt': {
      const wing = `<path d="M ${CX + 2} 580 L ${CX - n - 2} 506 L ${CX - n - 22} 548 L ${CX - n - 10} 596 Z" fill="${p.inner.color}" stroke="${edge}" stroke-width="2.5" stroke-linejoin="round"/>`;
      const tie = p.tie
        ? `<path d="M ${CX - 14} 584 L ${CX + 14} 584 L ${CX + 26} 840 L ${CX} 880 L ${CX - 26} 840 Z" fill="${p.tie}"/>` +
          `<path d="M ${CX + 4} 600 L ${CX + 18} 840 L ${CX} 866" fill="none" stroke="${shade(p.tie, 0.2)}" stroke-width="4"/>` +
          `<path d="M ${CX - 20} 546 L ${CX + 20} 546 L ${CX + 13} 590 L ${CX - 13} 590 Z" fill="${shade(p.tie, 0.08)}"/>`
        : '';
      return (
        fill +
        `<path d="M ${CX - n - 2} 516 Q ${CX} 548 ${CX + n + 2} 516 L ${CX + n + 2} 504 Q ${CX} 530 ${CX - n - 2} 504 Z" fill="${shade(p.inner.color, 0.12)}"/>` +
        `<path d="M ${CX - n - 2} 516 Q ${CX} 548 ${CX + n + 2} 516 L ${CX + n + 2} 560 L ${CX - n - 2} 560 Z" fill="${p.inner.color}"/>` +
        tie +
        wing +
        mirrored(wing, CX)
      );
    }
    case 'blouse': {
      const v = `<path d="M ${CX - n} 530 L ${CX} 650 L ${CX + n} 530 Z" fill="url(#neckSkin)"/>`;
      const collar = `<path d="M ${CX - n} 528 L ${CX - n - 40} 560 L ${CX - 6} 660 L ${CX} 652 Z" fill="${p.inner.color}" stroke="${edge}" stroke-width="2.5" stroke-linejoin="round"/>`;
      return fill + v + necklace(p, 622) + collar + mirrored(collar, CX);
    }
    case 'knit':
    case 'tee': {
      const depth = p.inner.type === 'tee' ? 590 : 572;
      const band = p.inner.type === 'tee' ? 10 : 16;
      return (
        fill +
        `<path d="M ${CX - n} 520 L ${CX - n} 536 Q ${CX} ${depth + 4} ${CX + n} 536 L ${CX + n} 520 Z" fill="url(#neckSkin)"/>` +
        `<path d="M ${CX - n - 8} 538 Q ${CX} ${depth + 8} ${CX + n + 8} 538" fill="none" stroke="${edge}" stroke-width="${band}" stroke-linecap="round"/>` +
        necklace(p, depth + 40)
      );
    }
  }
}

/** Left jacket panel with lapel (mirrored for the right); the left panel overlaps at the button. */
function jacket(p: Presenter): string {
  const b = buildOf(p);
  const n = CX - b.neck;
  const s = b.shoulder;
  const c = p.outer.color;
  const btnY = p.sex === 1 ? 880 : 840;
  const panel = (overlap: number) =>
    `<path d="M ${n + 2} 532 C ${n - 60} 550, ${s + 44} 562, ${s + 20} 590 C ${s + 2} 610, ${s - 4} 650, ${s} 700 ` +
    `L ${b.waist} 980 C ${b.waist - 6} 1040, ${b.hip} 1090, ${b.hip} ${b.hem} L ${CX - 30 + overlap} ${b.hem} ` +
    `C ${CX - 8 + overlap} ${b.hem - 40}, ${CX + overlap} ${b.hem - 90}, ${CX + overlap} ${btnY + 20} L ${CX + overlap} ${btnY} L ${n + 12} 552 Z" fill="url(#outerFill)"/>`;
  const lapel =
    `<path d="M ${n + 2} 532 L ${n - 54} 668 L ${n - 34} 684 L ${CX - 2} ${btnY - 2} L ${n + 14} 556 Z" fill="${shade(c, 0.08)}"/>` +
    `<path d="M ${n - 54} 668 L ${n - 34} 684 L ${CX - 2} ${btnY - 2}" fill="none" stroke="${shade(c, 0.28)}" stroke-width="3" stroke-linejoin="round"/>` +
    `<path d="M ${n - 40} 640 L ${n - 4} 600" stroke="${tint(c, 0.15)}" stroke-width="4" stroke-linecap="round" opacity="0.7"/>`;
  const pocket = `<path d="M ${b.waist + 30} 1066 L ${b.waist + 120} 1060" stroke="${shade(c, 0.3)}" stroke-width="5" stroke-linecap="round"/>`;
  const breast =
    p.sex === 1
      ? `<path d="M ${CX + 72} 730 L ${CX + 150} 724" stroke="${shade(c, 0.3)}" stroke-width="5" stroke-linecap="round"/>` +
        `<path d="M ${CX + 84} 729 L ${CX + 96} 712 L ${CX + 108} 726 L ${CX + 122} 710 L ${CX + 134} 725 Z" fill="#f4f6fa"/>`
      : '';
  const buttons = [btnY + 14, btnY + 124]
    .map(
      (y) =>
        `<circle cx="${CX + 14}" cy="${y}" r="8" fill="${shade(c, 0.35)}"/><circle cx="${CX + 12}" cy="${y - 2}" r="3" fill="${tint(c, 0.2)}"/>`,
    )
    .join('');
  return (
    mirrored(panel(0) + lapel + pocket, CX) +
    panel(14) +
    lapel +
    pocket +
    breast +
    `<path d="M ${CX + 14} ${btnY} L ${CX + 14} ${b.hem - 90} C ${CX + 14} ${b.hem - 40}, ${CX - 6} ${b.hem - 16}, ${CX - 16} ${b.hem}" fill="none" stroke="${shade(c, 0.3)}" stroke-width="3"/>` +
    buttons
  );
}

/** Open-front layer (cardigan or overshirt): left panel mirrored, the front edges leave the top visible. */
function openLayer(p: Presenter): string {
  const b = buildOf(p);
  const n = CX - b.neck;
  const s = b.shoulder;
  const c = p.outer.color;
  const edgeX = p.outer.type === 'cardigan' ? CX - 46 : CX - 34;
  const panel =
    `<path d="M ${n + 2} 530 C ${n - 60} 548, ${s + 44} 562, ${s + 20} 590 C ${s + 2} 610, ${s - 4} 650, ${s} 700 ` +
    `L ${b.waist} 980 C ${b.waist - 6} 1040, ${b.hip} 1090, ${b.hip} ${b.hem} L ${edgeX} ${b.hem} L ${edgeX} 760 ` +
    `C ${edgeX} 680, ${n + 4} 600, ${n + 6} 546 Z" fill="url(#outerFill)"/>`;
  let details: string;
  if (p.outer.type === 'cardigan') {
    details =
      `<path d="M ${n + 4} 540 C ${n + 4} 600, ${edgeX + 6} 680, ${edgeX + 6} 760 L ${edgeX + 6} ${b.hem - 4}" fill="none" stroke="${shade(c, 0.1)}" stroke-width="14"/>` +
      `<path d="M ${b.hip} ${b.hem - 30} L ${edgeX} ${b.hem - 30}" stroke="${shade(c, 0.12)}" stroke-width="4"/>` +
      `<path d="M ${b.waist + 26} 1010 L ${b.waist + 110} 1010 L ${b.waist + 110} 1080 L ${b.waist + 26} 1080 Z" fill="none" stroke="${shade(c, 0.16)}" stroke-width="4"/>`;
  } else {
    const collar = `<path d="M ${n - 6} 524 L ${n - 40} 604 L ${edgeX + 10} 650 L ${n + 10} 548 Z" fill="${shade(c, 0.06)}" stroke="${shade(c, 0.28)}" stroke-width="3" stroke-linejoin="round"/>`;
    details =
      `<path d="M ${edgeX + 10} 640 L ${edgeX + 10} ${b.hem}" stroke="${shade(c, 0.25)}" stroke-width="3"/>` +
      `<rect x="${CX - 170}" y="690" width="80" height="84" rx="6" fill="${shade(c, 0.04)}" stroke="${shade(c, 0.25)}" stroke-width="3"/>` +
      `<path d="M ${CX - 172} 690 L ${CX - 88} 690 L ${CX - 90} 716 L ${CX - 170} 716 Z" fill="${shade(c, 0.1)}"/>` +
      `<circle cx="${CX - 130}" cy="708" r="5" fill="${tint(c, 0.4)}"/>` +
      collar;
  }
  const buttons =
    p.outer.type === 'overshirt'
      ? [760, 860, 960, 1060]
          .map((y) => `<circle cx="${edgeX + 22}" cy="${y}" r="6" fill="${tint(c, 0.4)}"/>`)
          .join('')
      : [800, 880, 960, 1040]
          .map(
            (y) =>
              `<circle cx="${edgeX + 6}" cy="${y}" r="6.5" fill="${tint(c, 0.45)}" stroke="${shade(c, 0.2)}" stroke-width="2"/>`,
          )
          .join('');
  return symmetric(panel + details) + buttons;
}

export function outerLayer(p: Presenter): string {
  switch (p.outer.type) {
    case 'blazer':
    case 'suit':
      return jacket(p);
    case 'cardigan':
    case 'overshirt':
      return openLayer(p);
    case 'none':
      return '';
  }
}

/** Colour of the sleeves and what shows at the wrist. */
export function sleeveOf(p: Presenter): { sleeve: string; cuff: string | null; rolled: boolean } {
  if (p.outer.type === 'none') return { sleeve: p.inner.color, cuff: null, rolled: false };
  if (p.outer.type === 'overshirt') return { sleeve: p.outer.color, cuff: null, rolled: true };
  if (p.outer.type === 'cardigan')
    return { sleeve: p.outer.color, cuff: shade(p.outer.color, 0.1), rolled: false };
  return { sleeve: p.outer.color, cuff: p.inner.color, rolled: false };
}
