import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ffmpegPath } from '../src/server/adapters/media/ffmpeg';

/*
 * The measured table behind src/server/video/encoderPreset.ts: x264 speed of each preset on ONE
 * core (threads=1), encoding a 1080p page-like picture (a still with a small moving patch, as the
 * mouth sprite makes it) for 20 s at 25 fps with crf 21. Pages render one per core, so a machine
 * with C cores renders at about C times these factors. Run: `npx tsx bench/presets.ts`.
 */

const PRESETS = ['superfast', 'veryfast', 'faster', 'fast', 'medium'] as const;
const SECONDS = 20;

export function presetBench() {
  const dir = mkdtempSync(path.join(tmpdir(), 'presets-'));
  try {
    return PRESETS.map((preset) => {
      const out = path.join(dir, `${preset}.mp4`);
      const started = performance.now();
      const run = spawnSync(ffmpegPath(), [
        '-v', 'error', '-y',
        '-f', 'lavfi', '-i', `testsrc2=s=1920x1080:r=1:d=1`,
        '-f', 'lavfi', '-i', `color=c=0xC0392B:s=120x80:r=25:d=${SECONDS}`,
        '-filter_complex',
        `[0:v]format=yuv420p,loop=loop=-1:size=1:start=0,setpts=N/25/TB[bg];` +
          `[bg][1:v]overlay=x='900+40*sin(t*6)':y=500:shortest=1,format=yuv420p[v]`,
        '-map', '[v]', '-t', String(SECONDS),
        '-c:v', 'libx264', '-preset', preset, '-crf', '21', '-threads', '1', out,
      ]); // prettier-ignore
      if (run.status !== 0) throw new Error(`ffmpeg ${preset}: ${run.stderr}`);
      const ms = performance.now() - started;
      return {
        preset,
        perCoreRealtime: +(SECONDS / (ms / 1000)).toFixed(2),
        sizeKB: Math.round(statSync(out).size / 1024),
      };
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.table(presetBench());
