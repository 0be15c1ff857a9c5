import { spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VOICE_MODE } from '../../../src/model/project';
import { ffmpegPath } from '../../../src/server/adapters/media/ffmpeg';
import { frameAt } from '../helpers/video';
import { multipart, startTestServer, type TestServer } from '../helpers/testServer';
import { RenderProject } from './renderProject';

// npm test: not run again with TEST_STORE=s3 (frames and timing of the render: the pages read and write
// the store as every render does, which render, compose, cache and crash.test check on the bucket)

/*
 * Subtitles of uploaded narration: such audio comes without text, so with a transcription server
 * configured (TRANSCRIBE_URL, OpenAI protocol; here a small local one) its segments become the
 * clip's words in the background after the upload, and the render burns them in at their times.
 */

const W = 1920;
const H = 1080;
const SEGMENTS = [
  { start: 0.2, end: 1.6, text: '第一句话在这里。' },
  { start: 2.4, end: 3.8, text: '第二句话紧随其后。' },
];

/** Bright (subtitle) pixels in the bottom band of a frame over a dark scene. */
function subtitlePixels(frame: Buffer): number {
  let count = 0;
  for (let y = Math.round(H * 0.8); y < H; y += 2)
    for (let x = 0; x < W; x += 2) {
      const i = (y * W + x) * 3;
      if (frame[i] > 200 && frame[i + 1] > 200 && frame[i + 2] > 200) count++;
    }
  return count;
}

describe('subtitles of uploaded narration', () => {
  let t: TestServer;
  let transcriber: Server;
  let token: string;
  let project: RenderProject;

  beforeAll(async () => {
    transcriber = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ language: 'chinese', duration: 4.5, segments: SEGMENTS }));
      });
    });
    await new Promise<void>((resolve) => transcriber.listen(0, '127.0.0.1', resolve));
    process.env.TRANSCRIBE_URL = `http://127.0.0.1:${(transcriber.address() as { port: number }).port}`;
    t = await startTestServer('sqlite');
    delete process.env.TRANSCRIBE_URL;
    const userId = await t.server.services.accounts.createUser('alice', 'secret123');
    token = await t.login('alice', 'secret123');
    project = await RenderProject.create(t, token, userId);
  }, 60_000);
  afterAll(async () => {
    await t.stop();
    transcriber.close();
  });

  it('transcribes the upload in the background and burns the segments in at their times', async () => {
    const tone = spawnSync(ffmpegPath(), [
      '-v', 'error', '-f', 'lavfi', '-i', 'sine=f=220:d=4.5:sample_rate=48000',
      '-c:a', 'libmp3lame', '-f', 'mp3', '-',
    ]).stdout; // prettier-ignore
    const form = multipart('resource', 'voice.mp3', tone, {
      projectId: String(project.projectId),
      pptSort: '1',
    });
    const up = await t.call('POST', '/virtual/v1/userPro/resUpload', {
      token,
      payload: form.payload,
      headers: form.headers,
    });
    expect(up.body.code).toBe(200);
    await Promise.all(t.server.services.resources.pending);
    const timings = await t.server.http.inject({
      method: 'GET',
      url: up.body.data.timingsPath,
      headers: { cookie: `jwt=${token}` },
    });
    const words = JSON.parse(timings.body).words as { text: string; startMs: number }[];
    expect(words.map((w) => [w.text, w.startMs])).toEqual([
      ['第一句话在这里。', 200],
      ['第二句话紧随其后。', 2400],
    ]);

    const background = await project.solid('dark.png', [20, 30, 60], W, H);
    const base = project.document(
      1,
      background,
      [{ text: '', soundPath: up.body.data.path, soundTime: 4.5 }],
      1,
    );
    const doc = {
      ...base,
      ppt: { ...base.ppt, pages: base.ppt.pages.map((p) => ({ ...p, istts: VOICE_MODE as typeof p.istts, text: '', textdome: '' })) },
    }; // prettier-ignore
    const { file } = await project.render(doc, 'voice-subtitles.mp4');
    // Before the first segment: no line; during each segment: a line; between them the first lingers
    // briefly at most, and the second shows in its own time.
    expect(subtitlePixels(frameAt(file, 0.05, W, H))).toBe(0);
    expect(subtitlePixels(frameAt(file, 1.0, W, H))).toBeGreaterThan(200);
    expect(subtitlePixels(frameAt(file, 3.2, W, H))).toBeGreaterThan(200);
    expect(frameAt(file, 1.0, W, H).equals(frameAt(file, 3.2, W, H))).toBe(false);
  }, 180_000);
});
