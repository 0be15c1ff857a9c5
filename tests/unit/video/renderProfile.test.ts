import { describe, expect, it } from 'vitest';
import {
  filtersOnlyArgs,
  profiling,
  startRenderProfile,
  stopRenderProfile,
  timed,
} from '../../../src/server/video/renderProfile';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('render profile (npm run bench -- --profile)', () => {
  it('records nothing and costs nothing outside a profile', async () => {
    expect(profiling()).toBe(false);
    expect(await timed('page cache', async () => 7)).toBe(7);
    startRenderProfile();
    expect(stopRenderProfile()).toEqual({ wall: {}, cpu: {}, peakKb: {} });
  });

  it('sums the time of each stage while a profile records, failures included', async () => {
    startRenderProfile();
    expect(profiling()).toBe(true);
    await Promise.all([timed('music pass', () => sleep(30)), timed('music pass', () => sleep(30))]);
    await expect(timed('probe and store', () => Promise.reject(new Error('disk')))).rejects.toThrow('disk');
    // CPU time is this process's: a busy loop costs it, waiting does not. The loop runs until it
    // has used 60 ms of CPU (on a loaded machine 40 ms of wall time gave it 18 ms).
    await timed('subtitle script', async () => {
      const start = process.cpuUsage();
      const used = () => {
        const d = process.cpuUsage(start);
        return (d.user + d.system) / 1000;
      };
      while (used() < 60);
    });
    const { wall, cpu } = stopRenderProfile();
    expect(profiling()).toBe(false);
    expect(wall['music pass']).toBeGreaterThanOrEqual(55);
    expect(wall['probe and store']).toBeGreaterThanOrEqual(0);
    expect(cpu['subtitle script']).toBeGreaterThanOrEqual(60);
    expect(cpu['subtitle script']).toBeGreaterThan(cpu['music pass']!);
  });

  it('runs a page graph without encoding: same inputs and filters, copies into the null muxer', () => {
    const args = ['-y', '-i', 'still.png', '-filter_complex', '[0:v]null[v]', '-map', '[v]', '-r', '25'];
    const encoded = [
      ...args,
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-c:a',
      'aac',
      '-f',
      'mp4',
      'out.mp4',
    ];
    expect(filtersOnlyArgs(encoded)).toEqual([
      ...args,
      '-c:v',
      'wrapped_avframe',
      '-c:a',
      'pcm_s16le',
      '-f',
      'null',
      '-',
    ]);
    expect(() => filtersOnlyArgs(args)).toThrow('without a video codec');
  });
});
