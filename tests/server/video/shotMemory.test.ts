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
    const job = path.join(work, 'renders', 'job');
    mkdirSync(job, { recursive: true });
    const output = path.join(work, 'page.mp4');
    startRenderProfile();
    try {
      await renderPage(plan, null, job, output, 'veryfast', new AbortController().signal, () => {});
    } finally {
      const { peakKb } = stopRenderProfile();
      // The page encoded, and its graph run once more without encoding (as every profile does).
      // Without the gate: 852 MB for the run without encoding, 340 MB to 1.7 GB for the encoded
      // one. With it: 280 MB encoded, 63-160 MB without encoding alone and beside other tests,
      // and about 500 MB in two full suites. This ffmpeg reads each input in its own thread and feeds
      // the graph whichever input is ready, so what waits in the graph moves with the machine's
      // load. The filter string itself (the fifo before the blend) is checked in transitions.test.
      expect(Object.keys(peakKb)).toHaveLength(2);
      expect(Math.max(...Object.values(peakKb))).toBeLessThan(700_000);
    }
    expect((await probe(output)).durationMs).toBeCloseTo(DURATION, -2);
  }, 120_000);
});
