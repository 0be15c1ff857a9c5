import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MouthCue, TimedWord } from '../../../src/model/speech';
import { ffmpegPath, runFfmpeg } from '../../../src/server/adapters/media/ffmpeg';
import { pageArgs } from '../../../src/server/video/ffmpegArgs';
import { heldFramesOf } from '../../../src/server/video/heldPage';
import type { PageFiles, PagePlan } from '../../../src/server/video/planTypes';
import { renderPage } from '../../../src/server/video/renderPage';
import { pageMotion } from '../../../src/server/video/speaking';
import { rig as xiaoya } from '../../../measure/presenterVideo';
import { writeSilence } from '../helpers/video';

/*
 * A page drawn only on the frames where it changes (changeFrames.ts, layers/heldFrames.ts) against
 * the same page drawn on every frame: renderPage's page (the layered presenter talking, her head
 * swaying, blinking, a sticker switched on mid-page, subtitles off) and the same graph from the
 * same files without the select and the fps that holds. Every decoded frame must be equal.
 */

const FRAME = { width: 640, height: 360 };
const BOX = { x: 380, y: 20, width: 192, height: 336 };
const DURATION = 4000;
const spoken = (text: string, fromMs: number): TimedWord[] =>
  [...text].map((ch, i) => ({ text: ch, startMs: fromMs + i * 160, endMs: fromMs + i * 160 + 140 }));
const MOUTH: MouthCue[] = ['X', 'B', 'C', 'D', 'B', 'A', 'E', 'F', 'B', 'C', 'X'].map((shape, k) => ({
  startMs: k * 330 + (k % 3) * 17,
  shape: shape as MouthCue['shape'],
}));

/** Frame checksums of a video file (framemd5), one per frame. */
function frameSums(file: string): string[] {
  const out = spawnSync(ffmpegPath(), ['-v', 'error', '-i', file, '-f', 'framemd5', '-'], {
    encoding: 'utf8',
  });
  return out.stdout
    .split('\n')
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => l.split(',').pop()!.trim());
}

describe('a page held between its changes', () => {
  let work: string;
  let job: string;
  let plan: PagePlan;

  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'held-'));
    job = path.join(work, 'renders', 'job');
    mkdirSync(job, { recursive: true });
    const background = path.join(work, 'bg.png');
    await sharp({ create: { ...FRAME, channels: 3, background: { r: 60, g: 90, b: 140 } } })
      .png()
      .toFile(background);
    const sticker = path.join(work, 'sticker.png');
    await sharp({
      create: { width: 40, height: 40, channels: 4, background: { r: 250, g: 200, b: 0, alpha: 0.8 } },
    })
      .png()
      .toFile(sticker);
    const audio = await writeSilence(path.join(work, 'silence.wav'), DURATION / 1000);
    plan = {
      index: 1,
      frame: FRAME,
      fps: 25,
      durationMs: DURATION,
      background,
      slide: null,
      character: { rig: xiaoya, box: BOX },
      audio: [
        { file: audio, durationMs: DURATION, mouth: MOUTH, words: spoken('大家好今天我们讲一讲', 200) },
      ],
      stickers: [
        {
          file: sticker,
          gif: false,
          box: { x: 40, y: 40, width: 40, height: 40 },
          startMs: 1730,
          baked: false,
        },
      ],
      silent: true,
    };
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('shows on every frame exactly what the page drawn on every frame shows', async () => {
    const held = path.join(work, 'held.mp4');
    await renderPage(plan, null, job, held, 'ultrafast', new AbortController().signal, () => {});
    // The files renderPage wrote for the page, read again by the same graph drawn on every frame.
    const prefix = path.join(job, 'p1');
    const files: PageFiles = {
      still: `${prefix}-still.png`,
      mouthTrack: `${prefix}-mouth.ffconcat`,
      blinkTrack: `${prefix}-blink.ffconcat`,
      headTrack: `${prefix}-head.ffconcat`,
      audio: [],
      subtitles: null,
      output: path.join(work, 'every.mp4'),
    };
    const tracks = { still: files.still, sprites: [files.headTrack!], movingHead: true };
    const changes = await heldFramesOf(plan, tracks, plan.stickers!, pageMotion(plan));
    expect(changes).toBeDefined();
    // The head changes often, but far from on every frame: the held page draws fewer than 80%.
    expect(changes!.length).toBeLessThan(0.8 * 100);
    expect(changes).toContain(Math.floor((1730 * 25) / 1000) + 1);
    const heldArgs = pageArgs(
      plan,
      { ...files, changeFrames: changes, output: path.join(work, 'again.mp4') },
      'ultrafast',
    );
    expect(heldArgs.join(' ')).toContain("select='if(lt(n,");
    await runFfmpeg(pageArgs(plan, files, 'ultrafast'));

    const shown = frameSums(held);
    const every = frameSums(files.output);
    expect(shown).toHaveLength(100);
    expect(every).toHaveLength(100);
    expect(shown).toEqual(every);
    // The head did move: the frames are not all one picture.
    expect(new Set(every).size).toBeGreaterThan(20);
  }, 120_000);
});
