import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clipLengthMs } from '../../../src/model/motion';
import type { ProjectDocument } from '../../../src/model/project';
import { ffmpegPath, probe } from '../../../src/server/adapters/media/ffmpeg';
import { SharedPageCache } from '../../../src/server/video/pageCacheShared';
import { decodeFrame } from '../helpers/video';
import { multipart, startTestServer, type TestServer } from '../helpers/testServer';
import { RenderProject } from './renderProject';

/*
 * Issue 15: with background music a page's narration segments are encoded apart, so editing one
 * segment's narration (its length changes) encodes that segment again and nothing else of the
 * page; the segments it took from the cache show what a render from scratch shows.
 */

type Clip = Awaited<ReturnType<RenderProject['speak']>>;

/** Frames in a video's stream: its packets, counted by a stream copy. */
function frames(file: string): number {
  const out = spawnSync(ffmpegPath(), ['-i', file, '-map', '0:v', '-c', 'copy', '-f', 'null', '-'], {
    encoding: 'utf8',
  });
  expect(out.status).toBe(0);
  return Number([...out.stderr.matchAll(/frame=\s*(\d+)/g)].at(-1)?.[1]);
}

/** Mean absolute difference (0..255) of two whole decoded frames. */
function difference(a: Buffer, b: Buffer): number {
  expect(a.length).toBeGreaterThan(0);
  expect(a.length).toBe(b.length);
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i] - b[i]);
  return sum / a.length;
}

describe('a page rendered as its segments', () => {
  let t: TestServer;
  let project: RenderProject;
  let doc: (first: Clip, firstText: string) => ProjectDocument;
  const texts = ['大家好，欢迎来到产品发布会。', '请看这里，这是我们的新产品。', '谢谢大家。'];
  let clips: Clip[];

  beforeAll(async () => {
    t = await startTestServer('sqlite');
    const userId = await t.server.services.accounts.createUser('alice', 'secret123');
    const token = await t.login('alice', 'secret123');
    project = await RenderProject.create(t, token, userId);
    const background = await project.solid('bg.png', [30, 60, 200], 1920, 1080);
    const own = path.join(t.config.dataDir, 'fixtures');
    mkdirSync(own, { recursive: true });
    const wav = path.join(own, 'music.wav');
    const made = spawnSync(ffmpegPath(), [
      '-v', 'error', '-f', 'lavfi', '-i', 'sine=f=660:sample_rate=48000:d=6', '-c:a', 'pcm_s16le', '-y', wav,
    ]); // prettier-ignore
    expect(made.status).toBe(0);
    const form = multipart('resources', 'music.wav', readFileSync(wav), { resourcesType: '3' });
    const material = await t.call('POST', '/virtual/v1/userResources/upload', {
      token,
      payload: form.payload,
      headers: form.headers,
    });
    expect(material.body).toMatchObject({ code: 200 });
    clips = [];
    for (const text of texts) clips.push(await project.speak(text));
    doc = (first, firstText) => {
      const base = project.document(
        1,
        background,
        [
          { text: texts[0], ...clips[0] },
          { text: texts[2], ...clips[2] },
        ],
        1,
      );
      const [one, two] = base.ppt.pages;
      const segments = [
        { text: firstText, clip: first },
        { text: texts[1], clip: clips[1] },
      ].map((s, i) => ({
        ttsText: s.text,
        tts: s.clip.soundPath,
        mouthVideo: '',
        isScale: 1 as const,
        index: i + 1,
      }));
      const text = segments.map((s) => s.ttsText).join('');
      return {
        ...base,
        bgMusic: material.body.data.path,
        bgMusicVolume: 0.3,
        ppt: { ...base.ppt, pages: [{ ...one, tts: '', text, textdome: text, childList: segments }, two] },
      };
    };
  }, 120_000);
  afterAll(() => t.stop());

  it('encodes only the edited segment again, and what it reuses is what a fresh render shows', async () => {
    const first = await project.render(doc(clips[0], texts[0]), 'first.mp4');
    expect(first.result).toMatchObject({ pagesRendered: 2, segmentsRendered: 3, segmentsCached: 0 });

    // The first segment's narration edited: spoken again, longer.
    const editedText = '大家好，欢迎来到今天这场精彩的产品发布会。';
    const edited = await project.speak(editedText);
    expect(edited.timings.durationMs).toBeGreaterThan(clips[0].timings.durationMs + 500);
    const again = await project.render(doc(edited, editedText), 'again.mp4');
    expect(again.result).toMatchObject({
      pageCount: 2,
      pagesRendered: 1,
      pagesCached: 1,
      segmentsRendered: 1,
      segmentsCached: 2,
    });

    // Every clip lasts whole frames; picture and sound last the video's length.
    const spoken = [edited, clips[1], clips[2]].map((c) => clipLengthMs(c.timings.durationMs));
    const totalMs = spoken.reduce((a, b) => a + b, 0);
    const info = await probe(again.file);
    expect(frames(again.file)).toBe(totalMs / 40);
    const audio = info.streams.find((s) => s.type === 'audio');
    expect(Math.abs((audio?.durationMs ?? 0) - totalMs)).toBeLessThan(45);

    // From scratch (no page cache): the segments taken from the cache show the same frames.
    const pages = path.join(t.config.dataDir, 'cache', 'pages');
    rmSync(pages, { recursive: true, force: true });
    // With S3 the bucket holds every page too (the shared cache): emptied as well.
    if (t.server.files.kind === 's3')
      await new SharedPageCache(pages, t.server.files, { maxBytes: 0, maxAgeMs: 0 }).pruneBucket();
    const fresh = await project.render(doc(edited, editedText), 'fresh.mp4');
    expect(fresh.result).toMatchObject({ segmentsRendered: 3, segmentsCached: 0 });
    // Compared where the presenter stands (export box of the preview's 20,20 100x175), where a
    // segment moved on the page clock would show its head elsewhere.
    const presenter = { x: 40, y: 40, width: 200, height: 350 };
    const secondStart = spoken[0] / 40;
    for (const frame of [secondStart, secondStart + 1, secondStart + 30, secondStart + spoken[1] / 40 - 1]) {
      const [reused, scratch] = [again.file, fresh.file].map((f) => decodeFrame(f, { frame }, presenter));
      expect(difference(reused, scratch), `frame ${frame}`).toBeLessThan(0.5);
    }
    // From scratch the page is encoded whole and cut into its segments' files (pageRuns); the
    // edited first segment of `again` was encoded alone: the same frames up to the encoder (0.50
    // measured on the last, where one encoding ends and the other codes on into the next segment).
    for (const frame of [0, 1, 30, secondStart - 1]) {
      const [alone, cut] = [again.file, fresh.file].map((f) => decodeFrame(f, { frame }, presenter));
      expect(difference(alone, cut), `frame ${frame}`).toBeLessThan(1.5);
    }
    expect(frames(fresh.file)).toBe(totalMs / 40);

    // Without music the page keeps its sound and renders whole, on the page clock: the picture is
    // the one its segments showed (the stage's, which evaluates the page's motion as a whole), up
    // to the encoder's noise (measured 0.24-0.83: two encodings, cut at different frames), on
    // both sides of the join, where the second segment starts pointing (请看) on its first frame.
    // (That the two clocks agree exactly is tested on the model: pageSegments.test.ts.)
    const whole = await project.render({ ...doc(edited, editedText), bgMusic: '' }, 'whole.mp4');
    expect(whole.result).toMatchObject({ pagesRendered: 2, segmentsRendered: 2 });
    const joins = [secondStart - 12, secondStart - 1, secondStart, secondStart + 8, secondStart + 40];
    for (const frame of joins) {
      const [split, one] = [again.file, whole.file].map((f) => decodeFrame(f, { frame }, presenter));
      expect(difference(split, one), `frame ${frame}`).toBeLessThan(1.5);
    }
  }, 300_000);
});
