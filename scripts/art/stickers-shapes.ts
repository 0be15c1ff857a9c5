/**
 * Sticker drawings (SVG bodies on a 256 x 256 canvas). Shared by the still PNG stickers and the
 * animated GIFs (which draw the same shapes with a per-frame transform or colour).
 */

export const INK = {
  red: '#e5484d',
  blue: '#2f7bf5',
  green: '#23a55a',
  orange: '#f5871f',
  yellow: '#ffc53d',
  purple: '#8e4ec6',
  pink: '#ec4899',
  dark: '#2b2f36',
  skin: '#ffcd6b',
  skinDark: '#e0a437',
} as const;

/** A fat arrow pointing right, centred on (128,128), rotated by `deg`. */
export function arrow(fill: string, deg = 0, dx = 0, dy = 0): string {
  const d = 'M40 104 H148 V64 L220 128 L148 192 V152 H40 Q28 152 28 140 V116 Q28 104 40 104 Z';
  return `<g transform="translate(${dx} ${dy}) rotate(${deg} 128 128)"><path d="${d}" fill="${fill}" stroke="${shade(fill)}" stroke-width="6" stroke-linejoin="round"/><path d="M44 116 H156 V92" fill="none" stroke="#fff" stroke-opacity="0.35" stroke-width="8" stroke-linecap="round" stroke-linejoin="round"/></g>`;
}

/** A curved arrow sweeping from the lower left up to the right. */
export function curvedArrow(colour: string): string {
  return (
    `<path d="M44 200 C 60 110, 120 70, 186 78" fill="none" stroke="${colour}" stroke-width="22" stroke-linecap="round"/>` +
    `<path d="M166 40 L226 80 L170 124 Z" fill="${colour}" stroke="${colour}" stroke-width="10" stroke-linejoin="round"/>`
  );
}

/** A hand-drawn looking ellipse ring (two overlapping strokes). */
export function ring(colour: string, width = 14, scale = 1, opacity = 1): string {
  return (
    `<g transform="translate(128 128) scale(${scale}) translate(-128 -128)" opacity="${opacity}">` +
    `<path d="M206 92 C 228 150, 170 206, 110 200 C 50 194, 24 146, 46 104 C 70 60, 150 44, 200 78" fill="none" stroke="${colour}" stroke-width="${width}" stroke-linecap="round"/>` +
    `<path d="M200 78 C 214 88, 220 100, 222 112" fill="none" stroke="${colour}" stroke-width="${width * 0.7}" stroke-linecap="round"/></g>`
  );
}

/** A highlighter-marker rectangle frame. */
export function box(colour: string): string {
  return (
    `<rect x="30" y="54" width="196" height="148" rx="18" fill="${INK.yellow}" fill-opacity="0.3"/>` +
    `<rect x="30" y="54" width="196" height="148" rx="18" fill="none" stroke="${colour}" stroke-width="14" stroke-dasharray="0" stroke-linejoin="round"/>`
  );
}

/** A marker underline swoosh; `reveal` 0..1 draws it from the left. */
export function swoosh(colour: string, reveal = 1, opacity = 1): string {
  const d = 'M24 150 C 80 132, 150 128, 232 140';
  const d2 = 'M60 176 C 110 162, 170 160, 214 166';
  const len = 230;
  const dash = `stroke-dasharray="${len}" stroke-dashoffset="${(len * (1 - reveal)).toFixed(1)}"`;
  return (
    `<g opacity="${opacity}"><path d="${d}" fill="none" stroke="${colour}" stroke-width="20" stroke-linecap="round" ${dash}/>` +
    `<path d="${d2}" fill="none" stroke="${colour}" stroke-width="12" stroke-linecap="round" ${dash}/></g>`
  );
}

/** An empty rounded speech bubble with a tail on the lower left. */
export function speechBubble(fill: string, stroke: string): string {
  return `<path d="M56 44 H200 Q228 44 228 72 V148 Q228 176 200 176 H104 L60 216 L70 176 H56 Q28 176 28 148 V72 Q28 44 56 44 Z" fill="${fill}" stroke="${stroke}" stroke-width="10" stroke-linejoin="round"/>`;
}

/** An empty cloud-like thought bubble with two trailing dots. */
export function thoughtBubble(fill: string, stroke: string): string {
  const cloud =
    'M70 150 C 34 150, 30 104, 62 96 C 58 58, 104 44, 124 66 C 140 38, 190 42, 194 80 C 232 82, 236 138, 198 146 C 196 176, 150 182, 136 164 C 118 184, 76 180, 70 150 Z';
  return (
    `<path d="${cloud}" fill="${fill}" stroke="${stroke}" stroke-width="10" stroke-linejoin="round"/>` +
    `<circle cx="64" cy="192" r="14" fill="${fill}" stroke="${stroke}" stroke-width="8"/>` +
    `<circle cx="38" cy="224" r="8" fill="${fill}" stroke="${stroke}" stroke-width="6"/>`
  );
}

export function check(colour: string): string {
  return (
    `<circle cx="128" cy="128" r="100" fill="${colour}"/>` +
    `<path d="M78 132 L114 168 L182 94" fill="none" stroke="#fff" stroke-width="26" stroke-linecap="round" stroke-linejoin="round"/>`
  );
}

export function cross(colour: string): string {
  return (
    `<circle cx="128" cy="128" r="100" fill="${colour}"/>` +
    `<path d="M88 88 L168 168 M168 88 L88 168" fill="none" stroke="#fff" stroke-width="26" stroke-linecap="round"/>`
  );
}

/** Five-pointed star centred on (cx,cy). */
export function star(fill: string, cx = 128, cy = 132, r = 104, scale = 1, opacity = 1): string {
  const pts: string[] = [];
  for (let i = 0; i < 10; i++) {
    const rr = (i % 2 === 0 ? r : r * 0.46) * scale;
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    pts.push(`${(cx + rr * Math.cos(a)).toFixed(1)},${(cy + rr * Math.sin(a)).toFixed(1)}`);
  }
  return `<polygon points="${pts.join(' ')}" fill="${fill}" stroke="${shade(fill)}" stroke-width="${8 * scale}" stroke-linejoin="round" opacity="${opacity}"/>`;
}

export function lightbulb(glow: boolean): string {
  const rays = [-60, -30, 0, 30, 60]
    .map(
      (a) =>
        `<path d="M128 20 V4" transform="rotate(${a} 128 100)" stroke="${INK.yellow}" stroke-width="12" stroke-linecap="round"/>`,
    )
    .join('');
  return (
    (glow ? rays : '') +
    `<path d="M128 32 C 78 32, 56 72, 60 104 C 64 136, 92 150, 96 180 H160 C 164 150, 192 136, 196 104 C 200 72, 178 32, 128 32 Z" fill="${INK.yellow}" stroke="#d9a21b" stroke-width="8" stroke-linejoin="round"/>` +
    `<path d="M96 110 C 92 86, 104 68, 122 62" fill="none" stroke="#fff" stroke-opacity="0.7" stroke-width="10" stroke-linecap="round"/>` +
    `<path d="M112 178 L118 130 L128 142 L138 130 L144 178" fill="none" stroke="#b7791f" stroke-width="6" stroke-linejoin="round"/>` +
    `<rect x="94" y="180" width="68" height="20" rx="8" fill="#8b94a3"/>` +
    `<rect x="98" y="200" width="60" height="18" rx="8" fill="#6b7280"/>` +
    `<path d="M112 218 H144 Q140 236 128 236 Q116 236 112 218 Z" fill="#4b5563"/>`
  );
}

export function warning(): string {
  return (
    `<path d="M128 28 L232 212 Q236 224 222 224 H34 Q20 224 24 212 Z" fill="${INK.yellow}" stroke="#2b2f36" stroke-width="12" stroke-linejoin="round"/>` +
    `<path d="M128 90 V150" stroke="#2b2f36" stroke-width="24" stroke-linecap="round"/>` +
    `<circle cx="128" cy="188" r="14" fill="#2b2f36"/>`
  );
}

export function thumbsUp(): string {
  return (
    `<rect x="30" y="112" width="44" height="112" rx="10" fill="${INK.blue}" stroke="#1d5bbf" stroke-width="6"/>` +
    `<path d="M84 118 L120 56 Q128 34 146 42 Q162 50 154 80 L146 106 H206 Q226 108 224 128 Q222 140 212 144 Q226 152 220 168 Q216 178 206 180 Q216 190 208 204 Q204 212 194 214 Q200 226 190 232 Q184 236 172 236 H104 Q84 236 84 216 Z" fill="${INK.skin}" stroke="${INK.skinDark}" stroke-width="6" stroke-linejoin="round"/>` +
    `<path d="M170 144 H212 M168 180 H206 M166 214 H194" stroke="${INK.skinDark}" stroke-width="6" stroke-linecap="round"/>`
  );
}

/** A digit 1-5 drawn as strokes inside a 100 x 140 box at the origin. */
function digit(n: number): string {
  const paths: Record<number, string> = {
    1: 'M30 30 L58 10 V130',
    2: 'M18 40 C 18 0, 84 0, 84 40 C 84 70, 40 90, 16 130 H88',
    3: 'M18 24 C 30 0, 84 4, 80 36 C 78 60, 56 66, 42 66 C 60 66, 88 72, 86 100 C 84 136, 26 140, 14 112',
    4: 'M66 130 V10 L12 96 H92',
    5: 'M82 10 H28 L22 66 C 40 54, 88 52, 88 92 C 88 138, 30 138, 16 114',
  };
  return `<path d="${paths[n]}" fill="none" stroke="#fff" stroke-width="20" stroke-linecap="round" stroke-linejoin="round"/>`;
}

export function numberBadge(n: number, fill: string): string {
  return (
    `<circle cx="128" cy="128" r="104" fill="${fill}" stroke="${shade(fill)}" stroke-width="8"/>` +
    `<circle cx="128" cy="128" r="84" fill="none" stroke="#fff" stroke-opacity="0.35" stroke-width="4"/>` +
    `<g transform="translate(${128 - 52} ${128 - 70})">${digit(n)}</g>`
  );
}

/** A four-pointed sparkle at (cx,cy) of radius r. */
export function sparkle(cx: number, cy: number, r: number, fill: string, opacity = 1): string {
  const k = r * 0.22;
  return `<path d="M${cx} ${cy - r} Q${cx + k} ${cy - k} ${cx + r} ${cy} Q${cx + k} ${cy + k} ${cx} ${cy + r} Q${cx - k} ${cy + k} ${cx - r} ${cy} Q${cx - k} ${cy - k} ${cx} ${cy - r} Z" fill="${fill}" opacity="${opacity}"/>`;
}

export function sparkles(): string {
  return (
    sparkle(100, 120, 84, INK.yellow) + sparkle(190, 64, 40, '#ffe08a') + sparkle(190, 196, 30, INK.orange)
  );
}

export function questionMark(fill: string): string {
  return (
    `<circle cx="128" cy="128" r="104" fill="${fill}" stroke="${shade(fill)}" stroke-width="8"/>` +
    `<path d="M92 96 C 92 56, 166 52, 166 94 C 166 124, 128 124, 128 156" fill="none" stroke="#fff" stroke-width="24" stroke-linecap="round"/>` +
    `<circle cx="128" cy="194" r="14" fill="#fff"/>`
  );
}

export function exclamation(fill: string): string {
  return (
    `<circle cx="128" cy="128" r="104" fill="${fill}" stroke="${shade(fill)}" stroke-width="8"/>` +
    `<path d="M128 62 V146" stroke="#fff" stroke-width="26" stroke-linecap="round"/>` +
    `<circle cx="128" cy="190" r="15" fill="#fff"/>`
  );
}

export function heart(fill: string, scale = 1): string {
  return `<g transform="translate(128 132) scale(${scale}) translate(-128 -132)"><path d="M128 224 C 60 176, 24 140, 24 96 C 24 60, 52 36, 84 36 C 104 36, 120 48, 128 64 C 136 48, 152 36, 172 36 C 204 36, 232 60, 232 96 C 232 140, 196 176, 128 224 Z" fill="${fill}" stroke="${shade(fill)}" stroke-width="8" stroke-linejoin="round"/><path d="M60 92 C 60 72, 74 62, 90 62" fill="none" stroke="#fff" stroke-opacity="0.6" stroke-width="12" stroke-linecap="round"/></g>`;
}

/** An open palm (waving hand), rotated about the wrist by `deg`. */
export function palm(deg: number): string {
  const s = INK.skin;
  const o = INK.skinDark;
  const finger = (x: number, top: number) =>
    `<rect x="${x}" y="${top}" width="30" height="${150 - top}" rx="15" fill="${s}" stroke="${o}" stroke-width="6"/>`;
  return (
    `<g transform="rotate(${deg} 128 230)">` +
    finger(74, 46) +
    finger(104, 30) +
    finger(134, 36) +
    finger(164, 60) +
    `<path d="M70 120 Q64 196 110 226 H160 Q196 206 196 140 V120 Z" fill="${s}" stroke="${o}" stroke-width="6" stroke-linejoin="round"/>` +
    `<path d="M76 150 L40 112 Q28 98 42 88 Q54 80 66 94 L96 128" fill="${s}" stroke="${o}" stroke-width="6" stroke-linejoin="round"/>` +
    `<rect x="77" y="112" width="116" height="30" fill="${s}"/>` +
    `</g>`
  );
}

/** A mouse pointer with its tip at (tx,ty). */
export function cursor(tx: number, ty: number, scale = 1): string {
  return `<g transform="translate(${tx} ${ty}) scale(${scale})"><path d="M0 0 V92 L24 70 L42 110 L62 100 L44 62 H76 Z" fill="#fff" stroke="${INK.dark}" stroke-width="8" stroke-linejoin="round"/></g>`;
}

/** A darker shade of a #rrggbb colour for outlines. */
export function shade(hex: string, k = 0.78): string {
  const n = parseInt(hex.slice(1), 16);
  const c = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((v) => Math.round(v * k));
  return `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

/** Mixes #rrggbb `hex` towards white by k (0 = unchanged, 1 = white): GIFs have no partial alpha. */
export function fade(hex: string, k: number): string {
  const n = parseInt(hex.slice(1), 16);
  const c = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((v) => Math.round(v + (255 - v) * k));
  return `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}
