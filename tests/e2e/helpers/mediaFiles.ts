import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { ffmpegPath, ffprobePath } from '../../../src/server/adapters/media/ffmpeg';
import type { Rgb } from '../../server/video/colourBoxes';

/*
 * Media a browser flow uploads (a deck of solid-colour slides, a tone MP3, a moving page video with
 * a loud tone) and the probes that read a finished MP4's audio back, all with the
 * bundled ffmpeg, so what the test expects is known exactly.
 */

function ffmpeg(args: string[], what: string): Buffer {
  const run = spawnSync(ffmpegPath(), ['-v', 'error', ...args], { maxBuffer: 256 * 1024 * 1024 });
  if (run.status !== 0) throw new Error(`ffmpeg could not ${what}: ${run.stderr}`);
  return run.stdout;
}

/**
 * Writes a 16:9 PDF whose page n is filled with colours[n], written by hand (one filled rectangle a
 * page, no fonts), so the slide box of each rendered page can be checked by colour.
 */
export function colourDeckPdf(file: string, colours: Rgb[]): string {
  const fill = (c: Rgb) => c.map((v) => (v / 255).toFixed(3)).join(' ');
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>', ''];
  const kids: string[] = [];
  colours.forEach((c, i) => {
    const pageNum = 3 + i * 2;
    kids.push(`${pageNum} 0 R`);
    const content = `${fill(c)} rg 0 0 960 540 re f`;
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 960 540] /Contents ${pageNum + 1} 0 R >>`,
      `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    );
  });
  objects[1] = `<< /Type /Pages /Kids [${kids.join(' ')}] /Count ${colours.length} >>`;
  let out = '%PDF-1.7\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) out += `${String(off).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  writeFileSync(file, Buffer.from(out, 'latin1'));
  return file;
}

/** An MP3 of a steady sine tone. */
export function toneMp3(file: string, seconds: number, frequency = 330): string {
  ffmpeg(
    ['-f', 'lavfi', '-i', `sine=f=${frequency}:d=${seconds}`, '-ar', '44100', '-y', file],
    'make an mp3',
  );
  return file;
}

/**
 * An MP4 whose picture moves all the time (a white square sliding over dark grey) with a loud
 * 1 kHz tone as its sound, so a muted page can be told from one playing the video's sound.
 */
export function movingToneVideo(file: string, seconds: number): string {
  // prettier-ignore
  ffmpeg([
    '-f', 'lavfi', '-i', `color=c=0x202020:s=640x360:r=25:d=${seconds}`,
    '-f', 'lavfi', '-i', `color=c=white:s=120x120:r=25:d=${seconds}`,
    '-f', 'lavfi', '-i', `sine=f=1000:d=${seconds}`,
    '-filter_complex', "[0][1]overlay=x='20+t*100':y=120,format=yuv420p[v];[2]volume=8dB[a]",
    '-map', '[v]', '-map', '[a]', '-c:v', 'libx264', '-preset', 'veryfast', '-c:a', 'aac',
    '-t', String(seconds), '-y', file,
  ], 'make the page video');
  return file;
}

/** The container duration of a media file, in seconds. */
export function mediaSeconds(file: string): number {
  // prettier-ignore
  const run = spawnSync(ffprobePath(), [
    '-v', 'error', '-show_entries', 'format=duration', '-of', 'default=nw=1:nk=1', file,
  ], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`ffprobe failed: ${run.stderr}`);
  return Number(run.stdout.trim());
}

/** The stream types of a media file, e.g. ['video', 'audio']. */
export function streamTypes(file: string): string[] {
  // prettier-ignore
  const run = spawnSync(ffprobePath(), [
    '-v', 'error', '-show_entries', 'stream=codec_type', '-of', 'default=nw=1:nk=1', file,
  ], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`ffprobe failed: ${run.stderr}`);
  return run.stdout.trim().split(/\s+/);
}

/** RMS level (0 silence .. 1 full scale) of a file's audio between two times, mixed to mono. */
export function audioRms(file: string, fromSeconds: number, toSeconds: number): number {
  // prettier-ignore
  const pcm = ffmpeg([
    '-ss', fromSeconds.toFixed(3), '-t', (toSeconds - fromSeconds).toFixed(3), '-i', file,
    '-vn', '-ac', '1', '-ar', '16000', '-f', 's16le', 'pipe:1',
  ], 'read the audio');
  const samples = pcm.length >> 1;
  if (samples === 0) return 0;
  let sum = 0;
  for (let i = 0; i < samples; i++) sum += (pcm.readInt16LE(i * 2) / 32768) ** 2;
  return Math.sqrt(sum / samples);
}

/** RMS level in a narrow band around `frequency` (a tone hidden under speech still shows). */
export function toneRms(file: string, fromSeconds: number, toSeconds: number, frequency: number): number {
  // prettier-ignore
  const pcm = ffmpeg([
    '-ss', fromSeconds.toFixed(3), '-t', (toSeconds - fromSeconds).toFixed(3), '-i', file,
    '-vn', '-ac', '1', '-af', `bandpass=f=${frequency}:width_type=q:w=8`,
    '-ar', '16000', '-f', 's16le', 'pipe:1',
  ], 'filter the audio');
  const samples = pcm.length >> 1;
  let sum = 0;
  for (let i = 0; i < samples; i++) sum += (pcm.readInt16LE(i * 2) / 32768) ** 2;
  return samples ? Math.sqrt(sum / samples) : 0;
}
