import type { MouthCue } from '../../model/speech';
import { BLINK_MS } from '../../model/speech/blinks';
import { FPS } from './planTypes';

/*
 * ffconcat scripts: the timed image sequences a page overlays (mouth sprites following the mouth
 * timeline, blinks) and the list that joins rendered pages by stream copy.
 */

/** Blink length, from the model the stage shares. */
export { BLINK_MS };

const sec = (ms: number) => (ms / 1000).toFixed(3);
export const quote = (file: string) => `'${file.replace(/'/g, "'\\''")}'`;

/**
 * The cues as the video shows them: each from the first frame at or after its time, where the
 * stage (shapeAt at the frame's time) shows it too. Reading the track at the frame rate would
 * otherwise put a change on the nearest frame, up to half a frame early (issue 15: the TTS page of
 * the lip-sync measure went from 90.8 % to 92.6 % of frames in the phoneme's mouth class).
 */
export function cuesOnFrames(cues: readonly MouthCue[], fps: number): MouthCue[] {
  const frameMs = 1000 / fps;
  return cues.map((c) => ({ ...c, startMs: Math.ceil(c.startMs / frameMs - 1e-6) * frameMs }));
}

/**
 * An ffconcat script showing one image per mouth cue (on the frame grid, cuesOnFrames) for its
 * duration: the whole mouth track of a page becomes one input stream, so the page needs a single
 * overlay for lip-sync.
 */
export function mouthTrack(cues: MouthCue[], durationMs: number, sprites: Record<string, string>, fps = FPS) {
  const lines = ['ffconcat version 1.0'];
  const timeline = [{ startMs: 0, shape: 'X' }, ...cuesOnFrames(cues, fps)];
  const spans: { shape: string; ms: number }[] = [];
  timeline.forEach((cue, i) => {
    const end = Math.min(i + 1 < timeline.length ? timeline[i + 1].startMs : durationMs, durationMs);
    const ms = end - cue.startMs;
    if (ms <= 0) return;
    const last = spans[spans.length - 1];
    if (last && last.shape === cue.shape) last.ms += ms;
    else spans.push({ shape: cue.shape, ms });
  });
  for (const span of spans)
    lines.push(`file ${quote(sprites[span.shape] ?? sprites.X)}`, `duration ${sec(span.ms)}`);
  // The concat demuxer ignores the last entry's duration unless the file is listed once more.
  lines.push(`file ${quote(sprites[spans[spans.length - 1]?.shape ?? 'X'] ?? sprites.X)}`);
  return lines.join('\n') + '\n';
}

/** An ffconcat script alternating a transparent image and the eyes-closed image at the blink times. */
export function blinkTrack(blinks: number[], durationMs: number, open: string, closed: string): string {
  const lines = ['ffconcat version 1.0'];
  let t = 0;
  for (const at of blinks) {
    lines.push(
      `file ${quote(open)}`,
      `duration ${sec(at - t)}`,
      `file ${quote(closed)}`,
      `duration ${sec(BLINK_MS)}`,
    );
    t = at + BLINK_MS;
  }
  lines.push(`file ${quote(open)}`, `duration ${sec(Math.max(40, durationMs - t))}`, `file ${quote(open)}`);
  return lines.join('\n') + '\n';
}

/** ffconcat list of rendered page files, joined by stream copy. */
export function concatList(pageFiles: string[]): string {
  return ['ffconcat version 1.0', ...pageFiles.map((f) => `file ${quote(f)}`)].join('\n') + '\n';
}

/** Joins pages without re-encoding and moves the index to the front for instant playback. */
export function concatArgs(listFile: string, output: string): string[] {
  return [
    '-y',
    '-f',
    'concat',
    '-safe',
    '0',
    '-i',
    listFile,
    '-c',
    'copy',
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
    output,
  ];
}
