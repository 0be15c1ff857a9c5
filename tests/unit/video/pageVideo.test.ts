import { mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { newDocument, type ProjectDocument } from '../../../src/model/project';
import { pageArgs } from '../../../src/server/video/ffmpegArgs';
import { pageVideoChain } from '../../../src/server/video/layers/pageVideo';
import { pageCacheKey } from '../../../src/server/video/pageCache';
import { planPages } from '../../../src/server/video/renderPlan';
import type { PagePlan, PageVideoFile } from '../../../src/server/video/planTypes';

const dir = mkdtempSync(path.join(tmpdir(), 'page-video-'));
const file = (name: string) => {
  const f = path.join(dir, name);
  writeFileSync(f, name);
  return f;
};
const rig = {
  width: 800,
  height: 1400,
  body: file('body.png'),
  blink: file('blink.png'),
  mouths: { X: file('X.png'), A: file('A.png') },
  mouth: { x: 340, y: 392, width: 120, height: 80 },
  eyes: { x: 316, y: 318, width: 168, height: 50 },
};

function doc(isSound: 1 | 2): ProjectDocument {
  const base = newDocument();
  return {
    ...base,
    character: { ...base.character, uuid: 'a', X: 10, Y: 10, width: 200, height: 350 },
    scene: { ...base.scene, pptX: 1000, pptY: 240, pptWidth: 800, pptHeight: 450 },
    ppt: {
      ...base.ppt,
      pages: [
        { ...base.ppt.pages[0], index: 1, video: '/v.mp4', videoid: 'v', isVideo: 1, isSound },
        { ...base.ppt.pages[0], index: 2 },
      ],
    },
  };
}

const clip: PageVideoFile = { file: file('v.mp4'), durationMs: 3000, aspect: 16 / 9, hasAudio: true };
const plan = (d: ProjectDocument, narrationMs: number, video = clip): PagePlan[] =>
  planPages(
    d,
    { width: 1920, height: 1080 },
    rig,
    (url) => url,
    () => [{ file: file('a.wav'), durationMs: narrationMs, mouth: [], isScale: 2 }],
    () => undefined,
    (page) => (page.isVideo === 1 ? video : null),
  );

describe('page video plans', () => {
  it('lasts the longer of narration and video; only the video page gets one, at the slide box', () => {
    const [withVideo, without] = plan(doc(1), 2000);
    expect(withVideo.durationMs).toBe(3000);
    expect(withVideo.video).toMatchObject({ box: { x: 1000, y: 240, width: 800, height: 450 }, sound: true });
    // PPT全屏 frames the video like a slide, by the video's aspect: the whole 16:9 frame.
    expect(withVideo.parts?.[0]).toMatchObject({
      isScale: 2,
      slide: { x: 0, y: 0, width: 1920, height: 1080 },
    });
    expect(without.durationMs).toBe(2000);
    expect(without.video).toBeUndefined();
    expect(plan(doc(1), 4010)[0].durationMs).toBe(4040);
  });

  it('drops the sound when muted (isSound 2) or when the file has none', () => {
    expect(plan(doc(2), 2000)[0].video!.sound).toBe(false);
    expect(plan(doc(1), 2000, { ...clip, hasAudio: false })[0].video!.sound).toBe(false);
  });

  it('letterboxes inside the box, plays once and holds the last frame', () => {
    const chain = pageVideoChain('[4:v]', { x: 0, y: 0, width: 801, height: 451 }, 25, 3000, '[pv]');
    expect(chain).toContain('scale=800:450:force_original_aspect_ratio=decrease');
    expect(chain).toContain('pad=800:450');
    expect(chain).toContain('tpad=stop_mode=clone:stop_duration=3.000');
  });

  it('mixes the video sound only when it is on, and the cache key follows the video', () => {
    const on = plan(doc(1), 2000)[0];
    const off = plan(doc(2), 2000)[0];
    const files = { still: 's', mouthTrack: 'm', blinkTrack: 'b', audio: ['a'], output: 'o', front: 'f' };
    expect(pageArgs(on, files).join(' ')).toContain('amerge=inputs=2');
    expect(pageArgs(off, files).join(' ')).not.toContain('amerge');
    expect(pageArgs(on, files)).toContain(clip.file);
    // Shot parts: the video is cut to each part and drawn in the part's framing.
    const parts = on.parts!.map((_, k) => ({ still: `s${k}`, mouthTrack: `m${k}`, blinkTrack: `b${k}` }));
    const parted = pageArgs(on, { ...files, parts }).join(' ');
    expect(parted).toContain('trim=start=0.000:duration=3.000');
    expect(parted).toContain('amerge=inputs=2');
    expect(pageArgs(off, { ...files, parts }).join(' ')).not.toContain('amerge');

    const key = pageCacheKey(on, null);
    expect(pageCacheKey(structuredClone(on), null)).toBe(key);
    expect(pageCacheKey(off, null)).not.toBe(key);
    // A replaced file at the same path (new size or time) is another page.
    writeFileSync(clip.file, 'another video');
    utimesSync(clip.file, new Date(), new Date(Date.now() + 5000));
    expect(pageCacheKey(on, null)).not.toBe(key);
  });

  it('reads and encodes no sound on a silent page (the soundtrack with music replaces it), in either graph', () => {
    const silent = { ...plan(doc(1), 2000)[0], silent: true };
    const files = {
      still: 's',
      mouthTrack: 'm',
      blinkTrack: 'b',
      audio: ['/narration.wav'],
      output: 'o',
      front: 'f',
    };
    const parts = silent.parts!.map((_, k) => ({ still: `s${k}`, mouthTrack: `m${k}`, blinkTrack: `b${k}` }));
    for (const args of [pageArgs(silent, files), pageArgs(silent, { ...files, parts })]) {
      const line = args.join(' ');
      expect(args).not.toContain('/narration.wav');
      expect(line).not.toMatch(/amerge|apad|anullsrc|\[a\]|-c:a/);
      expect(args.slice(args.indexOf('-map'), args.indexOf('-r'))).toEqual(['-map', '[v]']);
      expect(args).toContain('-an');
      // The page video is still an input: its pictures are drawn.
      expect(args).toContain(clip.file);
    }
    expect(pageCacheKey(silent, null)).not.toBe(pageCacheKey({ ...silent, silent: undefined }, null));
  });
});
