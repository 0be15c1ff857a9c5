import sharp from 'sharp';
import { RIG_CANVAS, RIG_EYES, RIG_MOUTH } from '../../api/presenter.contract';
import { subtitleFontPath } from './media/fonts';

/*
 * The downloadable template of a sprite presenter (kind 1): the 800x1400 body canvas with a grid,
 * a figure outline, the mouth anchor box with its 120x80 sprite size and the blink box, labelled in
 * Chinese. Text is drawn with the bundled Noto Sans SC, so no system font is needed.
 */

const W = RIG_CANVAS.width;
const H = RIG_CANVAS.height;
const M = RIG_MOUTH;
const E = RIG_EYES;
const BLUE = '#2185d0';
const RED = '#db2828';
const GREEN = '#21ba45';

function shapesSvg(): string {
  const grid: string[] = [];
  for (let x = 100; x < W; x += 100) grid.push(`<line x1="${x}" y1="0" x2="${x}" y2="${H}"/>`);
  for (let y = 100; y < H; y += 100) grid.push(`<line x1="0" y1="${y}" x2="${W}" y2="${y}"/>`);
  // A neutral head-and-shoulders outline placed like the built-in presenters.
  const figure = `
    <ellipse cx="400" cy="380" rx="150" ry="185"/>
    <path d="M330 540 L330 620 C200 650 110 720 90 860 L60 1400 L740 1400 L710 860 C690 720 600 650 470 620 L470 540"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
  <rect width="${W}" height="${H}" fill="#f7f9fb"/>
  <g stroke="#dde3ea" stroke-width="1">${grid.join('')}</g>
  <rect x="1.5" y="1.5" width="${W - 3}" height="${H - 3}" fill="none" stroke="${BLUE}" stroke-width="3" stroke-dasharray="14 8"/>
  <g fill="#e9eef4" stroke="#aab6c3" stroke-width="3">${figure}</g>
  <rect x="${E.x}" y="${E.y}" width="${E.width}" height="${E.height}" fill="${GREEN}" fill-opacity="0.18" stroke="${GREEN}" stroke-width="3"/>
  <rect x="${M.x}" y="${M.y}" width="${M.width}" height="${M.height}" fill="${RED}" fill-opacity="0.18" stroke="${RED}" stroke-width="3"/>
  <line x1="${M.x + M.width / 2}" y1="${M.y}" x2="${M.x + M.width / 2}" y2="${M.y + M.height}" stroke="${RED}" stroke-dasharray="4 4"/>
  <line x1="${M.x}" y1="${M.y + M.height / 2}" x2="${M.x + M.width}" y2="${M.y + M.height / 2}" stroke="${RED}" stroke-dasharray="4 4"/>
  <path d="M${M.x + M.width} ${M.y + M.height / 2} L600 560" stroke="${RED}" stroke-width="2" fill="none"/>
  <path d="M${E.x} ${E.y + E.height / 2} L190 250" stroke="${GREEN}" stroke-width="2" fill="none"/>
</svg>`;
}

async function label(text: string, color: string, size: number): Promise<Buffer> {
  const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return sharp({
    text: {
      text: `<span foreground="${color}">${escaped}</span>`,
      font: `Noto Sans S Chinese ${size}`,
      fontfile: subtitleFontPath('Medium'),
      rgba: true,
      dpi: 72,
      width: W - 80,
    },
  })
    .png()
    .toBuffer();
}

let cached: Promise<Buffer> | null = null;

/** The template PNG (drawn once per process). */
export function presenterTemplatePng(): Promise<Buffer> {
  cached ??= drawTemplate().catch((error: unknown) => {
    cached = null;
    throw error;
  });
  return cached;
}

async function drawTemplate(): Promise<Buffer> {
  const labels: { text: string; color: string; size: number; left: number; top: number }[] = [
    { text: '数字人模板 · 人物画布 800×1400 像素', color: '#1f2d3d', size: 34, left: 40, top: 40 },
    {
      text: '人物图片：PNG，建议透明背景；可保持自己的尺寸，嘴部与眼睛位置按人物图片像素填写',
      color: '#4a5868',
      size: 20,
      left: 40,
      top: 96,
    },
    { text: `眼睛区域（眨眼图）${E.width}×${E.height}`, color: GREEN, size: 22, left: 40, top: 214 },
    { text: `x=${E.x} y=${E.y}`, color: GREEN, size: 20, left: 40, top: 246 },
    { text: `嘴部锚点 · 口型图 ${M.width}×${M.height}`, color: RED, size: 24, left: 470, top: 566 },
    { text: `x=${M.x} y=${M.y} 宽=${M.width} 高=${M.height}`, color: RED, size: 20, left: 470, top: 602 },
    {
      text: '口型图（PNG，透明背景，与嘴部锚点同尺寸）：',
      color: '#1f2d3d',
      size: 22,
      left: 40,
      top: 1190,
    },
    {
      text: 'A 闭嘴(M/B/P)  B 微张  C 张开  D 大张  E 圆唇(O)  F 撅嘴(U/W)  G 咬唇(F/V)  H 舌尖(L)  X 休息（必传）',
      color: '#4a5868',
      size: 19,
      left: 40,
      top: 1226,
    },
    {
      text: '缺少的口型会自动使用最接近的口型代替；眨眼图可选。',
      color: '#4a5868',
      size: 19,
      left: 40,
      top: 1290,
    },
  ];
  const rendered = await Promise.all(labels.map((l) => label(l.text, l.color, l.size)));
  return sharp(Buffer.from(shapesSvg()))
    .composite(rendered.map((input, i) => ({ input, left: labels[i].left, top: labels[i].top })))
    .png()
    .toBuffer();
}
