import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { newDocument, type ProjectDocument, type Texture } from '../src/model/project';
import { ffmpegPath } from '../src/server/adapters/media/ffmpeg';

/*
 * The render bench's project (the issue's): 10 pages, about 3 minutes of narration, slides, the
 * studio scene, a presenter with lip-sync, burned-in subtitles, stickers on every page (one for the
 * whole page, one appearing with the second sentence), a looping GIF, a shot change (PPT全屏), one
 * page video and background music under the whole video.
 */

/** POST with JSON and a bearer token; resolves the envelope's data or throws its message. */
export type BenchCall = (url: string, body: unknown, token?: string) => Promise<{ data: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any

const SENTENCE =
  '欢迎大家参加本次产品介绍会，我们将用几分钟时间，带您了解数字人视频工作台的主要功能和使用方法。';
const SECOND = '接下来请看屏幕上的重点内容。';
/** The page that shows a video, the page that goes PPT全屏 for its second sentence, the GIF's page. */
const VIDEO_PAGE = 5;
const SHOT_PAGE = 3;
const GIF_PAGE = 2;

/** The two narration segments of page `n` (1-based): both are spoken, about 18 s together. */
export const segmentsOf = (n: number) => [`第${n}部分。${SENTENCE}`, `${SECOND}${SENTENCE.slice(0, 20)}`];

/**
 * Runs ffmpeg with lavfi sources (test media made on the spot, nothing downloaded). Not spawnSync:
 * the bench's server runs in this process, and an event loop held for seconds let a kept-alive
 * connection be reset under the next upload (ECONNRESET on a loaded machine).
 */
async function make(out: string, args: string[]): Promise<string> {
  await promisify(execFile)(ffmpegPath(), ['-v', 'error', ...args, '-y', out]);
  return out;
}

async function upload(
  base: string,
  url: string,
  token: string,
  fields: Record<string, string>,
  file: string,
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append(
    url.includes('userResources') ? 'resources' : 'resource',
    new Blob([readFileSync(file)]),
    path.basename(file),
  );
  const res = await fetch(base + url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const json = (await res.json()) as { code: number; msg: string; data: { path: string; resId?: string } };
  if (json.code !== 200) throw new Error(`${url}: ${json.msg}`);
  return json.data;
}

/** Synthesised narration of every segment, with the time TTS took. */
export async function speakAll(call: BenchCall, token: string, projectId: number, pages: number) {
  const started = performance.now();
  const clips: { soundPath: string; soundTime: number }[][] = [];
  for (let n = 1; n <= pages; n++) {
    const page = [];
    for (const text of segmentsOf(n))
      page.push(
        (
          await call(
            '/notice/v1/timbre/textToSpeech',
            { projectId, timbreId: 'espeak-zh-female', text },
            token,
          )
        ).data,
      );
    clips.push(page);
  }
  return { clips, ms: performance.now() - started };
}

/** The bench document (preview coordinates): one page per entry of `clips`. */
export async function benchDocument(opts: {
  base: string;
  call: BenchCall;
  token: string;
  projectId: number;
  workDir: string;
  slide: (n: number) => string;
  clips: { soundPath: string; soundTime: number }[][];
}): Promise<ProjectDocument> {
  const { base, token, projectId, workDir, clips } = opts;
  const video = await make(path.join(workDir, 'clip.mp4'), [
    '-f', 'lavfi', '-i', 'testsrc2=s=1280x720:r=25:d=8',
    '-f', 'lavfi', '-i', 'sine=f=440:d=8:sample_rate=48000',
    '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest',
  ]); // prettier-ignore
  // A pulsing chord over soft pink noise: music has broadband content, and pure sine tones are a
  // worst case for the bundled AAC encoder (measured 4x slower than on noise-like audio).
  const music = await make(path.join(workDir, 'music.wav'), [
    '-f', 'lavfi', '-i',
    "aevalsrc='0.2*sin(2*PI*220*t)*(0.6+0.4*sin(2*PI*0.5*t))+0.1*sin(2*PI*330*t)':s=44100:d=20",
    '-f', 'lavfi', '-i', 'anoisesrc=c=pink:a=0.08:r=44100:d=20',
    '-filter_complex', 'amix=inputs=2:duration=first',
  ]); // prettier-ignore
  const material = await upload(
    base,
    '/virtual/v1/userResources/upload',
    token,
    { resourcesType: '3' },
    music,
  );
  const pageVideo =
    clips.length >= VIDEO_PAGE
      ? await upload(base, '/virtual/v1/userPro/resUpload', token, {
          projectId: String(projectId),
          pptSort: String(VIDEO_PAGE),
          kind: 'video',
        }, video) // prettier-ignore
      : null;
  const d = newDocument({ projectName: 'bench' });
  const sticker = (id: string, position: number, x: number, y: number, size = 70): Texture => ({
    textureId: id,
    path: `/library/stickers/${id}.${id.startsWith('g') ? 'gif' : 'png'}`,
    x,
    y,
    width: size,
    height: size,
    position,
    id: `${id}-${position}`,
  });
  return {
    ...d,
    subtitle: 1,
    bgMusic: material.path,
    bgMusicVolume: 0.3,
    character: {
      ...d.character,
      uuid: 'xiaoya',
      name: '小雅',
      voiceId: 'espeak-zh-female',
      voiceName: '中文女声',
      X: 45,
      Y: 150,
      width: 224,
      height: 392,
    },
    scene: {
      ...d.scene,
      uuid: 'studio',
      path: '/library/scenes/studio.jpg',
      icon: '/library/scenes/studio.jpg',
    },
    ppt: {
      ...d.ppt,
      maxNum: clips.length,
      pages: clips.map((segments, i) => {
        const n = i + 1;
        const texts = segmentsOf(n);
        const withVideo = pageVideo && n === VIDEO_PAGE;
        return {
          ...d.ppt.pages[0],
          index: n,
          img: opts.slide(i),
          text: texts.join(''),
          textdome: texts.join(''),
          tts: '',
          soundTime: segments.reduce((s, c) => s + c.soundTime, 0),
          childList: segments.map((c, k) => ({
            ttsText: texts[k],
            tts: c.soundPath,
            mouthVideo: '',
            isScale: n === SHOT_PAGE && k === 1 ? (2 as const) : (1 as const),
            index: k + 1,
          })),
          textureList: [
            sticker(`s0${10 + (i % 10)}`, 1, 860, 30),
            sticker('s001', 2, 520, 60, 60),
            ...(n === GIF_PAGE ? [sticker('g001', 1, 860, 420)] : []),
          ],
          ...(withVideo
            ? {
                video: pageVideo.path,
                videoid: pageVideo.resId ?? '',
                isVideo: 1 as const,
                isSound: 1 as const,
              }
            : {}),
        };
      }),
    },
  };
}
