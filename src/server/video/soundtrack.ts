import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { musicMixGraph, speechIntervals } from './backgroundMusic';
import { AUDIO_CODEC } from './ffmpegArgs';
import { pageAudio } from './layers/pageAudio';
import type { PagePlan } from './planTypes';
import { timedFfmpeg } from './renderProfile';

/*
 * The whole video's soundtrack when it has background music (issue 15). It is made from what the
 * pages' sound is made of, the narration clips and the page videos' sound, each page padded or cut
 * to its length, not from the rendered pages: so it needs no page to be finished and is mixed and
 * AAC-encoded while the pages render. The join then copies both the pages' video and this sound.
 * Before, the join decoded the pages' sound, mixed and encoded the whole soundtrack after the last
 * page: on a one-page edit that pass was a third of the re-render.
 */

const sec = (ms: number) => (ms / 1000).toFixed(3);
const STEREO = 'aformat=sample_fmts=fltp:sample_rates=48000:channel_layouts=stereo';

/** Input arguments: every page's clips, then its video when its sound plays, then the looped music. */
export function soundtrackInputs(plans: PagePlan[], music: string): string[] {
  return [
    ...plans.flatMap((plan) => [
      ...plan.audio.flatMap((a) => ['-i', a.file]),
      ...(plan.video?.sound ? ['-i', plan.video.file] : []),
    ]),
    '-stream_loop', '-1', '-i', music,
  ]; // prettier-ignore
}

/**
 * The filter graph: each page's audio as the page renders it (pageAudio), cut to the page's length,
 * the pages joined in order, and the music mixed beneath (musicMixGraph) into [a].
 */
export function soundtrackGraph(plans: PagePlan[], volume: number): string {
  const chains: string[] = [];
  let input = 0;
  plans.forEach((plan, k) => {
    const clips = plan.audio.length;
    const video = plan.video?.sound ? input + clips : null;
    chains.push(...pageAudio(clips, input, video, `pa${k}`));
    chains.push(`[pa${k}]atrim=duration=${sec(plan.durationMs)},asetpts=PTS-STARTPTS,${STEREO}[pt${k}]`);
    input += clips + (video === null ? 0 : 1);
  });
  const pages = plans.map((_, k) => `[pt${k}]`).join('');
  chains.push(`${pages}concat=n=${plans.length}:v=0:a=1[narration]`);
  const totalMs = plans.reduce((sum, p) => sum + p.durationMs, 0);
  const mix = musicMixGraph(speechIntervals(plans), volume, totalMs, {
    narration: '[narration]',
    music: `[${input}:a]`,
  });
  return [...chains, mix].join(';\n');
}

/** ffmpeg arguments that write the soundtrack (graph in `graphFile`: it can outgrow a command line). */
export function soundtrackArgs(
  plans: PagePlan[],
  music: string,
  graphFile: string,
  output: string,
): string[] {
  return [
    '-y', ...soundtrackInputs(plans, music),
    '-filter_complex_script', graphFile,
    '-map', '[a]', ...AUDIO_CODEC, '-f', 'mp4', output,
  ]; // prettier-ignore
}

/** Joins the pages' video (ffconcat `listFile`) with the soundtrack, both copied. */
export function joinWithSoundtrackArgs(listFile: string, soundtrack: string, output: string): string[] {
  return [
    '-y',
    '-f', 'concat', '-safe', '0', '-i', listFile,
    '-i', soundtrack,
    '-map', '0:v', '-map', '1:a', '-c', 'copy',
    '-movflags', '+faststart', '-f', 'mp4', output,
  ]; // prettier-ignore
}

/** Writes the soundtrack of `plans` with `music` in the folder `work`; answers its file. */
export async function writeSoundtrack(
  plans: PagePlan[],
  music: { file: string; volume: number },
  work: string,
  signal: AbortSignal,
): Promise<string> {
  const graph = path.join(work, 'soundtrack.filtergraph');
  const output = path.join(work, 'soundtrack.m4a');
  await writeFile(graph, soundtrackGraph(plans, music.volume));
  await timedFfmpeg('music pass', soundtrackArgs(plans, music.file, graph, output), { signal });
  return output;
}
