import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { MouthCue, MouthShape } from '../src/model/speech';
import { runFfmpeg } from '../src/server/adapters/media/ffmpeg';
import { blinkTrack, mouthTrack } from '../src/server/video/ffconcat';
import { pageArgs } from '../src/server/video/ffmpegArgs';
import type { PagePlan, RigFiles } from '../src/server/video/planTypes';
import { pageMotion } from '../src/server/video/speaking';
import { composeStill, transparentLike } from '../src/server/video/stillComposer';

// `npx tsx bench/presenterMotion.ts`: the cost of the moving head (issue 13). The same 1080p pages
// (scene, slide, presenter, 20 s of lip-sync each) rendered page by page with the flat rig (body.png,
// mouth and blink overlays: the render before) and with the layered rig (torso still, the head with
// mouth and eyes turned and moved per frame), alternating, in one run. Written to
// bench/results/motion.json.
const root = path.resolve(import.meta.dirname, '..');
const work = mkdtempSync(path.join(tmpdir(), 'motion-bench-'));
const PAGES = Number(process.env.BENCH_PAGES) || 3;
const PAGE_MS = 20_000;
const dir = path.join(root, 'assets/library/characters/xiaoya');
const m = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
const common = {
  width: m.width,
  height: m.height,
  blink: path.join(dir, 'blink.png'),
  mouths: Object.fromEntries((m.mouthShapes as string[]).map((s) => [s, path.join(dir, `mouth-${s}.png`)])),
  mouth: m.mouth,
  eyes: m.eyes,
};
const flat: RigFiles = { ...common, body: path.join(dir, 'body.png') };
const layered: RigFiles = {
  ...common,
  body: path.join(dir, 'torso.png'),
  head: { file: path.join(dir, 'head.png'), box: m.head, pivot: m.pivot },
};

// Speech-like cues: a shape every 120 to 200 ms, a pause after each 2.5 s sentence.
function cuesOf(page: number): MouthCue[] {
  const shapes: MouthShape[] = ['B', 'C', 'D', 'E', 'F', 'A', 'G', 'H'];
  const cues: MouthCue[] = [{ startMs: 0, shape: 'X' }];
  let t = 300;
  let k = page;
  while (t < PAGE_MS - 800) {
    const sentenceEnd = t + 2500;
    for (; t < sentenceEnd; t += 120 + ((k * 37) % 80), k++) cues.push({ startMs: t, shape: shapes[k % 8] });
    cues.push({ startMs: t, shape: 'X' });
    t += 500;
  }
  return cues;
}

async function renderPage(rig: RigFiles, page: number, background: string, slide: string, audio: string) {
  const cues = cuesOf(page);
  const plan: PagePlan = {
    index: page,
    frame: { width: 1920, height: 1080 },
    fps: 25,
    durationMs: PAGE_MS,
    background,
    slide: { file: slide, box: { x: 760, y: 140, width: 1060, height: 596 } },
    character: { rig, box: { x: 120, y: 80, width: 571, height: 1000 } },
    audio: [{ file: audio, durationMs: PAGE_MS, mouth: cues }],
  };
  const tag = `${rig.head ? 'layered' : 'flat'}-${page}`;
  const files = {
    still: path.join(work, `${tag}-still.png`),
    mouthTrack: path.join(work, `${tag}-mouth.ffconcat`),
    blinkTrack: path.join(work, `${tag}-blink.ffconcat`),
    audio: [audio],
    output: path.join(work, `${tag}.mp4`),
  };
  const started = performance.now();
  await composeStill(plan, files.still);
  writeFileSync(files.mouthTrack, mouthTrack(cues, PAGE_MS, rig.mouths));
  const open = path.join(work, `${tag}-open.png`);
  await transparentLike(rig.blink, open);
  writeFileSync(files.blinkTrack, blinkTrack(pageMotion(plan).blinks, PAGE_MS, open, rig.blink));
  // -benchmark: ffmpeg reports its own CPU time, which other load on the machine does not inflate.
  const { stderr } = await runFfmpeg(['-benchmark', ...pageArgs(plan, files)]);
  const cpu = /utime=([\d.]+)s stime=([\d.]+)s/.exec(stderr);
  return { wallMs: performance.now() - started, cpuS: cpu ? Number(cpu[1]) + Number(cpu[2]) : NaN };
}

try {
  const background = path.join(work, 'bg.jpg');
  await sharp(path.join(root, 'assets/library/scenes/office.jpg')).toFile(background);
  const slide = path.join(work, 'slide.png');
  await sharp({ create: { width: 1920, height: 1080, channels: 3, background: '#f4f4f4' } })
    .png()
    .toFile(slide);
  const audio = path.join(work, 'speech.wav');
  await runFfmpeg(['-y', '-f', 'lavfi', '-i', 'sine=f=220:r=48000', '-t', String(PAGE_MS / 1000), audio]);
  const ms = { flat: 0, layered: 0 };
  const cpu = { flat: 0, layered: 0 };
  for (let page = 1; page <= PAGES; page++) {
    // Alternating, so both meet the same machine load.
    const order = page % 2 ? (['flat', 'layered'] as const) : (['layered', 'flat'] as const);
    for (const kind of order) {
      const one = await renderPage(kind === 'flat' ? flat : layered, page, background, slide, audio);
      ms[kind] += one.wallMs;
      cpu[kind] += one.cpuS;
    }
  }
  const videoS = (PAGES * PAGE_MS) / 1000;
  const factor = (t: number) => +(videoS / (t / 1000)).toFixed(2);
  const result = {
    date: new Date().toISOString(),
    pages: PAGES,
    videoSeconds: videoS,
    flatRig: {
      renderSeconds: +(ms.flat / 1000).toFixed(2),
      realtimeFactor: factor(ms.flat),
      ffmpegCpuSeconds: +cpu.flat.toFixed(2),
    },
    layeredRig: {
      renderSeconds: +(ms.layered / 1000).toFixed(2),
      realtimeFactor: factor(ms.layered),
      ffmpegCpuSeconds: +cpu.layered.toFixed(2),
    },
    realtimeFactorChange: +((factor(ms.layered) / factor(ms.flat) - 1) * 100).toFixed(1) + ' %',
    // Per CPU second of ffmpeg: what the moving head costs on a machine with nothing else running.
    cpuRealtimeFactorChange: +((cpu.flat / cpu.layered - 1) * 100).toFixed(1) + ' %',
    limit: 'at most -15 %',
  };
  const out = path.join(root, 'bench/results/motion.json');
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, JSON.stringify(result, null, 2) + '\n');
  console.log(JSON.stringify(result, null, 2));
} finally {
  rmSync(work, { recursive: true, force: true });
}
