import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectDocument } from '../../../src/model/project';
import { ffmpegPath, probe } from '../../../src/server/adapters/media/ffmpeg';
import { boxDifference, decodeFrame, frameAt, near, pixel } from '../helpers/video';
import { multipart, startTestServer, type TestServer } from '../helpers/testServer';
import { RenderProject } from './renderProject';

const W = 1920;
const H = 1080;
const BLUE: [number, number, number] = [30, 60, 200];
const GREEN: [number, number, number] = [0, 200, 0];
const YELLOW: [number, number, number] = [230, 230, 0];
const MAGENTA: [number, number, number] = [220, 0, 220];
const hex = (c: number[]) => `0x${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;

/** Slide box in preview units; the export doubles it (landscape 960 -> 1920). */
const SLIDE = { pptX: 500, pptY: 120, pptWidth: 400, pptHeight: 225 };
const CENTRE = { x: (SLIDE.pptX + SLIDE.pptWidth / 2) * 2, y: (SLIDE.pptY + SLIDE.pptHeight / 2) * 2 };

/** Runs ffmpeg with lavfi sources into `out`. */
function make(out: string, args: string[]): string {
  const run = spawnSync(ffmpegPath(), ['-v', 'error', ...args, '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-y', out]); // prettier-ignore
  if (run.status !== 0) throw new Error(`ffmpeg: ${run.stderr}`);
  return out;
}

/** RMS (0..1) of the mono audio of `file` between two times. */
function rms(file: string, fromS: number, toS: number): number {
  const run = spawnSync(
    ffmpegPath(),
    ['-v', 'error', '-ss', String(fromS), '-t', String(toS - fromS), '-i', file, '-ac', '1', '-ar', '16000', '-f', 's16le', 'pipe:1'],
    { maxBuffer: 64 * 1024 * 1024 },
  ); // prettier-ignore
  if (run.status !== 0) throw new Error(`ffmpeg: ${run.stderr}`);
  const pcm = new Int16Array(run.stdout.buffer, run.stdout.byteOffset, Math.floor(run.stdout.length / 2));
  let sum = 0;
  for (const v of pcm) sum += (v / 32768) ** 2;
  return Math.sqrt(sum / Math.max(1, pcm.length));
}

describe('render pages with a page video', () => {
  let t: TestServer;
  let token: string;
  let project: RenderProject;
  let doc: ProjectDocument;
  let narration1: number;
  let narration2: number;
  let withSound: string;
  let muted: string;
  let firstVideo: { path: string; resId: string };
  let blueVideo: { path: string; resId: string };

  beforeAll(async () => {
    t = await startTestServer('sqlite');
    const userId = await t.server.services.accounts.createUser('alice', 'secret123');
    token = await t.login('alice', 'secret123');
    project = await RenderProject.create(t, token, userId);

    // Page 1: a 3 s green clip with a 1 kHz tone; page 2: a 1 s clip, yellow then magenta (its last frame).
    const long = make(path.join(t.config.dataDir, 'long.mp4'), [
      '-f', 'lavfi', '-i', `color=c=${hex(GREEN)}:s=320x180:r=25:d=3`,
      '-f', 'lavfi', '-i', 'sine=f=1000:d=3:sample_rate=48000',
      '-filter:a', 'volume=4',
    ]); // prettier-ignore
    const short = make(path.join(t.config.dataDir, 'short.mp4'), [
      '-f', 'lavfi', '-i', `color=c=${hex(YELLOW)}:s=320x180:r=25:d=0.5`,
      '-f', 'lavfi', '-i', `color=c=${hex(MAGENTA)}:s=320x180:r=25:d=0.5`,
      '-f', 'lavfi', '-i', 'anullsrc=r=48000:cl=stereo',
      '-filter_complex', '[0:v][1:v]concat=n=2:v=1:a=0[v]', '-map', '[v]', '-map', '2:a', '-t', '1',
    ]); // prettier-ignore
    const upload = async (file: string, pptSort: number) => {
      const form = multipart('resource', path.basename(file), readFileSync(file), {
        projectId: String(project.projectId),
        pptSort: String(pptSort),
        kind: 'video',
      });
      const res = await t.call('POST', '/virtual/v1/userPro/resUpload', {
        token,
        payload: form.payload,
        headers: form.headers,
      });
      expect(res.body.code).toBe(200);
      return res.body.data as { path: string; resId: string; soundTime: number };
    };
    const v1 = await upload(long, 1);
    const v2 = await upload(short, 2);
    firstVideo = v1;
    // A clip of the background's own colour: a page with it looks like a page without a video.
    const blue = make(path.join(t.config.dataDir, 'blue.mp4'), [
      '-f', 'lavfi', '-i', `color=c=${hex(BLUE)}:s=320x180:r=25:d=3`,
      '-f', 'lavfi', '-i', 'anullsrc=r=48000:cl=stereo', '-t', '3',
    ]); // prettier-ignore
    blueVideo = await upload(blue, 1);

    const s1 = await project.speak('大家好。');
    const s2 = await project.speak('今天我们介绍三个新功能，谢谢大家。');
    narration1 = s1.timings.durationMs / 1000;
    narration2 = s2.timings.durationMs / 1000;
    const background = await project.solid('bg.png', BLUE, W, H);
    const base = project.document(1, background, [
      { text: '大家好。', ...s1 },
      { text: '今天我们介绍三个新功能，谢谢大家。', ...s2 },
    ], 2); // prettier-ignore
    doc = {
      ...base,
      scene: { ...base.scene, ...SLIDE },
      ppt: {
        ...base.ppt,
        pages: base.ppt.pages.map((p, i) => {
          const v = i === 0 ? v1 : v2;
          return { ...p, video: v.path, videoid: v.resId, isVideo: 1, isSound: 1 };
        }),
      },
    };
    withSound = (await project.render(doc, 'with-sound.mp4')).file;
    const mutedDoc = {
      ...doc,
      ppt: { ...doc.ppt, pages: doc.ppt.pages.map((p, i) => (i === 0 ? { ...p, isSound: 2 as const } : p)) },
    };
    muted = (await project.render(mutedDoc, 'muted.mp4')).file;
  }, 300_000);
  afterAll(() => t.stop());

  it('lasts the longer of narration and video on each page', async () => {
    // Preconditions of the test texts: page 1 narration shorter than its video, page 2 longer.
    expect(narration1).toBeLessThan(2.7);
    expect(narration2).toBeGreaterThan(1.6);
    const info = await probe(withSound);
    expect(info.streams.some((s) => s.type === 'audio')).toBe(true);
    expect(Math.abs(info.durationMs / 1000 - (3 + narration2))).toBeLessThan(0.2);
  });

  it('shows the video in the slide box, over the background, from the page start', () => {
    const f = frameAt(withSound, 1, W, H);
    expect(near(pixel(f, W, CENTRE.x, CENTRE.y), GREEN, 40)).toBe(true);
    // Just inside the box edges, and the background outside it.
    expect(near(pixel(f, W, SLIDE.pptX * 2 + 6, SLIDE.pptY * 2 + 6), GREEN, 40)).toBe(true);
    expect(near(pixel(f, W, SLIDE.pptX * 2 - 10, CENTRE.y), BLUE, 40)).toBe(true);
    expect(near(pixel(f, W, CENTRE.x, (SLIDE.pptY + SLIDE.pptHeight) * 2 + 10), BLUE, 40)).toBe(true);
    expect(near(pixel(frameAt(withSound, 2.8, W, H), W, CENTRE.x, CENTRE.y), GREEN, 40)).toBe(true);
  });

  it('draws the presenter over the video page exactly where a page without a video has it', async () => {
    // The presenter body of a video page is a picture of its own box over the video (a small
    // overlay, not a whole transparent frame): the same pixels as the page still of a plain page.
    const plainDoc = {
      ...doc,
      ppt: { ...doc.ppt, pages: doc.ppt.pages.map((p, i) => (i === 0 ? { ...p, isVideo: 2 as const } : p)) },
    };
    const plain = (await project.render(plainDoc, 'plain-page.mp4')).file;
    const presenter = { x: 40, y: 40, width: 200, height: 350 };
    const video = decodeFrame(withSound, { frame: 10 }, presenter);
    const still = decodeFrame(plain, { frame: 10 }, presenter);
    expect(boxDifference(video, still, presenter.width, { ...presenter, x: 0, y: 0 })).toBeLessThan(1.5);
    // The presenter is there: the box is far from the plain background.
    const blue = Buffer.from(Array.from({ length: presenter.width * presenter.height }, () => BLUE).flat());
    expect(boxDifference(video, blue, presenter.width, { ...presenter, x: 0, y: 0 })).toBeGreaterThan(15);
  }, 60_000);

  it('draws the presenter in front of the video where it stands over it (a front still)', async () => {
    // The presenter moved so that its lower right quarter covers the video's top left corner
    // (export: presenter 900..1100 x 40..390, video 1000..1800 x 240..690). Over a clip of the
    // background's colour the page must look like the same page without a video: the body in front.
    const over = (isVideo: 1 | 2) => ({
      ...doc,
      character: { ...doc.character, X: 450 },
      ppt: {
        ...doc.ppt,
        pages: [{ ...doc.ppt.pages[0], video: blueVideo.path, videoid: blueVideo.resId, isVideo }],
      },
    });
    const video = (await project.render(over(1), 'presenter-over-video.mp4')).file;
    const plain = (await project.render(over(2), 'presenter-over-plain.mp4')).file;
    const overlap = { x: 1000, y: 240, width: 100, height: 150 };
    const inVideo = decodeFrame(video, { frame: 10 }, overlap);
    const inPlain = decodeFrame(plain, { frame: 10 }, overlap);
    const whole = { ...overlap, x: 0, y: 0 };
    expect(boxDifference(inVideo, inPlain, overlap.width, whole)).toBeLessThan(1.5);
    // The body is there, over the video's corner (a video drawn over it would show blue).
    const blue = Buffer.from(Array.from({ length: overlap.width * overlap.height }, () => BLUE).flat());
    expect(boxDifference(inVideo, blue, overlap.width, whole)).toBeGreaterThan(15);
  }, 120_000);

  it('plays a shorter video once and holds its last frame', () => {
    const page2 = 3;
    expect(near(pixel(frameAt(withSound, page2 + 0.2, W, H), W, CENTRE.x, CENTRE.y), YELLOW, 40)).toBe(true);
    expect(near(pixel(frameAt(withSound, page2 + 0.7, W, H), W, CENTRE.x, CENTRE.y), MAGENTA, 40)).toBe(true);
    const held = page2 + Math.min(1.5, narration2 - 0.1);
    expect(near(pixel(frameAt(withSound, held, W, H), W, CENTRE.x, CENTRE.y), MAGENTA, 40)).toBe(true);
  });

  it("mixes the video's sound under the narration, and leaves it out when muted (isSound 2)", () => {
    // After the page-1 narration only the video sounds.
    const from = narration1 + 0.15;
    const to = 2.9;
    const on = rms(withSound, from, to);
    const off = rms(muted, from, to);
    expect(on).toBeGreaterThan(0.02);
    expect(off).toBeLessThan(on / 10);
    // The narration itself is there in both.
    expect(rms(muted, 0.1, narration1 - 0.1)).toBeGreaterThan(0.01);
  });

  it('follows the shot tags: PPT全屏 shows the video over the whole frame', async () => {
    const a = await project.speak('大家好。');
    const b = await project.speak('请看这段视频。');
    const page = doc.ppt.pages[0];
    const framed: ProjectDocument = {
      ...doc,
      ppt: {
        ...doc.ppt,
        pages: [
          {
            ...page,
            text: '大家好。请看这段视频。',
            textdome: '大家好。请看这段视频。',
            tts: '',
            video: firstVideo.path,
            videoid: firstVideo.resId,
            isSound: 1,
            childList: [a, b].map((clip, i) => ({
              ttsText: i ? '请看这段视频。' : '大家好。',
              tts: clip.soundPath,
              mouthVideo: '',
              isScale: i ? 2 : 1,
              index: i + 1,
            })),
          },
        ],
      },
    };
    const { file } = await project.render(framed, 'framed.mp4');
    const aS = a.timings.durationMs / 1000;
    const bS = b.timings.durationMs / 1000;
    const normal = frameAt(file, aS / 2, W, H);
    expect(near(pixel(normal, W, CENTRE.x, CENTRE.y), GREEN, 40)).toBe(true);
    expect(near(pixel(normal, W, W - 4, H - 4), BLUE, 40)).toBe(true);
    const full = frameAt(file, aS + bS / 2, W, H);
    for (const [x, y] of [[3, 3], [W - 4, 3], [3, H - 4], [W - 4, H - 4]])
      expect(near(pixel(full, W, x, y), GREEN, 40)).toBe(true); // prettier-ignore
    const info = await probe(file);
    expect(info.streams.some((s) => s.type === 'audio')).toBe(true);
    expect(Math.abs(info.durationMs / 1000 - Math.max(3, aS + bS))).toBeLessThan(0.2);
  }, 120_000);
});
