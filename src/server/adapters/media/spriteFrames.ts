import { randomBytes } from 'node:crypto';
import { readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runFfmpeg } from './ffmpeg';

/*
 * Sprite pictures for ffmpeg tracks. PAM is RGBA with a text header, which ffmpeg reads with a copy
 * (a PNG costs an inflate). A head track's sprites are stored as one-frame NUT files of raw
 * yuva420p instead (issue 15), the pixel format the page graph overlays in: a track of RGBA
 * pictures had every entry converted by swscale on every page that showed it, about 0.8 ms for a
 * 184 x 304 head sprite on AMD EPYC, 0.16-0.2 of a plain page's 0.4 CPU s of head-track filtering
 * (240 entries). The conversion here is the page graph's own (an auto-inserted scale in a
 * filter_complex), so the frames the page shows are the same to the bit.
 */

/** An RGBA picture in memory. */
export interface RgbaPicture {
  data: Buffer;
  width: number;
  height: number;
}

/** An RGBA picture as a PAM file (header + raw rows). */
export function pam(raw: RgbaPicture): Buffer {
  const header = `P7\nWIDTH ${raw.width}\nHEIGHT ${raw.height}\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n`;
  return Buffer.concat([Buffer.from(header, 'latin1'), raw.data]);
}

/**
 * Writes `pictures` (all of one size) as the one-frame yuva420p NUT files `outputs` (all in one
 * folder), converted by one ffmpeg. Each output appears whole (made beside, then renamed); nothing
 * of a failed run stays behind.
 */
export async function writeSpriteFrames(pictures: readonly RgbaPicture[], outputs: readonly string[]) {
  if (pictures.length !== outputs.length) throw new Error('one output per picture');
  if (!pictures.length) return;
  const dir = path.dirname(outputs[0]);
  const tag = `.tmp-${randomBytes(6).toString('hex')}`;
  try {
    // A numbered sequence for the image2 demuxer; the segment muxer cuts after every frame.
    await Promise.all(pictures.map((p, i) => writeFile(path.join(dir, `${tag}-in-${i}.pam`), pam(p))));
    const cuts = pictures.map((_, i) => i).slice(1);
    await runFfmpeg([
      '-y', '-framerate', '25', '-start_number', '0', '-i', path.join(dir, `${tag}-in-%d.pam`),
      '-filter_complex', '[0:v]format=yuva420p[o]', '-map', '[o]', '-c:v', 'rawvideo',
      '-f', 'segment', '-segment_format', 'nut', '-reset_timestamps', '1',
      ...(cuts.length ? ['-segment_frames', cuts.join(',')] : []),
      path.join(dir, `${tag}-out-%d.nut`),
    ]); // prettier-ignore
    for (const [i, output] of outputs.entries()) await rename(path.join(dir, `${tag}-out-${i}.nut`), output);
  } finally {
    const left = (await readdir(dir)).filter((f) => f.startsWith(tag));
    await Promise.all(left.map((f) => rm(path.join(dir, f), { force: true })));
  }
}
