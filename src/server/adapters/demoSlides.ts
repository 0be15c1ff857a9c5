import sharp from 'sharp';
import { subtitleFontPath } from './media/fonts';

/** What one example slide shows (the example project's page). */
export interface SlideText {
  heading: string;
  points: string[];
}

/** Slide size: 16:9, sharp enough for the 1920x1080 render's slide frame. */
export const SLIDE_WIDTH = 1280;
export const SLIDE_HEIGHT = 720;

const INK = '#1f2d3d';
const MUTED = '#5b6b7f';

const escapeMarkup = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/*
 * Text goes through sharp's Pango renderer with the bundled Noto Sans SC file rather than SVG text:
 * librsvg picks fonts through fontconfig, and a machine without a system CJK font would draw boxes.
 */
async function textImage(
  text: string,
  weight: 'Regular' | 'Medium' | 'Bold',
  size: number,
  color: string,
  width: number,
) {
  const { data, info } = await sharp({
    text: {
      text: `<span foreground="${color}">${escapeMarkup(text)}</span>`,
      fontfile: subtitleFontPath(weight),
      font: `Noto Sans S Chinese ${weight === 'Regular' ? '' : weight} ${size}`.replace(/\s+/g, ' '),
      width,
      rgba: true,
      dpi: 72,
      wrap: 'char',
    },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
  return { input: data, height: info.height };
}

/** A title-card slide for one example page: series title, page number, heading and points, as PNG. */
export async function drawDemoSlide(
  page: SlideText,
  meta: { title: string; accent: string; number: number; total: number },
): Promise<Buffer> {
  const { accent } = meta;
  const background = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SLIDE_WIDTH}" height="${SLIDE_HEIGHT}">
      <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#f1f5fb"/>
      </linearGradient></defs>
      <rect width="100%" height="100%" fill="url(#g)"/>
      <rect x="0" y="0" width="${SLIDE_WIDTH}" height="14" fill="${accent}"/>
      <circle cx="${SLIDE_WIDTH - 90}" cy="${SLIDE_HEIGHT - 70}" r="190" fill="${accent}" fill-opacity="0.07"/>
      <circle cx="${SLIDE_WIDTH - 40}" cy="${SLIDE_HEIGHT - 20}" r="110" fill="${accent}" fill-opacity="0.10"/>
      <rect x="96" y="250" width="88" height="8" rx="4" fill="${accent}"/>
      ${page.points
        .map((_, i) => `<circle cx="${110}" cy="${338 + i * 78}" r="9" fill="${accent}"/>`)
        .join('')}
    </svg>`,
  );
  const series = await textImage(meta.title, 'Medium', 28, MUTED, 900);
  const counter = await textImage(
    `${String(meta.number).padStart(2, '0')} / ${String(meta.total).padStart(2, '0')}`,
    'Medium',
    28,
    accent,
    200,
  );
  const heading = await textImage(page.heading, 'Bold', 68, INK, SLIDE_WIDTH - 192);
  const points = await Promise.all(
    page.points.map((p) => textImage(p, 'Regular', 40, INK, SLIDE_WIDTH - 300)),
  );
  return sharp(background)
    .composite([
      { input: series.input, left: 96, top: 64 },
      { input: counter.input, left: SLIDE_WIDTH - 220, top: 64 },
      { input: heading.input, left: 96, top: 150 },
      ...points.map((p, i) => ({ input: p.input, left: 140, top: 338 + i * 78 - Math.round(p.height / 2) })),
    ])
    .png()
    .toBuffer();
}
