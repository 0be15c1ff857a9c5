/** Size-independent scenes (work in landscape and portrait): studio, gradients, tech grid. */
import { blob } from './scene-kit.js';
import { linear, radial } from './svg.js';

export interface SceneArt {
  defs: string;
  body: string;
}

export function studio(W: number, H: number): SceneArt {
  const floorY = Math.round(H * 0.76);
  const portrait = H > W;
  const panels = Array.from(
    { length: Math.ceil(W / 160) + 1 },
    (_, i) =>
      `<rect x="${i * 160}" y="0" width="158" height="${floorY}" fill="#ffffff" opacity="${i % 2 ? 0.02 : 0.04}"/>`,
  ).join('');
  const spotsAt = portrait ? [0.2, 0.8] : [0.12, 0.4, 0.99];
  const spots = spotsAt
    .map(
      (f) =>
        `<path d="M ${W * f - 24} 0 L ${W * f + 24} 0 L ${W * f + W * 0.17} ${floorY + 40} L ${W * f - W * 0.17} ${floorY + 40} Z" fill="url(#cone)" filter="url(#blurSoft)"/>`,
    )
    .join('');
  const pools = spotsAt
    .map(
      (f) =>
        `<ellipse cx="${W * f}" cy="${floorY + (H - floorY) * 0.35}" rx="${W * 0.15}" ry="${(H - floorY) * 0.2}" fill="#a9ccff" opacity="0.18" filter="url(#blur)"/>`,
    )
    .join('');
  const fixtures = spotsAt
    .map(
      (f) =>
        `<rect x="${W * f - 34}" y="-8" width="68" height="30" rx="6" fill="#0a1224"/><ellipse cx="${W * f}" cy="22" rx="26" ry="6" fill="#e8f1ff" opacity="0.95"/>`,
    )
    .join('');
  const bar = (x: number) =>
    `<rect x="${x - 14}" y="${H * 0.1}" width="28" height="${floorY - H * 0.1}" fill="#8cc4ff" opacity="0.35" filter="url(#blurSmall)"/>` +
    `<rect x="${x - 4}" y="${H * 0.1}" width="8" height="${floorY - H * 0.1}" rx="4" fill="#d8ecff" opacity="0.9"/>`;
  const panel = portrait
    ? { x: W * 0.06, y: H * 0.1, w: W * 0.88, h: H * 0.34 }
    : { x: W * 0.56, y: H * 0.2, w: W * 0.4, h: H * 0.48 };
  return {
    defs:
      linear('wall', 0, 0, 0, 1, [
        [0, '#0d1a36'],
        [1, '#1f3f74'],
      ]) +
      linear('floor', 0, 0, 0, 1, [
        [0, '#1a2f56'],
        [1, '#0a1326'],
      ]) +
      linear('cone', 0, 0, 0, 1, [
        [0, '#d6e8ff', 0.42],
        [1, '#d6e8ff', 0.02],
      ]) +
      radial('glow', 0.5, 0.5, 0.5, [
        [0, '#5d8fe0', 0.5],
        [1, '#5d8fe0', 0],
      ]) +
      `<filter id="blurSoft" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="16"/></filter>`,
    body:
      `<rect width="${W}" height="${H}" fill="url(#wall)"/>` +
      panels +
      `<ellipse cx="${panel.x + panel.w / 2}" cy="${panel.y + panel.h / 2}" rx="${panel.w * 0.9}" ry="${panel.h}" fill="url(#glow)"/>` +
      `<rect x="${panel.x}" y="${panel.y}" width="${panel.w}" height="${panel.h}" rx="22" fill="#ffffff" opacity="0.05" stroke="#9fcbff" stroke-opacity="0.3" stroke-width="3"/>` +
      (portrait ? bar(W * 0.03) + bar(W * 0.97) : bar(W * 0.03) + bar(W * 0.5) + bar(W * 0.985)) +
      spots +
      `<rect y="${floorY}" width="${W}" height="${H - floorY}" fill="url(#floor)"/>` +
      `<rect y="${floorY - 3}" width="${W}" height="6" fill="#6fb0ff" opacity="0.55" filter="url(#blurSmall)"/>` +
      `<rect y="${floorY - 1}" width="${W}" height="2" fill="#a9d2ff" opacity="0.7"/>` +
      pools +
      `<ellipse cx="${portrait ? W / 2 : W * 0.24}" cy="${floorY + (H - floorY) * 0.55}" rx="${portrait ? W * 0.42 : W * 0.2}" ry="${(H - floorY) * 0.22}" fill="none" stroke="#7fc0ff" stroke-width="3" opacity="0.35"/>` +
      fixtures,
  };
}

function ribbons(W: number, H: number, color: string): string {
  return [0, 1, 2]
    .map((i) => {
      const y0 = H * (0.78 + i * 0.05);
      return (
        `<path d="M 0 ${y0} C ${W * 0.25} ${y0 - H * 0.12}, ${W * 0.55} ${y0 + H * 0.1}, ${W} ${y0 - H * 0.08} L ${W} ${H} L 0 ${H} Z" ` +
        `fill="${color}" opacity="${0.07 + i * 0.04}"/>`
      );
    })
    .join('');
}

export function gradientScene(
  W: number,
  H: number,
  stops: [string, string, string],
  accent: string,
): SceneArt {
  const s = Math.min(W, H);
  return {
    defs: linear('bg', 0, 0, 1, 1, [
      [0, stops[0]],
      [0.55, stops[1]],
      [1, stops[2]],
    ]),
    body:
      `<rect width="${W}" height="${H}" fill="url(#bg)"/>` +
      blob(W * 0.08, H * 0.12, s * 0.28, accent, 0.28) +
      blob(W * 0.95, H * 0.08, s * 0.2, '#ffffff', 0.16) +
      blob(W * 0.9, H * 0.92, s * 0.3, accent, 0.2) +
      blob(W * 0.3, H * 0.95, s * 0.18, '#ffffff', 0.12) +
      `<circle cx="${W * 0.06}" cy="${H * 0.82}" r="${s * 0.05}" fill="none" stroke="#ffffff" stroke-width="3" opacity="0.25"/>` +
      `<circle cx="${W * 0.93}" cy="${H * 0.3}" r="${s * 0.025}" fill="#ffffff" opacity="0.3"/>` +
      `<circle cx="${W * 0.15}" cy="${H * 0.3}" r="${s * 0.012}" fill="#ffffff" opacity="0.4"/>` +
      ribbons(W, H, '#ffffff'),
  };
}

export function techScene(W: number, H: number): SceneArt {
  const hz = Math.round(H * 0.66);
  const vx = W / 2;
  const lines: string[] = [];
  for (let i = -16; i <= 16; i++) {
    lines.push(
      `<line x1="${vx + i * W * 0.02}" y1="${hz}" x2="${vx + i * W * 0.16}" y2="${H}" stroke="#3fc9ff" stroke-width="1.5" opacity="0.35"/>`,
    );
  }
  for (let k = 1; k <= 9; k++) {
    const y = hz + (H - hz) * Math.pow(k / 9, 1.8);
    lines.push(
      `<line x1="0" y1="${y}" x2="${W}" y2="${y}" stroke="#3fc9ff" stroke-width="1.5" opacity="${0.12 + k * 0.03}"/>`,
    );
  }
  const dots: string[] = [];
  for (let i = 0; i < 60; i++) {
    const x = (i * 7919) % W;
    const y = ((i * 104729) % Math.round(hz * 0.95)) + 10;
    const calm = x > W * 0.55 && x < W * 0.95 && y > H * 0.25 && y < H * 0.65;
    if (!calm)
      dots.push(
        `<circle cx="${x}" cy="${y}" r="${1.5 + (i % 3)}" fill="#8fe3ff" opacity="${0.2 + (i % 4) * 0.1}"/>`,
      );
  }
  const circuit = (x: number, y: number, dir: 1 | -1) =>
    [0, 1, 2, 3]
      .map((i) => {
        const yy = y + i * 34;
        const x2 = x + dir * (120 + i * 50);
        return (
          `<path d="M ${x} ${yy} L ${x2} ${yy} L ${x2 + dir * 40} ${yy + 40}" fill="none" stroke="#3fc9ff" stroke-width="2" opacity="0.4"/>` +
          `<circle cx="${x2 + dir * 40}" cy="${yy + 40}" r="5" fill="#0b1d45" stroke="#6fe0ff" stroke-width="2" opacity="0.8"/>`
        );
      })
      .join('');
  const hex = (cx: number, cy: number, r: number, op: number) => {
    const pts = Array.from(
      { length: 6 },
      (_, i) =>
        `${cx + r * Math.cos((Math.PI / 3) * i + Math.PI / 6)},${cy + r * Math.sin((Math.PI / 3) * i + Math.PI / 6)}`,
    ).join(' ');
    return `<polygon points="${pts}" fill="none" stroke="#4fd2ff" stroke-width="2" opacity="${op}"/>`;
  };
  return {
    defs:
      linear('bg', 0, 0, 0, 1, [
        [0, '#050b1e'],
        [0.6, '#0b1f4a'],
        [1, '#07142e'],
      ]) +
      radial('glow', 0.5, 0.5, 0.5, [
        [0, '#2a7bd6', 0.5],
        [1, '#2a7bd6', 0],
      ]) +
      linear('fade', 0, 0, 0, 1, [
        [0, '#050b1e', 0],
        [1, '#050b1e', 0.7],
      ]),
    body:
      `<rect width="${W}" height="${H}" fill="url(#bg)"/>` +
      `<ellipse cx="${W * 0.62}" cy="${H * 0.45}" rx="${W * 0.5}" ry="${H * 0.4}" fill="url(#glow)"/>` +
      lines.join('') +
      `<rect y="${hz}" width="${W}" height="${H - hz}" fill="url(#fade)"/>` +
      `<rect y="${hz - 2}" width="${W}" height="4" fill="#5fd8ff" opacity="0.7" filter="url(#blurSmall)"/>` +
      dots.join('') +
      circuit(0, H * 0.08, 1) +
      circuit(W, H * 0.08, -1) +
      hex(W * 0.08, H * 0.45, Math.min(W, H) * 0.06, 0.25) +
      hex(W * 0.13, H * 0.53, Math.min(W, H) * 0.035, 0.35) +
      hex(W * 0.96, H * 0.72, Math.min(W, H) * 0.05, 0.25),
  };
}
