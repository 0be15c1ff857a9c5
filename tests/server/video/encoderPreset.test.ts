import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { probe, runFfmpeg } from '../../../src/server/adapters/media/ffmpeg';
import { choosePreset, encoderPreset, readCalibration } from '../../../src/server/video/encoderPreset';
import {
  benchmarkCpuSeconds,
  benchmarkTimes,
  fastestMean,
  PRESET_CANDIDATES,
  presetClipArgs,
  presetFromEnv,
  type PresetSpeed,
} from '../../../src/server/video/encoderSpeed';

const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'preset-test-'));
  dirs.push(dir);
  return dir;
};
const cacheFile = (dir: string) => path.join(dir, 'cache', 'encoder-preset.json');
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const speed = (preset: PresetSpeed['preset'], realtime: number, sizeKB: number): PresetSpeed => ({
  preset,
  realtimePerCpuSecond: realtime,
  cpuSeconds: 1 / realtime,
  sizeKB,
});

describe('encoder preset calibration', () => {
  it('picks the fastest preset per CPU second whose files are not much larger', () => {
    const measured = [
      speed('superfast', 7.0, 99),
      speed('veryfast', 5.6, 72),
      speed('faster', 5.9, 79),
      speed('medium', 4.2, 89),
    ];
    // superfast is fastest but 37% larger than the smallest; faster beats veryfast at +10% size.
    expect(choosePreset(measured)).toBe('faster');
    expect(choosePreset([speed('veryfast', 5, 100), speed('fast', 4, 100)])).toBe('veryfast');
  });

  it('reads the CPU time ffmpeg reports with -benchmark', () => {
    const stderr = 'frame=  500 fps=144\nbench: utime=3.020s stime=0.309s rtime=3.475s\nbench: maxrss=1kB\n';
    expect(benchmarkCpuSeconds(stderr)).toBeCloseTo(3.329, 3);
    expect(benchmarkTimes(stderr)).toEqual({ user: 3.02, system: 0.309 });
    expect(() => benchmarkCpuSeconds('no line')).toThrow(/benchmark/);
  });

  it('keeps the mean of the fastest rounds: a disturbed round only ever slows one down', () => {
    const rounds = [
      { cpu: 1.3, size: 900 },
      { cpu: 1.0, size: 800 },
      { cpu: 1.6, size: 900 },
      { cpu: 1.1, size: 850 },
    ];
    expect(fastestMean(rounds, 2)).toEqual({ cpu: 1.05, size: 800 });
    expect(fastestMean(rounds, 1)).toEqual({ cpu: 1.0, size: 800 });
    // More rounds asked for than measured: all of them; none asked for: still the fastest.
    expect(fastestMean(rounds, 9).cpu).toBeCloseTo(1.25, 6);
    expect(fastestMean(rounds, 0)).toEqual({ cpu: 1.0, size: 800 });
    // The rounds as measured keep their order (the caller's list is not sorted in place).
    expect(rounds[0].cpu).toBe(1.3);
  });

  it('encodes every frame of the measured clip (25 fps, not the 1 fps of the looped source)', async () => {
    const out = path.join(dataDir(), 'clip.mp4');
    const { stderr } = await runFfmpeg(presetClipArgs('veryfast', 2, out));
    const video = (await probe(out)).streams.find((s) => s.type === 'video')!;
    // The old bench's clip had a 1 fps stream: 2 s gave 2 frames, not 50.
    expect(video.frameRate).toBe(25);
    expect(video.durationMs).toBe(2000);
    expect(benchmarkCpuSeconds(stderr)).toBeGreaterThan(0);
  });

  it('measures once on this machine, caches the choice and reads it back', async () => {
    const dir = dataDir();
    const preset = await encoderPreset(dir, { seconds: 1, rounds: 1 });
    expect(PRESET_CANDIDATES).toContain(preset);
    const cached = (await readCalibration(cacheFile(dir)))!;
    expect(cached.preset).toBe(preset);
    expect(cached.measured.map((m) => m.preset)).toEqual([...PRESET_CANDIDATES]);
    for (const m of cached.measured) {
      expect(m.realtimePerCpuSecond).toBeGreaterThan(0);
      expect(m.sizeKB).toBeGreaterThan(0);
    }

    // Another data folder holding the same machine's calibration: read, not measured again.
    const other = dataDir();
    mkdirSync(path.join(other, 'cache'));
    writeFileSync(cacheFile(other), JSON.stringify({ ...cached, preset: 'medium', measured: [] }));
    expect(await encoderPreset(other)).toBe('medium');
    expect(JSON.parse(readFileSync(cacheFile(other), 'utf8')).measured).toEqual([]);

    // A calibration from another CPU (or ffmpeg build) is measured again.
    const moved = dataDir();
    mkdirSync(path.join(moved, 'cache'));
    writeFileSync(cacheFile(moved), JSON.stringify({ ...cached, machine: 'another CPU', preset: 'medium' }));
    await encoderPreset(moved, { seconds: 1, rounds: 1 });
    const again = (await readCalibration(cacheFile(moved)))!;
    expect(again.machine).toBe(cached.machine);
    expect(again.measured).toHaveLength(PRESET_CANDIDATES.length);
  });
});

describe('ENCODER_PRESET', () => {
  it('names a preset to use without calibrating, and stops the start on a wrong name', () => {
    expect(presetFromEnv(undefined)).toBeUndefined();
    expect(presetFromEnv('')).toBeUndefined();
    expect(presetFromEnv('faster')).toBe('faster');
    expect(() => presetFromEnv('ultrafast')).toThrow(
      'ENCODER_PRESET must be one of superfast, veryfast, faster, fast, medium (got ultrafast)',
    );
  });
});
