import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { espeakEngine } from '../src/server/adapters/media/tts.espeak';
import { recordedNarration, speak, ttsNarration, uploadedNarration } from '../measure/lipSyncNarrations';
import { measureLipSync, type LipSyncFigures } from '../measure/lipSyncVideo';

// `npm run bench -- --lip-sync` (or `npx tsx bench/lipSync.ts`): the lip-sync measure read from
// rendered video (issue 13) for a Chinese page as text-to-speech, as an uploaded file and as a
// recording (quieter, over room noise): the correlation of the video's mouth opening with the
// speech energy per frame and the share of frames whose mouth class is the phonemes'. The same
// measure as tests/server/video/lipSyncVideo.test.ts. Written to bench/results/lip-sync.json.
const root = path.resolve(import.meta.dirname, '..');
const work = mkdtempSync(path.join(tmpdir(), 'lip-sync-bench-'));
const results: Record<string, unknown> = { date: new Date().toISOString() };
try {
  const spoken = await speak();
  const kinds = { tts: ttsNarration, uploaded: uploadedNarration, recorded: recordedNarration };
  for (const [name, make] of Object.entries(kinds)) {
    const started = performance.now();
    const f: LipSyncFigures = await measureLipSync(mkdtempSync(path.join(work, `${name}-`)), make(spoken));
    results[name] = { ...f, seconds: Math.round(performance.now() - started) / 1000 };
    console.log(
      `${name.padEnd(9)} video r=${f.video.r.toFixed(3)} (lag ${f.video.lag})  class ${(f.video.classRight * 100).toFixed(1)}%` +
        `   timeline r=${f.timeline.r.toFixed(3)}  class ${(f.timeline.classRight * 100).toFixed(1)}%` +
        `   sprite read ${(f.shapeRead * 100).toFixed(1)}% of ${f.frames} frames`,
    );
  }
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  writeFileSync(path.join(root, 'bench/results/lip-sync.json'), JSON.stringify(results, null, 2) + '\n');
} finally {
  espeakEngine.close();
  rmSync(work, { recursive: true, force: true });
}
