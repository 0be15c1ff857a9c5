/** Scene registry and writer: JPEG backgrounds plus 320 px thumbnails in assets/library/scenes/. */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { COMMON_DEFS } from './scene-kit.js';
import { gradientScene, type SceneArt, studio, techScene } from './scenes-abstract.js';
import { classroom, meetingRoom, office, study, studyPortrait } from './scenes-interior.js';
import { doc } from './svg.js';

export interface SceneSpec {
  id: string;
  name: string;
  sizeType: 1 | 2;
  draw: (W: number, H: number) => SceneArt;
}

export const LANDSCAPE = { width: 1920, height: 1080 } as const;
export const PORTRAIT = { width: 750, height: 1334 } as const;

const BLUE: [string, string, string] = ['#1b3a8c', '#2f6fd6', '#7cc0ff'];
const WARM: [string, string, string] = ['#ff8a65', '#ffb36b', '#ffe2a8'];
const MINT: [string, string, string] = ['#0f766e', '#2bb39a', '#b8f0d8'];

export const SCENES: SceneSpec[] = [
  { id: 'studio', name: '演播室', sizeType: 1, draw: studio },
  { id: 'classroom', name: '教室', sizeType: 1, draw: classroom },
  { id: 'office', name: '办公室', sizeType: 1, draw: office },
  { id: 'meeting-room', name: '会议室', sizeType: 1, draw: meetingRoom },
  { id: 'study', name: '书房', sizeType: 1, draw: study },
  { id: 'tech', name: '科技感', sizeType: 1, draw: techScene },
  {
    id: 'blue-gradient',
    name: '蓝色渐变',
    sizeType: 1,
    draw: (w, h) => gradientScene(w, h, BLUE, '#9fd4ff'),
  },
  {
    id: 'warm-gradient',
    name: '暖色渐变',
    sizeType: 1,
    draw: (w, h) => gradientScene(w, h, WARM, '#fff0c2'),
  },
  { id: 'studio-portrait', name: '演播室(竖屏)', sizeType: 2, draw: studio },
  { id: 'study-portrait', name: '书房(竖屏)', sizeType: 2, draw: studyPortrait },
  { id: 'tech-portrait', name: '科技感(竖屏)', sizeType: 2, draw: techScene },
  {
    id: 'blue-gradient-portrait',
    name: '蓝色渐变(竖屏)',
    sizeType: 2,
    draw: (w, h) => gradientScene(w, h, BLUE, '#9fd4ff'),
  },
  {
    id: 'warm-gradient-portrait',
    name: '暖色渐变(竖屏)',
    sizeType: 2,
    draw: (w, h) => gradientScene(w, h, WARM, '#fff0c2'),
  },
  {
    id: 'mint-gradient-portrait',
    name: '清新绿(竖屏)',
    sizeType: 2,
    draw: (w, h) => gradientScene(w, h, MINT, '#d8fff0'),
  },
];

export interface SceneEntry {
  id: string;
  name: string;
  sizeType: 1 | 2;
  width: number;
  height: number;
  file: string;
  thumb: string;
}

export function sceneSvg(s: SceneSpec): string {
  const { width: W, height: H } = s.sizeType === 1 ? LANDSCAPE : PORTRAIT;
  const art = s.draw(W, H);
  return doc(W, H, COMMON_DEFS + art.defs, art.body);
}

export async function buildScene(s: SceneSpec, outDir: string): Promise<SceneEntry> {
  await mkdir(outDir, { recursive: true });
  const { width, height } = s.sizeType === 1 ? LANDSCAPE : PORTRAIT;
  const raster = await sharp(Buffer.from(sceneSvg(s)))
    .flatten({ background: '#000000' })
    .png()
    .toBuffer();
  const file = `${s.id}.jpg`;
  const thumb = `${s.id}.thumb.jpg`;
  await writeFile(
    path.join(outDir, file),
    await sharp(raster).jpeg({ quality: 88, mozjpeg: true, chromaSubsampling: '4:4:4' }).toBuffer(),
  );
  await writeFile(
    path.join(outDir, thumb),
    await sharp(raster).resize({ width: 320 }).jpeg({ quality: 85, mozjpeg: true }).toBuffer(),
  );
  return {
    id: s.id,
    name: s.name,
    sizeType: s.sizeType,
    width,
    height,
    file: `scenes/${file}`,
    thumb: `scenes/${thumb}`,
  };
}
