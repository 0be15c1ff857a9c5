import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

/*
 * A page with a shot change renders as a stream: the blend into the next framing must not make
 * ffmpeg run the part before it ahead of the encoder and hold its frames. Without the fifo gate in
 * transitions.ts the bench project's shot page held 1.7 GB (and cost 14 CPU s instead of 9).
 */

const GRAPH_STAGE = 'of which filters without encoding (profile run)';
const GRAPH_BOUND_KB = 450_000;
const CHILD = path.resolve(import.meta.dirname, '../helpers/shotPageChild.ts');

describe('a 1080p page with a shot change', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'shot-memory-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('holds no more frames than a page without one', async () => {
    // The page's graph without encoding (the profile's second run) is what the gate bounds: 63 MB
    // with it, 852 MB without (the part before the blend run ahead and held). The encoded run says
    // little (282 MB with the gate, 335 MB without) and its peak moved with the machine: up to
    // 1.09 GB in one CI run. In a test worker beside the suite's other files the graph's run too
    // measured 476 MB three times in a row, never alone, under load or beside the server tests;
    // so the page renders in a process of its own, and the best of three tries counts: a gate
    // that does not hold fails all three.
    const peaks: number[] = [];
    while (peaks.length < 3 && !peaks.some((kb) => kb < GRAPH_BOUND_KB)) {
      const folder = mkdtempSync(path.join(work, 'try-'));
      const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', CHILD, folder]);
      const { peakKb, durationMs, plannedMs } = JSON.parse(stdout) as {
        peakKb: Record<string, number>;
        durationMs: number;
        plannedMs: number;
      };
      expect(durationMs).toBeCloseTo(plannedMs, -2);
      peaks.push(peakKb[GRAPH_STAGE] ?? Infinity);
    }
    expect(Math.min(...peaks)).toBeLessThan(GRAPH_BOUND_KB);
  }, 180_000);
});
