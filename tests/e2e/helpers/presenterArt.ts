import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { ffmpegPath } from '../../../src/server/adapters/media/ffmpeg';

/*
 * Presenter art for the browser flows, drawn here: a figure on transparency (body), mouth sprites,
 * a green-screen talking video of the same figure, and a photo-like picture.
 */

const FIGURE = (mouth: boolean) => `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="700">
  <path d="M60 700 C70 520 120 470 200 465 C280 470 330 520 340 700 Z" fill="#3b5bdb"/>
  <path d="M170 440 L230 440 L235 480 L165 480 Z" fill="#f1c7a8"/>
  <ellipse cx="200" cy="330" rx="95" ry="120" fill="#f6d3b8"/>
  <path d="M105 320 C100 200 300 190 296 320 C290 260 250 235 200 238 C150 235 110 260 105 320 Z" fill="#2b2b3a"/>
  <ellipse cx="165" cy="320" rx="11" ry="13" fill="#2b2b3a"/>
  <ellipse cx="235" cy="320" rx="11" ry="13" fill="#2b2b3a"/>
  ${mouth ? '<rect x="175" y="385" width="50" height="10" rx="5" fill="#c2410c"/>' : ''}
</svg>`;

/** A mouth sprite (120x80) opening `open` pixels. */
const MOUTH = (
  open: number,
  round = false,
) => `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="80">
  <ellipse cx="60" cy="40" rx="${round ? 16 : 26}" ry="${Math.max(4, open)}" fill="#9f1d1d"/>
  ${open > 8 ? `<ellipse cx="60" cy="${40 - open / 2 + 4}" rx="${round ? 10 : 18}" ry="4" fill="#fff"/>` : ''}
</svg>`;

async function svgPng(svg: string, file: string): Promise<string> {
  await sharp(Buffer.from(svg)).png().toFile(file);
  return file;
}

/** Writes the art into `dir`; answers the file paths. */
export async function writePresenterArt(dir: string) {
  const body = await svgPng(FIGURE(false), path.join(dir, 'body.png'));
  const mouthX = await svgPng(MOUTH(4), path.join(dir, 'mouth-X.png'));
  const mouthD = await svgPng(MOUTH(22), path.join(dir, 'mouth-D.png'));
  const mouthE = await svgPng(MOUTH(16, true), path.join(dir, 'mouth-E.png'));
  const still = await svgPng(FIGURE(true), path.join(dir, 'figure.png'));
  const jpegNamedPng = path.join(dir, 'not-really.png');
  writeFileSync(jpegNamedPng, await sharp(still).flatten({ background: '#fff' }).jpeg().toBuffer());
  const photo = path.join(dir, 'photo.png');
  await sharp(still)
    .resize(400, 700)
    .composite([{ input: Buffer.from(FIGURE(true)), left: 0, top: 0 }])
    .png()
    .toFile(photo);
  const video = path.join(dir, 'green-talk.mp4');
  const run = spawnSync(ffmpegPath(), [
    '-v', 'error',
    '-f', 'lavfi', '-i', 'color=c=0x00FF00:s=400x700:r=25:d=3',
    '-i', still,
    '-filter_complex', "[0][1]overlay=x=0:y='6*sin(2*PI*t*1.5)',format=yuv420p",
    '-c:v', 'libx264', '-preset', 'veryfast', '-t', '3', '-y', video,
  ]); // prettier-ignore
  if (run.status !== 0) throw new Error(`could not make the talking video: ${run.stderr}`);
  return { body, mouthX, mouthD, mouthE, still, jpegNamedPng, photo, video };
}
