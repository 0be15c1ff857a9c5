import { measurePresets } from '../src/server/video/encoderSpeed';
import { choosePreset } from '../src/server/video/encoderPreset';

/*
 * The x264 preset table (README): each candidate preset encoding 5 s of 1080p page-like video (a
 * still converted once and looped, a small moving patch where the mouth is) at 25 fps, crf 21, one
 * x264 thread, twenty interleaved rounds, each preset's mean user CPU time of its three fastest
 * rounds. Twenty short rounds rather than five of 20 s (the same video seconds): on a shared 2-core
 * VM a single clip's CPU time moved by ±15% (12-07); the least of five moved 5-10% between runs,
 * the three fastest of twenty under 5% (two runs back to back: 0.1-4.8% per preset). The unit is
 * seconds of video per CPU second of user time (ffmpeg's own -benchmark figure), so other load on
 * the machine barely moves it. The renderer does not read this table: it measures the same way,
 * shorter, on the machine that renders (src/server/video/encoderPreset.ts). Run:
 * `npx tsx bench/presets.ts`.
 *
 * The table this replaces counted 20 frames, not 500 (a 1 fps source without a forced output rate),
 * timed by wall clock: about 0.7 s per preset, mostly process start and test-pattern set-up.
 */
export async function presetBench() {
  const measured = await measurePresets(5, 20, 3);
  return {
    unit: 'video seconds per user CPU second, one x264 thread',
    chosen: choosePreset(measured),
    measured,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const table = await presetBench();
  console.table(table.measured);
  console.log(`chosen: ${table.chosen}`);
}
