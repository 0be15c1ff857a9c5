import { readFileSync } from 'node:fs';
import type { ProjectDocument } from '../src/model/project';
import {
  RENDER_STAGES,
  startRenderProfile,
  stopRenderProfile,
  type StageProfile,
} from '../src/server/video/renderProfile';

/*
 * `npm run bench -- --profile` (issue 15): where one render's time goes, stage by stage, for a
 * plain page and for the bench project. Each render runs on a cold page cache; the page graphs are
 * run a second time without encoding (profile runs only), so the encoders' share can be told apart
 * from decoding and filtering. Those extra runs are why a profiled render is slower than a real one.
 * Shares are of CPU time (ffmpeg's own -benchmark figures), so other load on the machine does not
 * move them the way it moves wall time.
 */

export interface ProfiledRender {
  name: string;
  videoSeconds: number;
  wallSeconds: number;
  /** CPU seconds of the whole render: this process and every ffmpeg it waited for. */
  cpuSeconds: number;
  /** Of which this process itself (server, job runner, sharp, the bench's polling). */
  processCpuSeconds: number;
  /** CPU seconds summed per stage (ffmpeg stages as ffmpeg reports them), encoders split out. */
  stages: Record<string, number>;
  /** Each stage's share of the summed stage CPU time. */
  shares: Record<string, number>;
  /** The largest memory one ffmpeg of each ffmpeg stage held, in MB. */
  peakMB: Record<string, number>;
}

type Render = (doc: ProjectDocument) => Promise<{ ms: number; video: { durationMs: number } }>;

const ENCODERS = 'encoders (x264 + AAC) = page ffmpeg − filters';
const FILTERS = 'decode and filters (page ffmpeg without encoding)';

/**
 * CPU seconds of this process and of its waited-for children (ffmpeg), from /proc/self/stat
 * (utime, stime, cutime, cstime in clock ticks of 1/100 s); null where there is no /proc.
 */
export function processTreeCpuSeconds(): number | null {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 14-17 of proc(5); the slice starts at field 3.
    return fields.slice(11, 15).reduce((sum, f) => sum + Number(f), 0) / 100;
  } catch {
    return null;
  }
}

export async function profileRender(
  name: string,
  doc: ProjectDocument,
  render: Render,
): Promise<ProfiledRender> {
  startRenderProfile();
  let profile: StageProfile;
  let run;
  const cpuBefore = processTreeCpuSeconds() ?? 0;
  const selfBefore = process.cpuUsage();
  try {
    run = await render(doc);
  } finally {
    profile = stopRenderProfile();
  }
  const self = process.cpuUsage(selfBefore);
  const { ms, video } = run;
  const { wall, cpu, peakKb } = profile;
  const filters = cpu['of which filters without encoding (profile run)'] ?? 0;
  const pageFfmpeg = cpu['page ffmpeg (decode, filters, encode, audio)'] ?? 0;
  // The render minus the profile-only runs (they ran inside the page lanes).
  const realWallMs = ms - (wall['of which filters without encoding (profile run)'] ?? 0) / 2;
  const realCpuS = (processTreeCpuSeconds() ?? 0) - cpuBefore - filters / 1000;
  const parts: Record<string, number> = {};
  for (const stage of RENDER_STAGES) {
    if (stage === 'of which filters without encoding (profile run)') continue;
    if (stage === 'page ffmpeg (decode, filters, encode, audio)') {
      parts[FILTERS] = filters;
      parts[ENCODERS] = Math.max(0, pageFfmpeg - filters);
    } else parts[stage] = cpu[stage] ?? 0;
  }
  const total = Object.values(parts).reduce((a, b) => a + b, 0) || 1;
  const round = (v: number) => Math.round(v) / 1000;
  return {
    name,
    videoSeconds: video.durationMs / 1000,
    wallSeconds: round(realWallMs),
    cpuSeconds: +realCpuS.toFixed(2),
    processCpuSeconds: +((self.user + self.system) / 1e6).toFixed(2),
    stages: Object.fromEntries(Object.entries(parts).map(([k, v]) => [k, round(v)])),
    shares: Object.fromEntries(Object.entries(parts).map(([k, v]) => [k, +((100 * v) / total).toFixed(1)])),
    peakMB: Object.fromEntries(Object.entries(peakKb).map(([k, v]) => [k, Math.round((v ?? 0) / 1024)])),
  };
}

/** The profile as a Markdown table (stage, CPU seconds, share) for each render, side by side. */
export function profileTable(profiles: ProfiledRender[]): string {
  const head = `| stage (CPU time) | ${profiles.map((p) => `${p.name}: CPU s | share`).join(' | ')} |`;
  const rule = `|---|${profiles.map(() => '---:|---:').join('|')}|`;
  const rows = Object.keys(profiles[0].stages).map(
    (stage) =>
      `| ${stage} | ${profiles.map((p) => `${p.stages[stage]} | ${p.shares[stage]}%`).join(' | ')} |`,
  );
  const cpu = `| whole render, CPU s (process + ffmpeg children) | ${profiles
    .map((p) => `${p.cpuSeconds} | `)
    .join(' | ')} |`;
  const own = `| of which this process (server, job runner, sharp, polling) | ${profiles
    .map((p) => `${p.processCpuSeconds} | `)
    .join(' | ')} |`;
  const peak = `| largest page ffmpeg, MB | ${profiles
    .map((p) => `${p.peakMB['page ffmpeg (decode, filters, encode, audio)'] ?? '—'} | `)
    .join(' | ')} |`;
  const wall = `| wall time (video length) | ${profiles
    .map((p) => `${p.wallSeconds} | (${p.videoSeconds.toFixed(1)} s)`)
    .join(' | ')} |`;
  return [head, rule, ...rows, cpu, own, peak, wall].join('\n');
}
