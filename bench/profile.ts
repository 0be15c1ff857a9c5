import type { ProjectDocument } from '../src/model/project';
import {
  RENDER_STAGES,
  startRenderProfile,
  stopRenderProfile,
  type StageTimes,
} from '../src/server/video/renderProfile';

/*
 * `npm run bench -- --profile` (issue 15): where one render's time goes, stage by stage, for a
 * plain page and for the bench project. Each render runs on a cold page cache; the page graphs are
 * run a second time without encoding (profile runs only), so the encoders' share can be told apart
 * from decoding and filtering. Those extra runs are why a profiled render is slower than a real one.
 */

export interface ProfiledRender {
  name: string;
  videoSeconds: number;
  wallSeconds: number;
  /** Seconds summed per stage; pages run two at a time, so the sum may exceed the wall time. */
  stages: Record<string, number>;
  /** Each stage's share of the summed stage time, with the encoders split out of page ffmpeg. */
  shares: Record<string, number>;
}

type Render = (doc: ProjectDocument) => Promise<{ ms: number; video: { durationMs: number } }>;

const ENCODERS = 'encoders (x264 + AAC) = page ffmpeg − filters';
const FILTERS = 'decode and filters (page ffmpeg without encoding)';

export async function profileRender(
  name: string,
  doc: ProjectDocument,
  render: Render,
): Promise<ProfiledRender> {
  startRenderProfile();
  let stages: StageTimes;
  let run;
  try {
    run = await render(doc);
  } finally {
    stages = stopRenderProfile();
  }
  const { ms, video } = run;
  const filters = stages['of which filters without encoding (profile run)'] ?? 0;
  const pageFfmpeg = stages['page ffmpeg (decode, filters, encode, audio)'] ?? 0;
  // The wall time of the render minus the profile-only runs (they ran inside the page lanes).
  const realWallMs = ms - filters / 2;
  const parts: Record<string, number> = {};
  for (const stage of RENDER_STAGES) {
    if (stage === 'of which filters without encoding (profile run)') continue;
    if (stage === 'page ffmpeg (decode, filters, encode, audio)') {
      parts[FILTERS] = filters;
      parts[ENCODERS] = Math.max(0, pageFfmpeg - filters);
    } else parts[stage] = stages[stage] ?? 0;
  }
  const total = Object.values(parts).reduce((a, b) => a + b, 0) || 1;
  const round = (v: number) => Math.round(v) / 1000;
  return {
    name,
    videoSeconds: video.durationMs / 1000,
    wallSeconds: round(realWallMs),
    stages: Object.fromEntries(Object.entries(parts).map(([k, v]) => [k, round(v)])),
    shares: Object.fromEntries(Object.entries(parts).map(([k, v]) => [k, +((100 * v) / total).toFixed(1)])),
  };
}

/** The profile as a Markdown table (stage, seconds, share) for each render, side by side. */
export function profileTable(profiles: ProfiledRender[]): string {
  const head = `| stage | ${profiles.map((p) => `${p.name}: s | share`).join(' | ')} |`;
  const rule = `|---|${profiles.map(() => '---:|---:').join('|')}|`;
  const rows = Object.keys(profiles[0].stages).map(
    (stage) =>
      `| ${stage} | ${profiles.map((p) => `${p.stages[stage]} | ${p.shares[stage]}%`).join(' | ')} |`,
  );
  const wall = `| wall time (video length) | ${profiles
    .map((p) => `${p.wallSeconds} | (${p.videoSeconds.toFixed(1)} s)`)
    .join(' | ')} |`;
  return [head, rule, ...rows, wall].join('\n');
}
