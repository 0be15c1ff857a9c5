/**
 * The built-in sticker library (贴图): still PNG stickers and looping animated GIFs, drawn in SVG,
 * rasterised by sharp; deterministic. Run: npx tsx scripts/art/stickers.ts
 * Output: assets/library/stickers/{s0NN.png, g0NN.gif, stickers.json}. See scripts/art/README.md.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import sharp from 'sharp';
import { GIFS, GIF_SIDE, type GifSticker } from './stickers-gif.js';
import * as S from './stickers-shapes.js';

const { INK } = S;
const SIDE = 256;
const outDir = path.resolve(import.meta.dirname, '../../assets/library/stickers');

interface PngSticker {
  id: string;
  name: string;
  body: string;
}

const PNGS: PngSticker[] = [
  { id: 's001', name: '红色箭头（向右）', body: S.arrow(INK.red) },
  { id: 's002', name: '蓝色箭头（向左）', body: S.arrow(INK.blue, 180) },
  { id: 's003', name: '绿色箭头（向上）', body: S.arrow(INK.green, -90) },
  { id: 's004', name: '橙色箭头（向下）', body: S.arrow(INK.orange, 90) },
  { id: 's005', name: '紫色斜箭头', body: S.arrow(INK.purple, -40) },
  { id: 's006', name: '弧形箭头', body: S.curvedArrow(INK.red) },
  { id: 's007', name: '红色圈注', body: S.ring(INK.red) },
  { id: 's008', name: '黄色方框高亮', body: S.box(INK.orange) },
  { id: 's009', name: '荧光下划线', body: S.swoosh(INK.yellow) },
  { id: 's010', name: '对话气泡', body: S.speechBubble('#ffffff', INK.blue) },
  { id: 's011', name: '思考气泡', body: S.thoughtBubble('#ffffff', INK.purple) },
  { id: 's012', name: '对勾', body: S.check(INK.green) },
  { id: 's013', name: '叉号', body: S.cross(INK.red) },
  { id: 's014', name: '星星', body: S.star(INK.yellow) },
  { id: 's015', name: '灯泡', body: S.lightbulb(true) },
  { id: 's016', name: '警告', body: S.warning() },
  { id: 's017', name: '点赞', body: S.thumbsUp() },
  { id: 's018', name: '数字 1', body: S.numberBadge(1, INK.red) },
  { id: 's019', name: '数字 2', body: S.numberBadge(2, INK.orange) },
  { id: 's020', name: '数字 3', body: S.numberBadge(3, INK.green) },
  { id: 's021', name: '数字 4', body: S.numberBadge(4, INK.blue) },
  { id: 's022', name: '数字 5', body: S.numberBadge(5, INK.purple) },
  { id: 's023', name: '闪光', body: S.sparkles() },
  { id: 's024', name: '问号', body: S.questionMark(INK.blue) },
  { id: 's025', name: '感叹号', body: S.exclamation(INK.orange) },
  { id: 's026', name: '爱心', body: S.heart(INK.pink) },
];

/** White sticker outline and a soft drop shadow around whatever the body draws. */
const OUTLINE =
  '<filter id="st" x="-20%" y="-20%" width="140%" height="140%">' +
  '<feMorphology in="SourceAlpha" operator="dilate" radius="7" result="d"/>' +
  '<feFlood flood-color="#ffffff"/><feComposite in2="d" operator="in" result="w"/>' +
  '<feGaussianBlur in="d" stdDeviation="5" result="b"/><feOffset in="b" dx="0" dy="5" result="bo"/>' +
  '<feFlood flood-color="#000000" flood-opacity="0.28"/><feComposite in2="bo" operator="in" result="s"/>' +
  '<feMerge><feMergeNode in="s"/><feMergeNode in="w"/><feMergeNode in="SourceGraphic"/></feMerge></filter>';

function svg(body: string, filter: boolean): string {
  // The drawing is shrunk a little so the outline and shadow stay inside the canvas.
  const g = `<g transform="translate(128 128) scale(0.9) translate(-128 -128)">${body}</g>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SIDE}" height="${SIDE}" viewBox="0 0 ${SIDE} ${SIDE}">` +
    `<defs>${filter ? OUTLINE : ''}</defs>${filter ? `<g filter="url(#st)">${g}</g>` : g}</svg>`
  );
}

async function writePng(s: PngSticker) {
  const file = `${s.id}.png`;
  await sharp(Buffer.from(svg(s.body, true)))
    .png({ compressionLevel: 9, palette: true, quality: 90, effort: 10 })
    .toFile(path.join(outDir, file));
  return { id: s.id, name: s.name, type: 1, file, width: SIDE, height: SIDE };
}

/** One GIF frame as raw RGBA with hard (GIF-style) transparency. */
async function frame(body: string): Promise<Buffer> {
  const raw = await sharp(Buffer.from(svg(body, false)), { density: (72 * GIF_SIDE) / SIDE })
    .resize(GIF_SIDE, GIF_SIDE)
    .ensureAlpha()
    .raw()
    .toBuffer();
  for (let i = 3; i < raw.length; i += 4) raw[i] = raw[i] >= 110 ? 255 : 0;
  return raw;
}

async function writeGif(g: GifSticker) {
  const file = `${g.id}.gif`;
  const frames = await Promise.all(g.frames.map(frame));
  await sharp(Buffer.concat(frames), {
    raw: { width: GIF_SIDE, height: GIF_SIDE * frames.length, channels: 4, pageHeight: GIF_SIDE },
  })
    .gif({ loop: 0, delay: frames.map(() => g.delayMs), effort: 10, dither: 0 })
    .toFile(path.join(outDir, file));
  // libvips merges identical consecutive frames (adding their delays): report what was written.
  const meta = await sharp(path.join(outDir, file), { pages: -1 }).metadata();
  const delays = meta.delay ?? [];
  return {
    id: g.id,
    name: g.name,
    type: 2,
    file,
    width: GIF_SIDE,
    height: GIF_SIDE,
    frames: meta.pages ?? 1,
    durationMs: delays.reduce((a, b) => a + b, 0),
  };
}

await mkdir(outDir, { recursive: true });
const items = [];
for (const s of PNGS) items.push(await writePng(s));
for (const g of GIFS) items.push(await writeGif(g));
const index = path.join(outDir, 'stickers.json');
const json = JSON.stringify({ version: 1, stickers: items });
await writeFile(index, await format(json, { ...(await resolveConfig(index)), parser: 'json' }));
console.log(`stickers: ${PNGS.length} PNG, ${GIFS.length} GIF -> ${outDir}`);
