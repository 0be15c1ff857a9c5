import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/*
 * The order test files start in. Vitest starts the files that took longest last time first, from
 * its cache in node_modules/.vite; a fresh clone (CI) has none, and then it starts the larger files
 * first, which put the longest server files (a real render, real worker processes) near the end of
 * their stage with the other workers idle beside them. These start first in every checkout; the
 * rest keep vitest's order.
 */

/** Test files that took 40 s and more in a run of `npm test` (2026-11-27, Intel Xeon), longest first. */
export const SLOW_FILES = [
  'tests/server/video/lipSyncVideo.test.ts',
  'tests/server/video/crash.test.ts',
  'tests/server/demo.test.ts',
  'tests/server/scaleOutFanOut.test.ts',
  'tests/server/scaleOutSoundtrack.test.ts',
  'tests/server/s3FanOut.test.ts',
  'tests/server/video/subtitles.test.ts',
  'tests/e2e/tools.test.ts',
];

/** Where `file` stands among the slow files (their count when it is not one). */
export function slowRank(root: string, file: string): number {
  const at = SLOW_FILES.indexOf(path.relative(root, file).split(path.sep).join('/'));
  return at < 0 ? SLOW_FILES.length : at;
}

export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const sorted = await super.sort(files);
    // Array sort is stable: projects keep vitest's order (they run one after another), and so do
    // the files that are not slow.
    const projectAt = new Map<unknown, number>();
    sorted.forEach((f, i) => projectAt.has(f.project) || projectAt.set(f.project, i));
    return [...sorted].sort(
      (a, b) =>
        projectAt.get(a.project)! - projectAt.get(b.project)! ||
        slowRank(root, a.moduleId) - slowRank(root, b.moduleId),
    );
  }
}
