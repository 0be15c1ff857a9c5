import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TestSpecification } from 'vitest/node';
import { SLOW_FILES, SlowFirstSequencer } from '../../helpers/slowFirstSequencer';

const root = '/repo';
const project = (name: string) => ({ name, config: { sequence: { groupOrder: 0 }, isolate: true } });
const server = project('server');
const e2e = project('e2e');
const spec = (p: typeof server, file: string) =>
  ({ project: p, moduleId: path.join(root, file) }) as unknown as TestSpecification;

/** A sequencer as vitest makes it, with the cache of a fresh clone: no durations, no sizes. */
function freshSequencer() {
  const cache = { getFileTestResults: () => undefined, getFileStats: () => undefined };
  return new SlowFirstSequencer({ config: { root }, cache } as never);
}

describe('the test files start longest first, also in a fresh clone', () => {
  it('starts the known slow files first within their project, the others in vitest order', async () => {
    const files = [
      spec(e2e, 'tests/e2e/account.test.ts'),
      spec(e2e, 'tests/e2e/tools.test.ts'),
      spec(server, 'tests/server/auth.test.ts'),
      spec(server, 'tests/server/demo.test.ts'),
      spec(server, 'tests/server/health.test.ts'),
      spec(server, 'tests/server/video/lipSyncVideo.test.ts'),
    ];
    const sorted = await freshSequencer().sort(files);
    expect(sorted.map((f) => `${f.project.name} ${path.relative(root, f.moduleId)}`)).toEqual([
      'e2e tests/e2e/tools.test.ts',
      'e2e tests/e2e/account.test.ts',
      'server tests/server/video/lipSyncVideo.test.ts',
      'server tests/server/demo.test.ts',
      'server tests/server/auth.test.ts',
      'server tests/server/health.test.ts',
    ]);
  });

  it('names files that exist', async () => {
    const { existsSync } = await import('node:fs');
    const repo = path.resolve(import.meta.dirname, '../../..');
    for (const file of SLOW_FILES) expect(existsSync(path.join(repo, file)), file).toBe(true);
  });
});
