/**
 * Dev previews of the generated library (reads assets/library, writes /tmp/art-preview only):
 *   npx tsx scripts/art/preview.ts [figures|faces|sprites|scenes|anchor|poses] [ids...]
 * figures: all statics side by side; faces: every mouth + blink composited at the manifest
 * anchors; sprites: one presenter's mouths at 3x; scenes: each scene with a slide and a presenter;
 * anchor: body + mouth-D + blink at the manifest anchors, full size; poses: each presenter at rest
 * and in every gesture, drawn from the code (head.png and mouth-X over it), half size, and each
 * gesture in a 1080p office frame where the figure is ~450 px tall.
 */
import { mkdir, readFile } from 'node:fs/promises';
import sharp, { type OverlayOptions } from 'sharp';
import { bareTorsoSvg, limbSvg } from './figure.js';
import { POSES, type Pose } from './gestures.js';
import { MOUTH_SHAPES } from './mouths.js';
import { PRESENTERS } from './palette.js';
import { SCENES } from './scenes.js';

const OUT = '/tmp/art-preview';
const LIB = 'assets/library';
const [mode = 'figures', ...args] = process.argv.slice(2);
const ids = args.length ? args : PRESENTERS.map((p) => p.id);
const manifest = async (id: string) =>
  JSON.parse(await readFile(`${LIB}/characters/${id}/manifest.json`, 'utf8'));

async function sheet(name: string, w: number, h: number, cells: OverlayOptions[], bg = '#e3e9f0') {
  await sharp({ create: { width: w, height: h, channels: 4, background: bg } })
    .composite(cells)
    .png()
    .toFile(`${OUT}/${name}.png`);
  console.log(`${OUT}/${name}.png`);
}

async function figures() {
  const cells = await Promise.all(
    ids.map(async (id, i) => ({
      input: await sharp(`${LIB}/characters/${id}/static.png`).resize(400, 700).png().toBuffer(),
      left: i * 400,
      top: 0,
    })),
  );
  await sheet('figures', 400 * ids.length, 700, cells);
}

async function faces() {
  const cells: OverlayOptions[] = [];
  for (const [row, id] of ids.entries()) {
    const m = await manifest(id);
    const body = await readFile(`${LIB}/characters/${id}/${m.files.body}`);
    const frames = [...MOUTH_SHAPES.map((s) => ({ s, blink: false })), { s: 'X', blink: true }];
    for (const [col, f] of frames.entries()) {
      const over: OverlayOptions[] = [
        { input: `${LIB}/characters/${id}/mouth-${f.s}.png`, left: m.mouth.x, top: m.mouth.y },
      ];
      if (f.blink) over.push({ input: `${LIB}/characters/${id}/blink.png`, left: m.eyes.x, top: m.eyes.y });
      const comp = await sharp(body).composite(over).png().toBuffer();
      const crop = await sharp(comp)
        .extract({ left: 270, top: 230, width: 260, height: 300 })
        .png()
        .toBuffer();
      cells.push({ input: crop, left: col * 260, top: row * 300 });
    }
  }
  await sheet('faces', 2600, 300 * ids.length, cells);
}

async function sprites() {
  const p = PRESENTERS.find((x) => x.id === ids[0])!;
  const cells = await Promise.all(
    MOUTH_SHAPES.map(async (s, i) => ({
      input: await sharp(`${LIB}/characters/${p.id}/mouth-${s}.png`).resize(360, 240).png().toBuffer(),
      left: (i % 5) * 360,
      top: Math.floor(i / 5) * 240,
    })),
  );
  await sheet('sprites', 1800, 480, cells, p.skin);
}

async function anchor() {
  const m = await manifest(ids[0]);
  const dir = `${LIB}/characters/${ids[0]}`;
  const box = (b: { x: number; y: number; width: number; height: number }) =>
    `<rect x="${b.x}" y="${b.y}" width="${b.width}" height="${b.height}" fill="none" stroke="#ff00ff" stroke-width="1"/>`;
  const outline = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${m.width}" height="${m.height}">${box(m.mouth)}${box(m.eyes)}</svg>`,
  );
  await sharp(`${dir}/body.png`)
    .composite([
      { input: `${dir}/mouth-D.png`, left: m.mouth.x, top: m.mouth.y },
      { input: `${dir}/blink.png`, left: m.eyes.x, top: m.eyes.y },
      { input: outline },
    ])
    .flatten({ background: '#e3e9f0' })
    .png()
    .toFile(`${OUT}/anchor-${ids[0]}.png`);
  console.log(`${OUT}/anchor-${ids[0]}.png`);
}

async function scenes() {
  const cells: OverlayOptions[] = [];
  let y = 0;
  for (const sizeType of [1, 2] as const) {
    const list = SCENES.filter((s) => s.sizeType === sizeType);
    const [W, H] = sizeType === 1 ? [1920, 1080] : [750, 1334];
    const slide = sizeType === 1 ? { x: 1172, y: 324, w: 588, h: 336 } : { x: 75, y: 180, w: 600, h: 338 };
    const charH = sizeType === 1 ? 1000 : 760;
    const k = sizeType === 1 ? 0.4 : 0.45;
    const cols = sizeType === 1 ? 2 : 5;
    const [cw, chh] = [Math.round(W * k), Math.round(H * k) + 2];
    for (const [i, s] of list.entries()) {
      const who = PRESENTERS[i % PRESENTERS.length].id;
      const ch = await sharp(`${LIB}/characters/${who}/static.png`)
        .resize({ height: charH })
        .png()
        .toBuffer();
      const slideSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="${slide.w}" height="${slide.h}"><rect width="100%" height="100%" fill="#fafafa"/><rect x="30" y="30" width="300" height="30" fill="#2f6fd6"/><rect x="30" y="90" width="${slide.w - 60}" height="12" fill="#ccc"/></svg>`;
      const frame = await sharp(`${LIB}/scenes/${s.id}.jpg`)
        .composite([
          { input: Buffer.from(slideSvg), left: slide.x, top: slide.y },
          { input: ch, left: 120, top: H - charH },
        ])
        .png()
        .toBuffer();
      cells.push({
        input: await sharp(frame).resize(cw).png().toBuffer(),
        left: (i % cols) * cw,
        top: y + Math.floor(i / cols) * chh,
      });
    }
    y += Math.ceil(list.length / cols) * chh;
  }
  await sheet('scenes', 1690, y, cells, '#000000');
}

/** The presenter in `pose` (undefined: at rest) from the code, with the head and mouth-X on. */
async function posed(id: string, pose?: Pose): Promise<Buffer> {
  const m = await manifest(id);
  const p = PRESENTERS.find((x) => x.id === id)!;
  // The rig's parts as the stage and the render layer them: bare torso, arms, hands, head.
  return sharp(Buffer.from(bareTorsoSvg(p)))
    .composite([
      { input: Buffer.from(limbSvg(p, 'arms', false, pose)) },
      { input: Buffer.from(limbSvg(p, 'hands', false, pose)) },
      { input: `${LIB}/characters/${id}/head.png`, left: m.head.x, top: m.head.y },
      { input: `${LIB}/characters/${id}/mouth-X.png`, left: m.mouth.x, top: m.mouth.y },
    ])
    .png()
    .toBuffer();
}

async function poses() {
  for (const id of ids) {
    const cells = await Promise.all(
      [undefined, ...POSES].map(async (pose, i) => ({
        input: await sharp(await posed(id, pose))
          .resize(400, 700)
          .png()
          .toBuffer(),
        left: i * 400,
        top: 0,
      })),
    );
    await sheet(`poses-${id}`, 1600, 700, cells);
  }
  for (const pose of POSES) {
    const cells: OverlayOptions[] = [];
    for (const [i, id] of ids.entries()) {
      const small = await sharp(await posed(id, pose))
        .resize({ height: 450 })
        .png()
        .toBuffer();
      cells.push({ input: small, left: 20 + i * 300, top: 20 });
    }
    // The bottom of a 1080p office frame, the presenters standing on its bottom edge.
    await sharp(`${LIB}/scenes/office.jpg`)
      .extract({ left: 0, top: 1080 - 470, width: 1920, height: 470 })
      .composite(cells)
      .png()
      .toFile(`${OUT}/poses-${pose}-1080p.png`);
    console.log(`${OUT}/poses-${pose}-1080p.png`);
  }
}

await mkdir(OUT, { recursive: true });
const modes: Record<string, () => Promise<void>> = { figures, faces, sprites, scenes, anchor, poses };
await (modes[mode] ?? figures)();
