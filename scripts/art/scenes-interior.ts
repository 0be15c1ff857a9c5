/** Interior scenes drawn for the landscape frame (1920x1080): classroom, office, meeting room, study. */
import { shade, tint } from './color.js';
import type { SceneArt } from './scenes-abstract.js';
import { clock, plant, shelf, windowPane } from './scene-kit.js';
import { linear, radial } from './svg.js';

const W = 1920;
const H = 1080;

function floorboards(y: number, base: string, step = 150): string {
  let out = `<rect y="${y}" width="${W}" height="${H - y}" fill="url(#floor)"/>`;
  for (let x = -400; x < W + 400; x += step) {
    out += `<line x1="${W / 2 + (x - W / 2) * 0.55}" y1="${y}" x2="${W / 2 + (x - W / 2) * 1.4}" y2="${H}" stroke="${shade(base, 0.12)}" stroke-width="2" opacity="0.5"/>`;
  }
  return out;
}

export function classroom(): SceneArt {
  const wood = '#b98a5a';
  const bunting = Array.from({ length: 10 }, (_, i) => {
    const x = 70 + i * 88;
    const y = 70 + Math.sin((i / 9) * Math.PI) * 46;
    const c = ['#f2b84b', '#e8735a', '#5fb1d9', '#7cc68d'][i % 4];
    return `<path d="M ${x} ${y} L ${x + 70} ${y + 4} L ${x + 34} ${y + 66} Z" fill="${c}"/>`;
  }).join('');
  const desk = (x: number, w: number) =>
    `<rect x="${x}" y="975" width="${w}" height="30" rx="8" fill="#d9b78a"/><rect x="${x}" y="1000" width="${w}" height="80" fill="#b88f63"/>` +
    `<rect x="${x + 40}" y="955" width="120" height="22" rx="4" fill="#5b86c7"/><rect x="${x + 60}" y="950" width="90" height="8" fill="#f3efe6"/>`;
  return {
    defs:
      linear('wall', 0, 0, 0, 1, [
        [0, '#f7efdf'],
        [1, '#efe2c8'],
      ]) +
      linear('floor', 0, 0, 0, 1, [
        [0, '#c99a68'],
        [1, '#a87a4c'],
      ]) +
      linear('board', 0, 0, 1, 1, [
        [0, '#356650'],
        [1, '#244a3a'],
      ]),
    body:
      `<rect width="${W}" height="${H}" fill="url(#wall)"/>` +
      `<path d="M 60 70 Q 500 170 940 70" fill="none" stroke="#8a6a4a" stroke-width="3"/>` +
      bunting +
      windowPane(130, 250, 380, 420, { frame: '#f8f6f1', sky: ['#8fcaf2', '#dff1ff'] }) +
      clock(800, 300, 62) +
      `<rect x="1030" y="180" width="860" height="580" rx="10" fill="#8a5a34"/>` +
      `<rect x="1050" y="200" width="820" height="540" rx="4" fill="url(#board)"/>` +
      `<ellipse cx="1250" cy="300" rx="180" ry="40" fill="#ffffff" opacity="0.05"/>` +
      `<ellipse cx="1700" cy="640" rx="140" ry="30" fill="#ffffff" opacity="0.04"/>` +
      `<rect x="1020" y="752" width="880" height="22" rx="6" fill="#7a4e2c"/>` +
      `<rect x="1150" y="742" width="46" height="12" rx="5" fill="#fbfbf5"/><rect x="1220" y="744" width="34" height="10" rx="5" fill="#f7d26a"/>` +
      `<rect x="1760" y="740" width="70" height="16" rx="4" fill="#4b4f5c"/>` +
      `<rect y="820" width="${W}" height="70" fill="${tint(wood, 0.25)}"/><rect y="815" width="${W}" height="12" fill="${shade(wood, 0.1)}"/>` +
      floorboards(890, wood) +
      plant(920, 892, 0.9, '#f0e7da', '#5ea476') +
      desk(-40, 520) +
      desk(1480, 520),
  };
}

export function office(): SceneArt {
  const wood = '#d6b994';
  const lamp = (x: number) =>
    `<line x1="${x}" y1="0" x2="${x}" y2="120" stroke="#5a5f6a" stroke-width="3"/>` +
    `<path d="M ${x - 60} 170 L ${x - 24} 116 L ${x + 24} 116 L ${x + 60} 170 Z" fill="#2f3542"/>` +
    `<ellipse cx="${x}" cy="172" rx="60" ry="10" fill="#fff3d6"/>` +
    `<ellipse cx="${x}" cy="230" rx="160" ry="90" fill="#fff3d6" opacity="0.25" filter="url(#blur)"/>`;
  return {
    defs:
      linear('wall', 0, 0, 0, 1, [
        [0, '#f1f4f8'],
        [1, '#e2e8ef'],
      ]) +
      linear('floor', 0, 0, 0, 1, [
        [0, '#dcc6a6'],
        [1, '#c7ab86'],
      ]) +
      radial('sun', 0.5, 0.5, 0.5, [
        [0, '#ffffff', 0.6],
        [1, '#ffffff', 0],
      ]),
    body:
      `<rect width="${W}" height="${H}" fill="url(#wall)"/>` +
      windowPane(110, 150, 620, 600, { city: true, frame: '#fbfcfd', sky: ['#8ec5f0', '#e6f4ff'] }) +
      `<ellipse cx="420" cy="820" rx="420" ry="60" fill="url(#sun)"/>` +
      lamp(1000) +
      lamp(1500) +
      `<rect x="1060" y="770" width="820" height="110" rx="8" fill="${wood}"/>` +
      `<rect x="1060" y="770" width="820" height="14" rx="6" fill="${tint(wood, 0.25)}"/>` +
      [1090, 1360, 1630]
        .map(
          (x) =>
            `<rect x="${x}" y="800" width="240" height="66" rx="6" fill="${shade(wood, 0.08)}"/><rect x="${x + 100}" y="828" width="40" height="6" rx="3" fill="${shade(wood, 0.35)}"/>`,
        )
        .join('') +
      `<rect x="1120" y="690" width="22" height="80" fill="#e06b5a"/><rect x="1146" y="700" width="20" height="70" fill="#4a78b8"/><rect x="1170" y="706" width="24" height="64" fill="#f2c14e"/>` +
      `<path d="M 1780 770 C 1770 730, 1790 700, 1800 700 C 1810 700, 1830 730, 1820 770 Z" fill="#f4f1ea"/>` +
      `<rect y="880" width="${W}" height="14" fill="#cfd6de"/>` +
      floorboards(894, '#c9ad88', 180) +
      plant(830, 900, 1.2, '#f2efe9', '#4f9a6e') +
      plant(1930, 920, 1.5, '#3f4a5a', '#3f8a62'),
  };
}

export function meetingRoom(): SceneArt {
  const slats = Array.from(
    { length: 22 },
    (_, i) => `<rect x="${i * 32}" y="0" width="22" height="880" fill="${i % 2 ? '#a9764d' : '#b3805a'}"/>`,
  ).join('');
  const chair = (x: number) =>
    `<rect x="${x - 70}" y="800" width="140" height="150" rx="40" fill="#2e3440"/><rect x="${x - 58}" y="812" width="116" height="60" rx="26" fill="#3b4352"/>`;
  return {
    defs:
      linear('wall', 0, 0, 0, 1, [
        [0, '#eceae6'],
        [1, '#dcd8d2'],
      ]) +
      linear('screen', 0, 0, 1, 1, [
        [0, '#2b3442'],
        [1, '#161c26'],
      ]) +
      linear('table', 0, 0, 0, 1, [
        [0, '#8a5f3f'],
        [1, '#5f3f28'],
      ]),
    body:
      `<rect width="${W}" height="${H}" fill="url(#wall)"/>` +
      `<rect width="720" height="880" fill="#9c6b45"/>` +
      slats +
      `<rect x="720" width="14" height="880" fill="#8b5e3c"/>` +
      [0, 1, 2, 3]
        .map(
          (i) =>
            `<rect x="${260 + i * 440}" y="0" width="300" height="14" rx="6" fill="#fffbe8"/><ellipse cx="${410 + i * 440}" cy="20" rx="200" ry="40" fill="#fff8dc" opacity="0.35" filter="url(#blur)"/>`,
        )
        .join('') +
      `<rect x="1090" y="240" width="760" height="470" rx="14" fill="#10151d"/>` +
      `<rect x="1104" y="254" width="732" height="442" rx="6" fill="url(#screen)"/>` +
      `<path d="M 1104 254 L 1400 254 L 1200 696 L 1104 696 Z" fill="#ffffff" opacity="0.04"/>` +
      `<rect x="1440" y="710" width="60" height="40" fill="#10151d"/>` +
      `<rect y="880" width="${W}" height="200" fill="#b9b2a8"/>` +
      [860, 1120, 1380, 1640].map(chair).join('') +
      `<path d="M -40 1080 L -40 960 Q 960 900 1960 960 L 1960 1080 Z" fill="url(#table)"/>` +
      `<path d="M -40 962 Q 960 902 1960 962" fill="none" stroke="#b58a63" stroke-width="8"/>` +
      `<rect x="1250" y="946" width="180" height="12" rx="4" fill="#c8ccd4"/><path d="M 1270 946 L 1290 890 L 1410 890 L 1420 946 Z" fill="#9aa1ad"/>` +
      `<rect x="1600" y="940" width="60" height="24" rx="6" fill="#f4f4f4" opacity="0.9"/>` +
      plant(820, 880, 1.05, '#e9e4dc', '#4f9a6e'),
  };
}

export function study(): SceneArt {
  const palette = ['#b5523b', '#2f5d7c', '#d9a441', '#50795b', '#7a4f7a', '#c9c1b0', '#3c3f4a'];
  const frame = (x: number, y: number, w: number, h: number, art: string) =>
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="#6b4a33"/><rect x="${x + 10}" y="${y + 10}" width="${w - 20}" height="${h - 20}" fill="#f7f1e6"/>${art}`;
  return {
    defs:
      linear('wall', 0, 0, 0, 1, [
        [0, '#f3e6d2'],
        [1, '#e8d5b9'],
      ]) +
      linear('floor', 0, 0, 0, 1, [
        [0, '#8f6440'],
        [1, '#6e4a2e'],
      ]) +
      radial('lampGlow', 0.5, 0.5, 0.5, [
        [0, '#ffd98a', 0.55],
        [1, '#ffd98a', 0],
      ]),
    body:
      `<rect width="${W}" height="${H}" fill="url(#wall)"/>` +
      shelf(70, 110, 600, 760, 5, '#8a5a36', palette) +
      `<circle cx="880" cy="420" r="260" fill="url(#lampGlow)"/>` +
      `<line x1="880" y1="420" x2="880" y2="880" stroke="#3d3a38" stroke-width="8"/><ellipse cx="880" cy="882" rx="60" ry="12" fill="#3d3a38"/>` +
      `<path d="M 810 420 L 840 330 L 920 330 L 950 420 Z" fill="#f2d9a6"/>` +
      frame(
        1270,
        120,
        170,
        140,
        `<path d="M 1290 240 L 1340 170 L 1380 220 L 1400 200 L 1420 240 Z" fill="#7fa77f"/><circle cx="1400" cy="160" r="14" fill="#f2b84b"/>`,
      ) +
      frame(1480, 140, 140, 120, `<circle cx="1550" cy="200" r="34" fill="#e8a08a"/>`) +
      `<rect y="880" width="${W}" height="14" fill="#7a5234"/>` +
      floorboards(894, '#8f6440', 170) +
      `<ellipse cx="1100" cy="1010" rx="700" ry="60" fill="#b5523b" opacity="0.5"/>` +
      plant(1840, 900, 1.3, '#c9b49a', '#4f8a5e'),
  };
}

/** Portrait study (750x1334): shelves low behind the presenter, calm wall above for the slide. */
export function studyPortrait(): SceneArt {
  const w = 750;
  const h = 1334;
  const palette = ['#b5523b', '#2f5d7c', '#d9a441', '#50795b', '#7a4f7a', '#c9c1b0', '#3c3f4a'];
  return {
    defs:
      linear('wall', 0, 0, 0, 1, [
        [0, '#f5ead9'],
        [1, '#e8d5b9'],
      ]) +
      linear('floorP', 0, 0, 0, 1, [
        [0, '#8f6440'],
        [1, '#6e4a2e'],
      ]),
    body:
      `<rect width="${w}" height="${h}" fill="url(#wall)"/>` +
      `<rect y="0" width="${w}" height="40" fill="#e3cfb0"/>` +
      shelf(40, 700, 300, 440, 3, '#8a5a36', palette) +
      shelf(410, 700, 300, 440, 3, '#8a5a36', palette.slice().reverse()) +
      `<path d="M 0 60 L 260 60 L 560 700 L 0 700 Z" fill="#fff6e0" opacity="0.35" filter="url(#blur)"/>` +
      `<rect y="1140" width="${w}" height="14" fill="#7a5234"/>` +
      `<rect y="1154" width="${w}" height="${h - 1154}" fill="url(#floorP)"/>` +
      plant(700, 1200, 1.1, '#c9b49a', '#4f8a5e'),
  };
}
