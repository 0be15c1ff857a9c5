import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ffmpegPath } from '../../../src/server/adapters/media/ffmpeg';
import { pageVideoChain } from '../../../src/server/video/layers/pageVideo';
import { PageCache } from '../../../src/server/video/pageCache';
import type { PagePart, PlannedVideo } from '../../../src/server/video/planTypes';
import { withScaledVideo, writeScaledVideo } from '../../../src/server/video/scaledVideo';

/*
 * A page video's frames scaled once (scaledVideo.ts, issue 15): the page graph reading them shows
 * exactly the frames it showed when it decoded and scaled the upload itself, and a second page
 * showing the video at that size finds them in the cache.
 */

const dir = mkdtempSync(path.join(tmpdir(), 'ps-scaled-video-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A moving 4:3 test picture at 30 fps with a tone: letterboxed in a 16:9 box, re-timed to 25 fps. */
function upload(name: string): string {
  const out = path.join(dir, name);
  const run = spawnSync(ffmpegPath(), [
    '-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=s=640x480:r=30:d=2', '-f', 'lavfi', '-i', 'sine=d=2',
    '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-y', out,
  ]); // prettier-ignore
  if (run.status !== 0) throw new Error(`ffmpeg: ${run.stderr}`);
  return out;
}

/** The MD5 of every frame the page video chain gives for `file` (a 3 s page: 2 s played, 1 s held). */
function chainFrames(file: string, scaled: boolean): string[] {
  const chain = pageVideoChain('[0:v]', BOX, 25, 3000, '[v]', { scaled });
  const run = spawnSync(ffmpegPath(), [
    '-v', 'error', '-i', file, '-filter_complex', chain, '-map', '[v]', '-t', '3', '-f', 'framemd5', '-',
  ]); // prettier-ignore
  if (run.status !== 0) throw new Error(`ffmpeg: ${run.stderr}`);
  return run.stdout
    .toString()
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => line.split(',').at(-1)!.trim());
}

const BOX = { x: 100.4, y: 50, width: 589, height: 336 };
const video = (file: string): PlannedVideo => ({
  file,
  durationMs: 2000,
  aspect: 4 / 3,
  hasAudio: true,
  box: BOX,
  sound: true,
});

describe('a page video scaled once', () => {
  it('shows in the page graph exactly the frames of the upload decoded and scaled there', async () => {
    const file = upload('clip.mp4');
    const out = path.join(dir, 'clip-588x336.mp4');
    await writeScaledVideo(file, BOX, 25, out);
    const live = chainFrames(file, false);
    expect(live).toHaveLength(75);
    expect(chainFrames(out, true)).toEqual(live);
    // Its own file: no sound, at the box's even size.
    const streams = spawnSync(ffmpegPath(), ['-hide_banner', '-i', out]).stderr.toString();
    expect(streams).toMatch(/Video: h264.*588x336/);
    expect(streams).not.toMatch(/Audio:/);
  });

  it('is made once per video, size and fps, for each box the page shows it in', async () => {
    const file = upload('parts.mp4');
    const cache = new PageCache(path.join(dir, 'cache'), undefined, '.png');
    const work = mkdtempSync(path.join(dir, 'work-'));
    const whole = { x: 0, y: 0, width: 1920, height: 1080 };
    const parts = [{ slide: BOX }, { slide: null }, { slide: whole }, { slide: BOX }] as PagePart[];
    const plan = { fps: 25, video: video(file), parts };
    const first = await withScaledVideo(plan, path.join(work, 'p1'), cache);
    expect(first.video!.scaled).toEqual({
      '588x336': path.join(work, 'p1-video-588x336.mp4'),
      '1920x1080': path.join(work, 'p1-video-1920x1080.mp4'),
    });
    const stored = readdirSync(cache.dir).filter((f) => f.endsWith('.scaled.mp4'));
    expect(stored).toHaveLength(2);

    // Another page (no parts) at the first size: taken from the cache (a link to the same file).
    const second = await withScaledVideo({ fps: 25, video: video(file) }, path.join(work, 'p2'), cache);
    const taken = second.video!.scaled!['588x336'];
    expect(Object.keys(second.video!.scaled!)).toEqual(['588x336']);
    const inode = (f: string) => statSync(f).ino;
    expect(stored.map((f) => inode(path.join(cache.dir, f)))).toContain(inode(taken));
    expect(readdirSync(cache.dir).filter((f) => f.endsWith('.scaled.mp4'))).toHaveLength(2);

    // At another fps it is made again; a page without a video is left as it is.
    await withScaledVideo({ fps: 30, video: video(file) }, path.join(work, 'p3'), cache);
    expect(readdirSync(cache.dir).filter((f) => f.endsWith('.scaled.mp4'))).toHaveLength(3);
    const none = { fps: 25, video: undefined };
    expect(await withScaledVideo(none, path.join(work, 'p4'), cache)).toBe(none);
  });
});
