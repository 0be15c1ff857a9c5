import path from 'node:path';
import sharp from 'sharp';
import { runFfmpeg } from '../src/server/adapters/media/ffmpeg';
import type { ProjectDocument } from '../src/model/project';
import { AUDIO_CODEC } from '../src/server/video/ffmpegArgs';
import { benchmarkCpuSeconds } from '../src/server/video/encoderSpeed';

/** One page of the bench project as the baselines see it: a composed still, its audio, its length. */
export interface BaselinePage {
  still: string;
  audio: string;
  durationMs: number;
}

/** Draws a page's still like the renderer does (background, slide, presenter) for the baselines. */
export async function composeBaselineStill(
  out: string,
  layers: { background: string; slide: { file: string; box: Box }; character: { file: string; box: Box } },
): Promise<void> {
  const place = async (file: string, box: Box) => ({
    input: await sharp(file).resize(box.width, box.height, { fit: 'fill' }).png().toBuffer(),
    left: box.x,
    top: box.y,
  });
  await sharp(layers.background)
    .resize(1920, 1080, { fit: 'cover' })
    .composite([
      await place(layers.slide.file, layers.slide.box),
      await place(layers.character.file, layers.character.box),
    ])
    .png()
    .toFile(out);
}
interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const sec = (ms: number) => (ms / 1000).toFixed(3);
const x264 = (preset: string) => ['-c:v', 'libx264', '-preset', preset, '-crf', '21', '-pix_fmt', 'yuv420p'];

/**
 * The naive way to make such a video: one ffmpeg per page with `-loop 1` on the still (decoded and
 * converted again for every frame) plus the narration, one page after another, no lip-sync.
 */
export async function naiveRender(pages: BaselinePage[], dir: string, preset: string): Promise<number> {
  const started = performance.now();
  for (const [i, page] of pages.entries()) {
    await runFfmpeg([
      '-y', '-loop', '1', '-framerate', '25', '-i', page.still, '-i', page.audio,
      '-t', sec(page.durationMs), ...x264(preset), ...AUDIO_CODEC, '-shortest',
      path.join(dir, `naive-${i}.mp4`),
    ]); // prettier-ignore
  }
  return performance.now() - started;
}

/**
 * The physical limit: x264 alone encoding the same stills for the same lengths (decoded once,
 * no overlays, no audio), two pages at a time like the renderer.
 */
export async function encoderAlone(pages: BaselinePage[], dir: string, preset: string): Promise<number> {
  const started = performance.now();
  let next = 0;
  const lane = async () => {
    while (next < pages.length) {
      const i = next++;
      await runFfmpeg([
        '-y', '-i', pages[i].still,
        '-vf', 'format=yuv420p,loop=loop=-1:size=1:start=0,settb=1/25,setpts=N',
        '-t', sec(pages[i].durationMs), '-r', '25', ...x264(preset), '-an',
        path.join(dir, `encoder-${i}.mp4`),
      ]); // prettier-ignore
    }
  };
  await Promise.all([lane(), lane()]);
  return performance.now() - started;
}

/**
 * The bench project's pages as the baselines take them: each page's background, slide and
 * presenter picture composed into one still, and its narration segments joined into one WAV.
 */
export async function baselinePagesOf(
  exported: ProjectDocument,
  audio: { soundPath: string; soundTime: number }[][],
  presenterPicture: string,
  fileOf: (url: string) => string,
  baseDir: string,
): Promise<BaselinePage[]> {
  const baselinePages: BaselinePage[] = [];
  for (const [i, page] of exported.ppt.pages.entries()) {
    const still = path.join(baseDir, `still-${i}.png`);
    const { scene, character } = exported;
    await composeBaselineStill(still, {
      background: fileOf(scene.path),
      slide: {
        file: fileOf(page.img),
        box: { x: scene.pptX, y: scene.pptY, width: scene.pptWidth, height: scene.pptHeight },
      },
      character: {
        file: fileOf(presenterPicture),
        box: { x: character.X, y: character.Y, width: character.width, height: character.height },
      },
    });
    // One audio file per page for the baselines: the page's segments joined.
    const pageAudio = path.join(baseDir, `audio-${i}.wav`);
    const inputs = audio[i].flatMap((a) => ['-i', fileOf(a.soundPath)]);
    const join = `concat=n=${audio[i].length}:v=0:a=1`;
    await runFfmpeg(['-y', ...inputs, '-filter_complex', join, pageAudio]);
    baselinePages.push({
      still,
      audio: pageAudio,
      durationMs: audio[i].reduce((s, a) => s + a.soundTime, 0) * 1000,
    });
  }
  return baselinePages;
}

/**
 * x264 on our own frames, the physical limit of this render: the same encoder and preset encoding
 * the frames of the rendered video (ours without subtitles), decoded from it. CPU seconds as
 * ffmpeg reports them: decoding and encoding, minus decoding alone. The stills baseline above
 * encodes a frame that never changes; ours has a presenter that moves on every frame.
 */
export async function encoderOnFrames(video: string, dir: string, preset: string): Promise<number> {
  const decode = await runFfmpeg(['-benchmark', '-i', video, '-an', '-f', 'null', '-']);
  const encode = await runFfmpeg([
    '-benchmark', '-y', '-i', video, '-an', ...x264(preset), path.join(dir, 'frames-again.mp4'),
  ]); // prettier-ignore
  return benchmarkCpuSeconds(encode.stderr) - benchmarkCpuSeconds(decode.stderr);
}
