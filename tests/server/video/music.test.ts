import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectDocument } from '../../../src/model/project';
import { ffmpegPath, probe } from '../../../src/server/adapters/media/ffmpeg';
import { multipart, startTestServer, type TestServer } from '../helpers/testServer';
import { hex, type Rgb } from './colourBoxes';
import { RenderProject } from './renderProject';

/*
 * Background music under a page whose (silent) video outlasts the narration, so the page has a
 * pause after the speech. The music is a 12 kHz tone: narration is synthesised below 11 kHz, so a
 * high-pass isolates the music and a 16 kHz resample (low-pass at 8 kHz) isolates the narration.
 */

const BLUE: Rgb = [30, 60, 200];
const TEXT = '大家好，欢迎来到产品发布会。';
const VIDEO_S = 9;
const MUSIC_S = 4;

function run(args: string[]): Buffer {
  const out = spawnSync(ffmpegPath(), ['-v', 'error', ...args], { maxBuffer: 64 * 1024 * 1024 });
  if (out.status !== 0) throw new Error(`ffmpeg: ${out.stderr}`);
  return out.stdout;
}

/** RMS (0..1) of `file`'s audio between two times, mono, after `filter` at `rate`. */
function rms(file: string, fromS: number, toS: number, rate: number, filter = 'anull'): number {
  const pcm = run([
    '-ss', fromS.toFixed(3), '-t', (toS - fromS).toFixed(3), '-i', file,
    '-af', filter, '-ac', '1', '-ar', String(rate), '-f', 's16le', 'pipe:1',
  ]); // prettier-ignore
  const samples = new Int16Array(pcm.buffer, pcm.byteOffset, Math.floor(pcm.length / 2));
  let sum = 0;
  for (const v of samples) sum += (v / 32768) ** 2;
  return Math.sqrt(sum / Math.max(1, samples.length));
}
const music = (file: string, a: number, b: number) =>
  rms(file, a, b, 48000, 'highpass=f=11400,highpass=f=11400,highpass=f=11400');
const speech = (file: string, a: number, b: number) => rms(file, a, b, 16000);

describe('background music', () => {
  let t: TestServer;
  let project: RenderProject;
  let file: string;
  let silent: string;
  let narrationS: number;

  beforeAll(async () => {
    t = await startTestServer('sqlite');
    const userId = await t.server.services.accounts.createUser('alice', 'secret123');
    const token = await t.login('alice', 'secret123');
    project = await RenderProject.create(t, token, userId);
    const background = await project.solid('bg.png', BLUE, 1920, 1080);
    // Sources for the uploads below, made beside the store (not in it: the store may be a bucket).
    const own = path.join(t.config.dataDir, 'fixtures');
    mkdirSync(own, { recursive: true });
    // Shorter than the video, so it has to loop.
    run(['-f', 'lavfi', '-i', `sine=f=12000:sample_rate=48000:d=${MUSIC_S}`, '-c:a', 'pcm_s16le', '-y', path.join(own, 'music.wav')]); // prettier-ignore
    const video = path.join(own, 'still.mp4');
    run(['-f', 'lavfi', '-i', `color=c=${hex(BLUE)}:s=320x180:r=25:d=${VIDEO_S}`, '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-y', video]); // prettier-ignore
    const form = multipart('resource', 'still.mp4', readFileSync(video), {
      projectId: String(project.projectId),
      pptSort: '1',
      kind: 'video',
    });
    const upload = await t.call('POST', '/virtual/v1/userPro/resUpload', {
      token,
      payload: form.payload,
      headers: form.headers,
    });
    expect(upload.body).toMatchObject({ code: 200 });
    // Background music is a 我的素材 audio material (the compose step checks it still exists).
    const musicForm = multipart('resources', 'music.wav', readFileSync(path.join(own, 'music.wav')), {
      resourcesType: '3',
    });
    const material = await t.call('POST', '/virtual/v1/userResources/upload', {
      token,
      payload: musicForm.payload,
      headers: musicForm.headers,
    });
    expect(material.body).toMatchObject({ code: 200 });
    const clip = await project.speak(TEXT);
    narrationS = clip.timings.durationMs / 1000;
    const base = project.document(1, background, [{ text: TEXT, ...clip }], 2);
    const doc: ProjectDocument = {
      ...base,
      bgMusic: material.body.data.path,
      bgMusicVolume: 0.5,
      ppt: {
        ...base.ppt,
        pages: base.ppt.pages.map((p) => ({
          ...p,
          video: upload.body.data.path,
          videoid: upload.body.data.resId,
          isVideo: 1,
          isSound: 1,
        })),
      },
    };
    file = (await project.render(doc, 'music.mp4')).file;
    // The same project without music: with music the page was rendered silent (the soundtrack
    // carries its sound), so without it the page is rendered again, with its sound.
    const plain = await project.render({ ...doc, bgMusic: '' }, 'plain.mp4');
    expect(plain.result).toMatchObject({ pagesRendered: 1, pagesCached: 0 });
    silent = plain.file;
  }, 240_000);
  afterAll(() => t.stop());

  it('keeps the video and its length; the audio runs to the end', async () => {
    expect(narrationS).toBeLessThan(VIDEO_S - 3.5);
    const info = await probe(file);
    expect(Math.abs(info.durationMs / 1000 - VIDEO_S)).toBeLessThan(0.15);
    const audio = info.streams.find((s) => s.type === 'audio');
    expect(audio?.sampleRate).toBe(48000);
    expect(Math.abs((audio?.durationMs ?? 0) / 1000 - VIDEO_S)).toBeLessThan(0.15);
  });

  it('plays the music in the pause, looped past its own end, and about 12 dB lower while speaking', () => {
    const pause = music(file, narrationS + 0.5, VIDEO_S - 1.7);
    const during = music(file, 0.8, narrationS - 0.8);
    expect(pause).toBeGreaterThan(0.01);
    // The loop point (MUSIC_S) lies inside the pause: both sides of it carry the tone.
    expect(music(file, MUSIC_S + 0.1, MUSIC_S + 0.9)).toBeGreaterThan(pause * 0.8);
    const ratio = during / pause;
    expect(ratio).toBeGreaterThan(0.18);
    expect(ratio).toBeLessThan(0.33);
  });

  it('leaves the narration level unchanged', () => {
    const [a, b] = [0.5, narrationS - 0.5];
    expect(speech(silent, a, b)).toBeGreaterThan(0.02);
    const ratio = speech(file, a, b) / speech(silent, a, b);
    expect(ratio).toBeGreaterThan(0.95);
    expect(ratio).toBeLessThan(1.05);
    // Without music there is nothing in the music band.
    expect(music(silent, narrationS + 0.5, VIDEO_S - 1.7)).toBeLessThan(0.002);
  });
});
