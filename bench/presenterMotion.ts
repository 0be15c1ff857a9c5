import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { MouthCue, MouthShape, TimedWord } from '../src/model/speech';
import { runFfmpeg } from '../src/server/adapters/media/ffmpeg';
import type { PagePlan, RigFiles } from '../src/server/video/planTypes';
import { renderPage } from '../src/server/video/renderPage';
import { processTreeCpuSeconds } from './profile';

// `npx tsx bench/presenterMotion.ts`: the cost of the presenter's motion (issue 13). The same 1080p
// pages (scene, slide, presenter, 20 s of lip-sync each) rendered by the render's own renderPage
// with the flat rig (body.png with mouth and blink overlays: the render before the motion), the
// layered rig (torso still, the head track: head, mouth and eyes pre-turned and moved per frame)
// and the layered rig with hand gestures (narration words that point and stress: the bare torso in
// the still and the arms as an overlay track), alternating, in one run. CPU time is this process's and its ffmpeg
// children's. Written to bench/results/motion.json.
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
  brows: path.join(dir, m.files.brows),
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
const gesturing: RigFiles = {
  ...layered,
  arms: {
    bare: path.join(dir, m.arms.bare.torso),
    pictures: {
      rest: path.join(dir, m.arms.rest.torso),
      palm: path.join(dir, m.arms.palm.torso),
      pointLeft: path.join(dir, m.arms.pointLeft.torso),
      pointRight: path.join(dir, m.arms.pointRight.torso),
    },
    hands: {
      rest: path.join(dir, m.hands.rest.torso),
      palm: path.join(dir, m.hands.palm.torso),
      pointLeft: path.join(dir, m.hands.pointLeft.torso),
      pointRight: path.join(dir, m.hands.pointRight.torso),
    },
  },
};
const KINDS = { flat, layered, gesturing } as const;
type Kind = keyof typeof KINDS;

/** Words that make the presenter gesture every 5 s: pointing (请看), then open palms (非常). */
function wordsOf(): TimedWord[] {
  const words: TimedWord[] = [];
  for (let t = 1000, k = 0; t < PAGE_MS - 2500; t += 5000, k++)
    words.push({ text: k % 2 ? '非常' : '请看', startMs: t, endMs: t + 400 });
  return words;
}

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

async function renderOne(kind: Kind, page: number, background: string, slide: string, audio: string) {
  const cues = cuesOf(page);
  const plan: PagePlan = {
    index: page,
    frame: { width: 1920, height: 1080 },
    fps: 25,
    durationMs: PAGE_MS,
    background,
    slide: { file: slide, box: { x: 760, y: 140, width: 1060, height: 596 } },
    character: { rig: KINDS[kind], box: { x: 120, y: 80, width: 571, height: 1000 } },
    audio: [{ file: audio, durationMs: PAGE_MS, mouth: cues, words: kind === 'gesturing' ? wordsOf() : [] }],
  };
  // As a render job's folder: the head sprites are cached two levels up (work/cache/heads).
  const pageWork = path.join(work, 'renders', `${kind}-${page}`);
  mkdirSync(pageWork, { recursive: true });
  const cpuBefore = processTreeCpuSeconds() ?? NaN;
  const started = performance.now();
  const output = path.join(pageWork, 'page.mp4');
  await renderPage(plan, null, pageWork, output, 'veryfast', new AbortController().signal, () => {});
  return { wallMs: performance.now() - started, cpuS: (processTreeCpuSeconds() ?? NaN) - cpuBefore };
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
  const ms: Record<Kind, number> = { flat: 0, layered: 0, gesturing: 0 };
  const cpu: Record<Kind, number> = { flat: 0, layered: 0, gesturing: 0 };
  const kinds = Object.keys(KINDS) as Kind[];
  // Head sprites are made once per machine (headTrack.ts): made here before anything is timed.
  await renderOne('layered', 0, background, slide, audio);
  for (let page = 1; page <= PAGES; page++) {
    // In a rotating order, so each meets the same machine load.
    const order = kinds.map((_, i) => kinds[(i + page) % kinds.length]);
    for (const kind of order) {
      const one = await renderOne(kind, page, background, slide, audio);
      ms[kind] += one.wallMs;
      cpu[kind] += one.cpuS;
    }
  }
  const videoS = (PAGES * PAGE_MS) / 1000;
  const factor = (t: number) => +(videoS / (t / 1000)).toFixed(2);
  const figures = (kind: Kind) => ({
    renderSeconds: +(ms[kind] / 1000).toFixed(2),
    realtimeFactor: factor(ms[kind]),
    cpuSeconds: +cpu[kind].toFixed(2),
    videoSecondsPerCpuSecond: +(videoS / cpu[kind]).toFixed(2),
  });
  const change = (from: number, to: number) => +((from / to - 1) * 100).toFixed(1) + ' %';
  const result = {
    date: new Date().toISOString(),
    pages: PAGES,
    videoSeconds: videoS,
    flatRig: figures('flat'),
    layeredRig: figures('layered'),
    layeredRigWithGestures: figures('gesturing'),
    // Per CPU second: what the motion costs on a machine with nothing else running.
    cpuRealtimeFactorChange: {
      flatToLayered: change(cpu.flat, cpu.layered),
      flatToGestures: change(cpu.flat, cpu.gesturing),
      layeredToGestures: change(cpu.layered, cpu.gesturing),
    },
    wallRealtimeFactorChange: {
      flatToLayered: change(ms.flat, ms.layered),
      flatToGestures: change(ms.flat, ms.gesturing),
    },
    limit: 'at most -15 %',
  };
  const out = path.join(root, 'bench/results/motion.json');
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, JSON.stringify(result, null, 2) + '\n');
  console.log(JSON.stringify(result, null, 2));
} finally {
  rmSync(work, { recursive: true, force: true });
}
