/** Reusable scene props: plants, windows, shelves, lights, soft blobs. Sizes are in scene pixels. */
import { shade, tint } from './color.js';

/** Potted plant standing on y = base, centred at x, scale s (1 = about 260 px tall). */
export function plant(x: number, base: number, s: number, pot = '#e9e4dc', leaf = '#4f9a6e'): string {
  const leaves = [
    [-70, -200, -20],
    [-40, -250, -8],
    [0, -270, 0],
    [40, -245, 10],
    [72, -190, 22],
    [-90, -140, -35],
    [95, -130, 38],
  ]
    .map(([dx, dy, rot], i) => {
      const c = i % 2 ? leaf : shade(leaf, 0.15);
      return (
        `<g transform="translate(${dx * 0.55} ${-90}) rotate(${rot})">` +
        `<path d="M 0 0 C ${-22} ${dy * 0.35}, ${-12} ${dy * 0.8}, 0 ${dy * 0.62} C 12 ${dy * 0.8}, 22 ${dy * 0.35}, 0 0 Z" fill="${c}"/>` +
        `<path d="M 0 0 L 0 ${dy * 0.6}" stroke="${tint(leaf, 0.3)}" stroke-width="2" opacity="0.6"/></g>`
      );
    })
    .join('');
  return (
    `<g transform="translate(${x} ${base}) scale(${s})">` +
    `<ellipse cx="0" cy="0" rx="70" ry="10" fill="#000" opacity="0.12"/>` +
    leaves +
    `<path d="M -52 -96 L 52 -96 L 40 0 L -40 0 Z" fill="${pot}"/>` +
    `<rect x="-56" y="-104" width="112" height="16" rx="4" fill="${shade(pot, 0.08)}"/>` +
    `<path d="M 20 -88 L 14 -4 L 40 -4 L 48 -88 Z" fill="#000" opacity="0.06"/>` +
    `</g>`
  );
}

/** Window with a sky, optional city skyline, frame and sill. */
export function windowPane(
  x: number,
  y: number,
  w: number,
  h: number,
  opts: { city?: boolean; frame?: string; sky?: [string, string] } = {},
): string {
  const frame = opts.frame ?? '#ffffff';
  const sky = opts.sky ?? ['#9fd0f5', '#e3f3ff'];
  const id = `sky${x}${y}`;
  let city = '';
  if (opts.city) {
    const blds: string[] = [];
    let bx = x;
    let i = 0;
    while (bx < x + w) {
      const bw = 40 + ((i * 37) % 50);
      const bh = h * (0.22 + ((i * 53) % 40) / 100);
      const c = i % 2 ? '#b8cde3' : '#a7bfd9';
      blds.push(`<rect x="${bx}" y="${y + h - bh}" width="${bw}" height="${bh}" fill="${c}"/>`);
      for (let wy = y + h - bh + 14; wy < y + h - 12; wy += 22) {
        blds.push(
          `<rect x="${bx + 8}" y="${wy}" width="${bw - 16}" height="6" fill="#dbe8f5" opacity="0.7"/>`,
        );
      }
      bx += bw + 6;
      i++;
    }
    city = `<g clip-path="url(#clip${id})">${blds.join('')}</g>`;
  }
  return (
    `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky[0]}"/><stop offset="1" stop-color="${sky[1]}"/></linearGradient>` +
    `<clipPath id="clip${id}"><rect x="${x}" y="${y}" width="${w}" height="${h}"/></clipPath>` +
    `<rect x="${x - 14}" y="${y - 14}" width="${w + 28}" height="${h + 28}" rx="6" fill="${frame}"/>` +
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="url(#${id})"/>` +
    `<ellipse cx="${x + w * 0.3}" cy="${y + h * 0.25}" rx="${w * 0.18}" ry="${h * 0.05}" fill="#fff" opacity="0.7"/>` +
    city +
    `<path d="M ${x} ${y + h} L ${x + w * 0.45} ${y} L ${x + w * 0.62} ${y} L ${x + w * 0.17} ${y + h} Z" fill="#fff" opacity="0.12"/>` +
    `<rect x="${x + w / 2 - 6}" y="${y}" width="12" height="${h}" fill="${frame}"/>` +
    `<rect x="${x}" y="${y + h * 0.55}" width="${w}" height="10" fill="${frame}"/>` +
    `<rect x="${x - 24}" y="${y + h + 10}" width="${w + 48}" height="18" rx="4" fill="${shade(frame, 0.08)}"/>`
  );
}

/** Book row on a shelf: books fill [x, x + w] standing on y. Deterministic colours and heights. */
export function books(x: number, y: number, w: number, palette: string[], seed = 1): string {
  const out: string[] = [];
  let bx = x;
  let i = seed;
  while (bx < x + w - 20) {
    const bw = 14 + ((i * 7) % 12);
    const bh = 60 + ((i * 13) % 34);
    const c = palette[i % palette.length];
    if (i % 9 === 4) {
      out.push(
        `<rect x="${bx + 6}" y="${y - bh + 6}" width="${bw}" height="${bh - 6}" fill="${c}" transform="rotate(-12 ${bx + 6} ${y})"/>`,
      );
      bx += bw + 22;
    } else {
      out.push(`<rect x="${bx}" y="${y - bh}" width="${bw}" height="${bh}" rx="2" fill="${c}"/>`);
      out.push(
        `<rect x="${bx + 3}" y="${y - bh + 10}" width="${bw - 6}" height="4" fill="#fff" opacity="0.35"/>`,
      );
      bx += bw + 2;
    }
    i++;
  }
  return out.join('');
}

/** Shelf unit with boards; `rows` books rows. */
export function shelf(
  x: number,
  y: number,
  w: number,
  h: number,
  rows: number,
  wood: string,
  palette: string[],
): string {
  const gap = h / rows;
  let out = `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${shade(wood, 0.25)}"/>`;
  out += `<rect x="${x - 12}" y="${y - 14}" width="${w + 24}" height="18" fill="${wood}"/>`;
  for (let r = 0; r < rows; r++) {
    const by = y + gap * (r + 1);
    out += books(x + 12, by - 8, w * (r % 2 ? 0.7 : 0.85), palette, r * 5 + 1);
    if (r % 2) out += `<circle cx="${x + w - 50}" cy="${by - 40}" r="28" fill="${tint(wood, 0.5)}"/>`;
    out += `<rect x="${x - 12}" y="${by - 10}" width="${w + 24}" height="16" fill="${wood}"/>`;
  }
  out += `<rect x="${x - 12}" y="${y}" width="14" height="${h}" fill="${shade(wood, 0.05)}"/><rect x="${x + w - 2}" y="${y}" width="14" height="${h}" fill="${shade(wood, 0.05)}"/>`;
  return out;
}

/** Soft translucent circle (bokeh / blob). */
export function blob(
  cx: number,
  cy: number,
  r: number,
  color: string,
  opacity: number,
  blurId = 'blur',
): string {
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${color}" opacity="${opacity}" filter="url(#${blurId})"/>`;
}

/** Wall clock. */
export function clock(cx: number, cy: number, r: number): string {
  return (
    `<circle cx="${cx}" cy="${cy}" r="${r + 8}" fill="#5b5f6b"/><circle cx="${cx}" cy="${cy}" r="${r}" fill="#fbfaf7"/>` +
    Array.from({ length: 12 }, (_, i) => {
      const a = (i * Math.PI) / 6;
      return `<line x1="${cx + Math.sin(a) * r * 0.8}" y1="${cy - Math.cos(a) * r * 0.8}" x2="${cx + Math.sin(a) * r * 0.92}" y2="${cy - Math.cos(a) * r * 0.92}" stroke="#5b5f6b" stroke-width="4"/>`;
    }).join('') +
    `<line x1="${cx}" y1="${cy}" x2="${cx + r * 0.45}" y2="${cy - r * 0.3}" stroke="#3b3f4a" stroke-width="6" stroke-linecap="round"/>` +
    `<line x1="${cx}" y1="${cy}" x2="${cx - r * 0.1}" y2="${cy - r * 0.7}" stroke="#3b3f4a" stroke-width="4" stroke-linecap="round"/>` +
    `<circle cx="${cx}" cy="${cy}" r="6" fill="#e0614f"/>`
  );
}

export const COMMON_DEFS =
  `<filter id="blur" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="30"/></filter>` +
  `<filter id="blurBig" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="45"/></filter>` +
  `<filter id="blurSmall" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="8"/></filter>`;
