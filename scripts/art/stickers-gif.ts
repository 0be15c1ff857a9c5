/** The animated GIF stickers: each a list of SVG frame bodies (256 canvas) and a frame delay. */
import * as S from './stickers-shapes.js';

const { INK } = S;

/** Output side of a GIF sticker, in pixels. */
export const GIF_SIDE = 200;

export interface GifSticker {
  id: string;
  name: string;
  delayMs: number;
  frames: string[];
}

/** n phases 0..1 (exclusive of 1, so the loop is seamless). */
const phases = (n: number) => Array.from({ length: n }, (_, i) => i / n);
const wave = (t: number) => (1 - Math.cos(2 * Math.PI * t)) / 2;

function loader(t: number): string {
  const dots = Array.from({ length: 8 }, (_, i) => {
    const a = (i / 8) * 2 * Math.PI;
    const age = (i / 8 - t + 1) % 1;
    const op = (0.2 + 0.8 * (1 - age)).toFixed(2);
    return `<circle cx="${(128 + 80 * Math.sin(a)).toFixed(1)}" cy="${(128 - 80 * Math.cos(a)).toFixed(1)}" r="${(14 + 8 * (1 - age)).toFixed(1)}" fill="${INK.blue}" opacity="${op}"/>`;
  });
  return dots.join('');
}

function confetti(t: number): string {
  const colours = [INK.red, INK.yellow, INK.blue, INK.green, INK.purple, INK.pink, INK.orange];
  const pieces = Array.from({ length: 18 }, (_, i) => {
    const a = (i / 18) * 2 * Math.PI + (i % 3) * 0.2;
    const r = 20 + 100 * Math.min(1, t * 1.4) * (0.75 + (0.25 * ((i * 7) % 5)) / 4);
    const x = 128 + r * Math.cos(a);
    const y = 128 + r * Math.sin(a) + 40 * t * t;
    const rot = (i * 40 + t * 360).toFixed(0);
    const fill = colours[i % colours.length];
    const shape =
      i % 2 === 0
        ? `<rect x="-12" y="-7" width="24" height="14" rx="3" fill="${fill}"/>`
        : `<circle r="9" fill="${fill}"/>`;
    return `<g transform="translate(${x.toFixed(1)} ${y.toFixed(1)}) rotate(${rot})" opacity="${t > 0.85 ? 0 : 1}">${shape}</g>`;
  });
  const pop = t < 0.25 ? S.sparkle(128, 128, 30 + 100 * t, INK.yellow) : '';
  return pop + pieces.join('');
}

function typingDots(t: number): string {
  const dots = [0, 1, 2]
    .map((i) => {
      const lift = Math.max(0, Math.sin(2 * Math.PI * (t - i * 0.18))) * 16;
      return `<circle cx="${84 + i * 44}" cy="${(112 - lift).toFixed(1)}" r="15" fill="${lift > 4 ? INK.dark : '#8b94a3'}"/>`;
    })
    .join('');
  return S.speechBubble('#ffffff', INK.dark) + dots;
}

function click(t: number): string {
  const pressed = t >= 0.25 && t < 0.5;
  const rippleT = t >= 0.25 ? (t - 0.25) / 0.75 : -1;
  const ripple =
    rippleT >= 0
      ? `<circle cx="96" cy="96" r="${(18 + 60 * rippleT).toFixed(1)}" fill="none" stroke="${S.fade(INK.blue, rippleT * 0.7)}" stroke-width="${(12 * (1 - rippleT) + 3).toFixed(1)}"/>`
      : '';
  const x = 96 + (pressed ? 4 : 14 * wave(t * 0.5 + 0.5));
  return ripple + S.cursor(x, pressed ? 100 : 96 + 14 * wave(t * 0.5 + 0.5), pressed ? 0.92 : 1);
}

function sparkleBlink(t: number): string {
  const s = 0.55 + 0.45 * wave(t);
  return (
    S.star(INK.yellow, 128, 132, 96, s) +
    S.sparkle(206, 56, 26 * wave(t + 0.5) + 4, '#ffe08a') +
    S.sparkle(48, 200, 20 * wave(t + 0.25) + 4, INK.orange)
  );
}

export const GIFS: GifSticker[] = [
  {
    id: 'g001',
    name: '脉冲圆环',
    delayMs: 80,
    frames: phases(12).map(
      (t) =>
        `<circle cx="128" cy="128" r="${(40 + 72 * t).toFixed(1)}" fill="none" stroke="${S.fade(INK.red, t * 0.75)}" stroke-width="${(20 - 12 * t).toFixed(1)}"/>` +
        `<circle cx="128" cy="128" r="28" fill="${INK.red}"/>`,
    ),
  },
  {
    id: 'g002',
    name: '跳动箭头（向下）',
    delayMs: 70,
    frames: phases(12).map((t) => S.arrow(INK.red, 90, 0, -16 + 28 * wave(t))),
  },
  { id: 'g003', name: '闪烁星星', delayMs: 80, frames: phases(12).map(sparkleBlink) },
  { id: 'g004', name: '加载中', delayMs: 80, frames: phases(8).map(loader) },
  {
    id: 'g005',
    name: '挥手',
    delayMs: 80,
    frames: phases(12).map((t) => S.palm(-16 + 32 * wave(t))),
  },
  {
    id: 'g006',
    name: '闪动下划线',
    delayMs: 70,
    frames: phases(14).map((t) =>
      S.swoosh(
        t < 0.5 || Math.floor(t * 14) % 2 === 0 ? INK.red : S.fade(INK.red, 0.55),
        Math.min(1, t * 2.2),
      ),
    ),
  },
  { id: 'g007', name: '彩纸庆祝', delayMs: 80, frames: phases(14).map(confetti) },
  {
    id: 'g008',
    name: '心跳',
    delayMs: 80,
    frames: phases(10).map((t) =>
      S.heart(INK.red, 0.8 + 0.2 * Math.max(wave(t * 2), 0) * (t < 0.5 ? 1 : 0.6)),
    ),
  },
  { id: 'g009', name: '点击鼠标', delayMs: 90, frames: phases(12).map(click) },
  { id: 'g010', name: '正在输入', delayMs: 90, frames: phases(12).map(typingDots) },
  {
    id: 'g011',
    name: '跳动箭头（向右）',
    delayMs: 70,
    frames: phases(12).map((t) => S.arrow(INK.blue, 0, -18 + 28 * wave(t), 0)),
  },
  {
    id: 'g012',
    name: '闪烁圈注',
    delayMs: 90,
    frames: phases(10).map((t) => S.ring(S.fade(INK.red, 0.5 * wave(t)), 14, 0.92 + 0.08 * wave(t))),
  },
];
