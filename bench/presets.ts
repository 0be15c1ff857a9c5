import { measurePresets } from '../src/server/video/encoderSpeed';
import { choosePreset } from '../src/server/video/encoderPreset';

/*
 * The x264 preset table (README): each candidate preset encoding 20 s of 1080p page-like video (a
 * still converted once and looped, a small moving patch where the mouth is) at 25 fps, crf 21, one
 * x264 thread, five interleaved rounds, each preset's least user CPU time. The unit is seconds of video
 * per CPU second of user time (ffmpeg's own -benchmark figure), so other load on the machine barely
 * moves it. The renderer does not read this table: it measures the same way, shorter, on the
 * machine that renders (src/server/video/encoderPreset.ts). Run: `npx tsx bench/presets.ts`.
 *
 * The table this replaces counted 20 frames, not 500 (a 1 fps source without a forced output rate),
 * timed by wall clock: about 0.7 s per preset, mostly process start and test-pattern set-up.
 */
export async function presetBench() {
  const measured = await measurePresets(20, 5);
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
