import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { SlowFirstSequencer } from './tests/helpers/slowFirstSequencer';

/** Unit tests that need a DOM (React screens, the stage, DOMPurify, browser workers). */
const DOM_TESTS = [
  'tests/unit/app/**/*.test.{ts,tsx}',
  'tests/unit/render/**/*.test.{ts,tsx}',
  // Parses the sanitised output with a real document to check what survives.
  'tests/unit/model/sanitizeNarrationHtml.test.ts',
];

export default defineConfig({
  test: {
    // Vitest's default on 2 cores is one file at a time; the server tests mostly wait (HTTP, the
    // database, job polls, ffmpeg in another process), so three at once took the server suite from
    // 1034 s to 676 s on this machine. The browser tests stay one at a time (two at once: slower).
    maxWorkers: Number(process.env.TEST_WORKERS) || 3,
    // The longest files start first in every checkout, also without vitest's cache (CI).
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          exclude: DOM_TESTS,
          // Most unit tests are pure: no DOM to build per file (it was 40% of the unit run), and
          // nothing to isolate them from each other: one process keeps the modules it imported
          // (the unit project 33.5 s -> 9.3 s, AMD EPYC, 2026-11-27).
          environment: 'node',
          isolate: false,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'unit-dom',
          include: DOM_TESTS,
          environment: 'happy-dom',
          // @pixi/react's ESM imports `react-reconciler/constants` without an extension.
          server: { deps: { inline: ['@pixi/react'] } },
        },
      },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Polls wait on real work (hashing, TTS, ffmpeg); on a loaded 2-core machine 1 s is not enough.
          expect: { poll: { timeout: 15_000 } },
          // Each worker process keeps the modules it imported: every file imported the whole
          // server again (about 4 s each; 300 of the first stage's 1,511 file-seconds). What modules
          // keep for the process (the TTS engines, memos keyed by file) a server process keeps
          // across requests too; each file still starts its own servers on fresh data folders.
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 180_000,
          expect: { poll: { timeout: 15_000 } },
          fileParallelism: false,
          // One after another in one worker that keeps its modules: each file still starts its own
          // server and browser context, but the helpers and playwright are imported once (6 files:
          // 70.7 s isolated, 58.7 s not; Intel Xeon, 2026-11-27) and Chromium is launched once
          // (helpers/browser.ts).
          isolate: false,
        },
      },
    ],
  },
});
