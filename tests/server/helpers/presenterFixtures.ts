import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { ffmpegPath } from '../../../src/server/adapters/media/ffmpeg';

/*
 * Files for the 我的数字人 tests: real PNG/JPEG pictures drawn with sharp, real videos encoded by
 * the bundled ffmpeg, and multi-file multipart bodies.
 */

export type Rgb = [number, number, number];

/** A solid-colour picture (PNG with alpha or JPEG). */
export function solidImage(width: number, height: number, rgb: Rgb, format: 'png' | 'jpeg' = 'png') {
  const [r, g, b] = rgb;
  return sharp({ create: { width, height, channels: 4, background: { r, g, b, alpha: 1 } } })
    .toFormat(format)
    .toBuffer();
}

/**
 * A talking-presenter video: a red square swaying on a plain background (green by default, for
 * keying), `seconds` long at 25 fps, as MP4 (H.264), MOV or WebM (VP8).
 */
export function talkingVideo(
  opts: {
    seconds?: number;
    width?: number;
    height?: number;
    background?: string;
    format?: 'mp4' | 'mov' | 'webm';
  } = {},
): Buffer {
  const { seconds = 2, width = 320, height = 480, background = '0x00FF00', format = 'mp4' } = opts;
  const out = path.join(tmpdir(), `presenter-${randomBytes(6).toString('hex')}.${format}`);
  const codec =
    format === 'webm' ? ['-c:v', 'libvpx', '-b:v', '400k'] : ['-c:v', 'libx264', '-preset', 'veryfast'];
  const run = spawnSync(ffmpegPath(), [
    '-v', 'error',
    '-f', 'lavfi', '-i', `color=c=${background}:s=${width}x${height}:r=25:d=${seconds}`,
    '-f', 'lavfi', '-i', `color=c=0xDC1E1E:s=100x100:r=25:d=${seconds}`,
    '-filter_complex', `[0][1]overlay=x='(W-w)/2+40*sin(2*PI*t)':y=(H-h)/2,format=yuv420p`,
    ...codec, '-y', out,
  ]); // prettier-ignore
  if (run.status !== 0) throw new Error(`could not make the test video: ${run.stderr}`);
  const bytes = readFileSync(out);
  rmSync(out, { force: true });
  return bytes;
}

/** A multipart/form-data body with text fields first, then any number of files. */
export function multiForm(
  fields: Record<string, string>,
  files: { field: string; filename: string; content: Buffer }[],
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----studio${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      f.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
