import { mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { probe } from '../../../src/server/adapters/media/ffmpeg';
import type { PagePlan } from '../../../src/server/video/planTypes';
import { renderPage } from '../../../src/server/video/renderPage';
import { startRenderProfile, stopRenderProfile } from '../../../src/server/video/renderProfile';
import { transitionLeads } from '../../../src/server/video/transitions';
import { rig } from '../../../measure/presenterVideo';
import { writeSilence } from './video';

/*
 * A 1080p page with a shot change, rendered with the render profile on in a process of its own:
 * `node --import tsx shotPageChild.ts <folder>` prints its ffmpeg peaks and lengths as JSON
 * (tests/server/video/shotMemory.test.ts). Its own process, so nothing else a test worker holds or
 * runs can reach the profile or the render.
 */

const FRAME = { width: 1920, height: 1080 };
const FIRST_MS = 12_000;
const SHOT_PAGE_MS = 14_000;

async function shotPage(work: string): Promise<PagePlan> {
  const audio = path.join(work, 'silence.wav');
  await writeSilence(audio, SHOT_PAGE_MS / 1000);
  const slide = path.join(work, 'slide.png');
  await sharp({ create: { ...FRAME, channels: 3, background: { r: 240, g: 240, b: 250 } } })
    .png()
    .toFile(slide);
  const box = { x: 1300, y: 200, width: 500, height: 875 };
  const parts = [
    { isScale: 1, startMs: 0, durationMs: FIRST_MS, slide: { x: 80, y: 120, width: 1120, height: 630 }, character: box },
    { isScale: 2, startMs: FIRST_MS, durationMs: SHOT_PAGE_MS - FIRST_MS, slide: { x: 0, y: 0, ...FRAME }, character: null },
  ]; // prettier-ignore
  const leads = transitionLeads(parts, 25);
  return {
    index: 1,
    frame: FRAME,
    fps: 25,
    durationMs: SHOT_PAGE_MS,
    background: null,
    slide: { file: slide, box: parts[0].slide },
    character: { rig, box },
    audio: [{ file: audio, durationMs: SHOT_PAGE_MS, mouth: [{ startMs: 0, shape: 'X' }] }],
    parts: parts.map((p, k) => (leads[k] ? { ...p, leadMs: leads[k] } : p)),
  };
}

async function main(work: string): Promise<void> {
  const plan = await shotPage(work);
  const job = path.join(work, 'renders', 'job');
  mkdirSync(job, { recursive: true });
  const output = path.join(work, 'page.mp4');
  startRenderProfile();
  await renderPage(plan, null, job, output, 'veryfast', new AbortController().signal, () => {});
  const { peakKb } = stopRenderProfile();
  const { durationMs } = await probe(output);
  process.stdout.write(JSON.stringify({ peakKb, durationMs, plannedMs: SHOT_PAGE_MS }));
}

await main(process.argv[2]);
