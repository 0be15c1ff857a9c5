import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { probe } from '../../../src/server/adapters/media/ffmpeg';
import { writeSilence } from '../helpers/video';
import type { PagePlan } from '../../../src/server/video/planTypes';
import { renderPage } from '../../../src/server/video/renderPage';
import { startRenderProfile, stopRenderProfile } from '../../../src/server/video/renderProfile';
import { transitionLeads } from '../../../src/server/video/transitions';
import { rig } from '../../../measure/presenterVideo';

/*
 * A page with a shot change renders as a stream: the blend into the next framing must not make
 * ffmpeg run the part before it ahead of the encoder and hold its frames. Without the fifo gate in
 * transitions.ts the bench project's shot page held 1.7 GB (and cost 14 CPU s instead of 9).
 */

const FRAME = { width: 1920, height: 1080 };
const GRAPH_STAGE = 'of which filters without encoding (profile run)';
const GRAPH_BOUND_KB = 450_000;
const FIRST_MS = 12_000;
const DURATION = 14_000;

describe('a 1080p page with a shot change', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'shot-memory-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('holds no more frames than a page without one', async () => {
    const audio = path.join(work, 'silence.wav');
    await writeSilence(audio, DURATION / 1000);
    const slide = path.join(work, 'slide.png');
    await sharp({ create: { ...FRAME, channels: 3, background: { r: 240, g: 240, b: 250 } } })
      .png()
      .toFile(slide);
    const box = { x: 1300, y: 200, width: 500, height: 875 };
    const parts = [
      { isScale: 1, startMs: 0, durationMs: FIRST_MS, slide: { x: 80, y: 120, width: 1120, height: 630 }, character: box },
      { isScale: 2, startMs: FIRST_MS, durationMs: DURATION - FIRST_MS, slide: { x: 0, y: 0, ...FRAME }, character: null },
    ]; // prettier-ignore
    const leads = transitionLeads(parts, 25);
    const plan: PagePlan = {
      index: 1,
      frame: FRAME,
      fps: 25,
      durationMs: DURATION,
      background: null,
      slide: { file: slide, box: parts[0].slide },
      character: { rig, box },
      audio: [{ file: audio, durationMs: DURATION, mouth: [{ startMs: 0, shape: 'X' }] }],
      parts: parts.map((p, k) => (leads[k] ? { ...p, leadMs: leads[k] } : p)),
    };
    // The page's graph without encoding (the profile's second run) is what the gate bounds: 63 MB
    // with it, 852 MB without (the part before the blend run ahead and held). The encoded run says
    // little (282 MB with the gate, 335 MB without, here), and its peak moved with the machine: up
    // to 1.09 GB in one CI run, never reproduced alone or beside the server tests. So the bound is
    // on the graph, the best of three tries: a gate that does not hold fails all three.
    const peaks: number[] = [];
    while (peaks.length < 3 && !peaks.some((kb) => kb < GRAPH_BOUND_KB)) {
      const output = path.join(work, `page-${peaks.length}.mp4`);
      peaks.push(await graphPeakKb(plan, output));
      expect((await probe(output)).durationMs).toBeCloseTo(DURATION, -2);
    }
    expect(Math.min(...peaks)).toBeLessThan(GRAPH_BOUND_KB);
  }, 180_000);
});

/** Renders the page with the profile on and answers the peak memory of its graph's run, in kB. */
async function graphPeakKb(plan: PagePlan, output: string): Promise<number> {
  const job = path.join(path.dirname(output), 'renders', path.basename(output, '.mp4'));
  mkdirSync(job, { recursive: true });
  const signal = new AbortController().signal;
  startRenderProfile();
  try {
    await renderPage(plan, null, job, output, 'veryfast', signal, () => {});
  } catch (error) {
    stopRenderProfile();
    throw error;
  }
  return stopRenderProfile().peakKb[GRAPH_STAGE] ?? Infinity;
}
