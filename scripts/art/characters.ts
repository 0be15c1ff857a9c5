/** Writes every presenter's PNGs and manifest to assets/library/characters/<id>/. */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import sharp from 'sharp';
import { bareTorsoSvg, blinkSvg, browsSvg, figureSvg, headSvg, limbSvg, torsoSvg } from './figure.js';
import { CANVAS, EYES_BOX, FULL_CANVAS, HEAD_BOX, ICON_CROP, MOUTH_BOX, NECK_PIVOT } from './geometry.js';
import { type Pose, POSE_FILES, POSES } from './gestures.js';
import { MOUTH_SHAPES, mouthSvg } from './mouths.js';
import type { Presenter } from './palette.js';

/** Rasterise an SVG at `scale` x its nominal size (librsvg renders vectors, so 2x is crisp). */
const png = (svg: string, scale = 1) =>
  sharp(Buffer.from(svg), { density: 72 * scale }).png({ compressionLevel: 9 });

type Box = { x: number; y: number; width: number; height: number };
const scaled = (b: Box, k: number): Box => ({
  x: b.x * k,
  y: b.y * k,
  width: b.width * k,
  height: b.height * k,
});

/** The HD set (for close shots such as 人物半身): the same art at 2x, in <id>/hd/. */
export const HD_SCALE = 2;

export interface CharacterManifest {
  id: string;
  name: string;
  sex: 1 | 2;
  style: 'business' | 'casual';
  width: number;
  height: number;
  mouth: { x: number; y: number; width: number; height: number };
  eyes: { x: number; y: number; width: number; height: number };
  /** The layered rig: head.png sits at `head` over torso.png and tilts about `pivot`. */
  head: Box;
  pivot: { x: number; y: number };
  /** The whole figure to the feet: same anchors, a taller canvas (人物全身). */
  full: { width: number; height: number; files: { body: string; torso: string } };
  mouthShapes: string[];
  suggestedVoice: 'zh-female' | 'zh-male';
  files: Record<string, string>;
  /**
   * The layered rig's body in parts, for the mid-thigh canvas and the whole figure, all on the
   * torso's canvas: the torso without arms (`arms.bare`), the arms alone and the hands alone, at
   * rest and in each gesture. bare + rest arms + rest hands gives torso.png.
   */
  arms: Record<ArmPicture, { torso: string; fullTorso: string }>;
  hands: Record<LimbPose, { torso: string; fullTorso: string }>;
  hd: {
    scale: number;
    width: number;
    height: number;
    mouth: Box;
    eyes: Box;
    head: Box;
    pivot: { x: number; y: number };
    files: Record<string, string>;
    arms: Record<ArmPicture, { torso: string }>;
    hands: Record<LimbPose, { torso: string }>;
  };
}

type LimbPose = 'rest' | Pose;
const LIMB_POSES: LimbPose[] = ['rest', ...POSES];
type ArmPicture = 'bare' | LimbPose;

function fileNames(prefix: string): Record<string, string> {
  return {
    body: `${prefix}body.png`,
    torso: `${prefix}torso.png`,
    head: `${prefix}head.png`,
    static: `${prefix}static.png`,
    blink: `${prefix}blink.png`,
    brows: `${prefix}brows.png`,
    ...Object.fromEntries(MOUTH_SHAPES.map((m) => [`mouth${m}`, `${prefix}mouth-${m}.png`])),
  };
}

/** A limb part's file name (arms.png, arms-palm.png, hands.png, hands-point-left.png, ...). */
const limbFile = (part: 'arms' | 'hands', pose: LimbPose) =>
  pose === 'rest' ? `${part}.png` : `${part}-${POSE_FILES[pose]}.png`;

/** The parts' file names (`names`), for the mid-thigh torso and the whole figure's (full-). */
function partFiles<K extends string>(names: Record<K, string>) {
  const entries = Object.entries<string>(names).map(([key, file]) => [
    key,
    { torso: file, fullTorso: `full-${file}` },
  ]);
  return Object.fromEntries(entries) as Record<K, { torso: string; fullTorso: string }>;
}

/** The HD set's part file names: hd/ before each, no whole figure. */
function hdFiles<K extends string>(names: Record<K, string>) {
  const entries = Object.entries<string>(names).map(([key, file]) => [key, { torso: `hd/${file}` }]);
  return Object.fromEntries(entries) as Record<K, { torso: string }>;
}
const armNames = (): Record<ArmPicture, string> => ({
  bare: 'torso-bare.png',
  ...(Object.fromEntries(LIMB_POSES.map((pose) => [pose, limbFile('arms', pose)])) as Record<
    LimbPose,
    string
  >),
});
const handNames = () =>
  Object.fromEntries(LIMB_POSES.map((pose) => [pose, limbFile('hands', pose)])) as Record<LimbPose, string>;

/** The bare torso, arms and hands of one canvas (`whole`: the whole figure's), written as `<prefix><file>`. */
async function writeLimbParts(p: Presenter, dir: string, k: number, whole: boolean) {
  const prefix = whole ? 'full-' : '';
  await writeFile(path.join(dir, `${prefix}torso-bare.png`), await png(bareTorsoSvg(p, whole), k).toBuffer());
  for (const pose of LIMB_POSES)
    for (const part of ['arms', 'hands'] as const) {
      const svg = limbSvg(p, part, whole, pose === 'rest' ? undefined : pose);
      await writeFile(path.join(dir, `${prefix}${limbFile(part, pose)}`), await png(svg, k).toBuffer());
    }
}

/** Body, mouths, blink, brows and static at one scale, written to `dir`; returns the static image. */
async function renderSet(p: Presenter, dir: string, k: number, headBox: Box): Promise<Buffer> {
  await mkdir(dir, { recursive: true });
  const body = await png(figureSvg(p), k).toBuffer();
  await writeFile(path.join(dir, 'body.png'), body);
  await writeFile(path.join(dir, 'torso.png'), await png(torsoSvg(p), k).toBuffer());
  await writeLimbParts(p, dir, k, false);
  if (k === 1) {
    await writeFile(path.join(dir, 'full.png'), await png(figureSvg(p, true), k).toBuffer());
    await writeFile(path.join(dir, 'full-torso.png'), await png(torsoSvg(p, true), k).toBuffer());
    await writeLimbParts(p, dir, k, true);
  }
  const h = scaled(headBox, k);
  const headPng = await sharp(await png(headSvg(p), k).toBuffer())
    .extract({ left: h.x, top: h.y, width: h.width, height: h.height })
    .png({ compressionLevel: 9 })
    .toBuffer();
  await writeFile(path.join(dir, 'head.png'), headPng);
  const mouths: Record<string, Buffer> = {};
  for (const m of MOUTH_SHAPES) {
    mouths[m] = await png(mouthSvg(p, m), k).toBuffer();
    await writeFile(path.join(dir, `mouth-${m}.png`), mouths[m]);
  }
  const e = scaled(EYES_BOX, k);
  const blink = await sharp(await png(blinkSvg(p), k).toBuffer())
    .extract({ left: e.x, top: e.y, width: e.width, height: e.height })
    .png({ compressionLevel: 9 })
    .toBuffer();
  await writeFile(path.join(dir, 'blink.png'), blink);
  const brows = await sharp(await png(browsSvg(p), k).toBuffer())
    .extract({ left: e.x, top: e.y, width: e.width, height: e.height })
    .png({ compressionLevel: 9 })
    .toBuffer();
  await writeFile(path.join(dir, 'brows.png'), brows);
  const still = await sharp(body)
    .composite([{ input: mouths.X, left: MOUTH_BOX.x * k, top: MOUTH_BOX.y * k }])
    .png({ compressionLevel: 9 })
    .toBuffer();
  await writeFile(path.join(dir, 'static.png'), still);
  return still;
}

async function icon(p: Presenter, staticPng: Buffer): Promise<Buffer> {
  const S = 256;
  const crop = await sharp(staticPng)
    .extract({ left: ICON_CROP.x, top: ICON_CROP.y, width: ICON_CROP.size, height: ICON_CROP.size })
    .resize(S, S)
    .png()
    .toBuffer();
  const bg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${S}" height="${S}"><defs><radialGradient id="g" cx="0.5" cy="0.35" r="0.7">` +
    `<stop offset="0" stop-color="${p.iconBg[0]}"/><stop offset="1" stop-color="${p.iconBg[1]}"/></radialGradient></defs>` +
    `<circle cx="${S / 2}" cy="${S / 2}" r="${S / 2}" fill="url(#g)"/></svg>`;
  const mask = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${S}" height="${S}"><circle cx="${S / 2}" cy="${S / 2}" r="${S / 2}" fill="#fff"/></svg>`,
  );
  return sharp(Buffer.from(bg))
    .composite([{ input: crop }, { input: mask, blend: 'dest-in' }])
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/**
 * The presenter's own head box: the drawn head (and the mouth and eyes boxes) plus a margin a turn
 * of a few degrees stays inside, on even pixels, within HEAD_BOX. The render turns this sprite on
 * every frame, so a short-haired head is not turned with the long-haired one's empty corners.
 */
async function headBoxOf(p: Presenter): Promise<Box> {
  const { info } = await png(headSvg(p)).trim({ threshold: 0 }).toBuffer({ resolveWithObject: true });
  const drawn = {
    x: -(info.trimOffsetLeft ?? 0),
    y: -(info.trimOffsetTop ?? 0),
    w: info.width,
    h: info.height,
  };
  const margin = 16;
  const left = Math.min(drawn.x, MOUTH_BOX.x, EYES_BOX.x) - margin;
  const top = Math.min(drawn.y, EYES_BOX.y) - margin;
  const right =
    Math.max(drawn.x + drawn.w, MOUTH_BOX.x + MOUTH_BOX.width, EYES_BOX.x + EYES_BOX.width) + margin;
  const bottom = Math.max(drawn.y + drawn.h, MOUTH_BOX.y + MOUTH_BOX.height) + margin;
  const x = Math.max(HEAD_BOX.x, Math.floor(left / 2) * 2);
  const y = Math.max(HEAD_BOX.y, Math.floor(top / 2) * 2);
  return {
    x,
    y,
    width: Math.min(HEAD_BOX.x + HEAD_BOX.width, Math.ceil(right / 2) * 2) - x,
    height: Math.min(HEAD_BOX.y + HEAD_BOX.height, Math.ceil(bottom / 2) * 2) - y,
  };
}

export async function buildCharacter(p: Presenter, outRoot: string): Promise<CharacterManifest> {
  const dir = path.join(outRoot, p.id);
  await mkdir(dir, { recursive: true });
  const head = await headBoxOf(p);
  const still = await renderSet(p, dir, 1, head);
  await renderSet(p, path.join(dir, 'hd'), HD_SCALE, head);
  await writeFile(path.join(dir, 'icon.png'), await icon(p, still));
  const manifest: CharacterManifest = {
    id: p.id,
    name: p.name,
    sex: p.sex,
    style: p.style,
    width: CANVAS.width,
    height: CANVAS.height,
    mouth: { ...MOUTH_BOX },
    eyes: { ...EYES_BOX },
    head,
    pivot: { ...NECK_PIVOT },
    full: { ...FULL_CANVAS, files: { body: 'full.png', torso: 'full-torso.png' } },
    mouthShapes: [...MOUTH_SHAPES],
    suggestedVoice: p.suggestedVoice,
    files: { ...fileNames(''), icon: 'icon.png' },
    arms: partFiles(armNames()),
    hands: partFiles(handNames()),
    hd: {
      scale: HD_SCALE,
      width: CANVAS.width * HD_SCALE,
      height: CANVAS.height * HD_SCALE,
      mouth: scaled(MOUTH_BOX, HD_SCALE),
      eyes: scaled(EYES_BOX, HD_SCALE),
      head: scaled(head, HD_SCALE),
      pivot: { x: NECK_PIVOT.x * HD_SCALE, y: NECK_PIVOT.y * HD_SCALE },
      files: fileNames('hd/'),
      arms: hdFiles(armNames()),
      hands: hdFiles(handNames()),
    },
  };
  const file = path.join(dir, 'manifest.json');
  await writeFile(
    file,
    await format(JSON.stringify(manifest), { ...(await resolveConfig(file)), parser: 'json' }),
  );
  return manifest;
}
