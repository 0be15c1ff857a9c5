import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import path from 'node:path';
import { ffmpegPath } from '../adapters/media/ffmpeg';
import { measurePresets, PRESET_CANDIDATES, type EncoderPreset, type PresetSpeed } from './encoderSpeed';

/**
 * The x264 preset every page is encoded with, measured on the machine that renders (issue 15): a
 * table measured on another CPU chose veryfast where this one may differ. The first render after
 * start runs a short calibration (each candidate preset on a few seconds of page-like video, CPU
 * time) and caches the choice under DATA_DIR, keyed by the CPU, core count and ffmpeg binary, so
 * it runs again only when one of those changes.
 */

/** Bump when the measuring method changes: older cached choices are then measured again. */
const METHOD = 3;
/** Presets whose file is this much larger than the smallest are not chosen, however fast. */
const MAX_SIZE_RATIO = 1.2;

export interface CalibrationOptions {
  /** Seconds of video per preset and round (default 2), and rounds (default 2). */
  seconds?: number;
  rounds?: number;
}

interface Calibration {
  method: number;
  machine: string;
  preset: EncoderPreset;
  measured: PresetSpeed[];
  date: string;
}

/**
 * The fastest preset per CPU second among those whose files stay within MAX_SIZE_RATIO of the
 * smallest: on page-like pictures superfast is quick but its files are a third larger.
 */
export function choosePreset(speeds: PresetSpeed[]): EncoderPreset {
  const smallest = Math.min(...speeds.map((s) => s.sizeKB));
  const eligible = speeds.filter((s) => s.sizeKB <= smallest * MAX_SIZE_RATIO);
  return eligible.reduce((a, b) => (b.realtimePerCpuSecond > a.realtimePerCpuSecond ? b : a)).preset;
}

/** What a cached choice is valid for: the CPU, how many cores, and which ffmpeg build. */
async function machineIdentity(): Promise<string> {
  const binary = ffmpegPath();
  const s = await stat(binary).catch(() => null);
  const ffmpeg = s ? `${binary}|${s.size}|${Math.round(s.mtimeMs)}` : binary;
  return JSON.stringify([METHOD, cpus()[0]?.model ?? '?', cpus().length, ffmpeg]);
}

const pending = new Map<string, Promise<EncoderPreset>>();

/**
 * The preset to encode pages with on this machine: the cached calibration under `dataDir`, or a
 * fresh one (written to DATA_DIR/cache/encoder-preset.json). Concurrent callers share one run.
 */
export function encoderPreset(dataDir: string, options: CalibrationOptions = {}): Promise<EncoderPreset> {
  const file = path.join(dataDir, 'cache', 'encoder-preset.json');
  let run = pending.get(file);
  if (!run) {
    run = cachedOrCalibrated(file, options);
    // A failed calibration is tried again by the next render rather than remembered.
    run.catch(() => pending.delete(file));
    pending.set(file, run);
  }
  return run;
}

async function cachedOrCalibrated(file: string, options: CalibrationOptions): Promise<EncoderPreset> {
  const machine = await machineIdentity();
  const cached = await readCalibration(file);
  if (cached && cached.machine === machine && PRESET_CANDIDATES.includes(cached.preset)) return cached.preset;
  const measured = await measurePresets(options.seconds ?? 2, options.rounds ?? 2);
  const calibration: Calibration = {
    method: METHOD,
    machine,
    preset: choosePreset(measured),
    measured,
    date: new Date().toISOString(),
  };
  await mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, JSON.stringify(calibration, null, 2) + '\n');
  await rename(temp, file);
  return calibration.preset;
}

/** The cached calibration, or null when there is none or it cannot be read. */
export async function readCalibration(file: string): Promise<Calibration | null> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as Calibration;
  } catch {
    return null;
  }
}
