import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/*
 * Which server test files the S3 profile of `npm test` has to run again. The profile changes only
 * two settings, TEST_STORE=s3 and TEST_DIALECTS=postgres (the database and the queue are the ones
 * profile 2 already used), so a file that reads neither, directly or through a helper it imports,
 * runs exactly as it did in the first pass: the render, media and queue tests that need no test
 * server. Running them again cost about a third of the profile's time and tested nothing new.
 */

const SETTINGS = /\bTEST_(STORE|DIALECTS)\b/;
/**
 * A test file that imports such a helper but would test nothing new in the S3 profile (a cluster
 * on a bucket of its own whatever the settings say, or one whose bucket variant is another file)
 * says so, and why, on a line of its own; it is not run again.
 */
const NOT_AGAIN = /^\/\/ npm test: not run again with TEST_STORE=s3\b/m;
const RELATIVE_IMPORT = /from\s+'(\.{1,2}\/[^']+)'/g;

function tsFilesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return tsFilesUnder(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** The .ts files `file` imports by a relative path (its helpers), resolved. */
function localImports(file: string, source: string): string[] {
  return [...source.matchAll(RELATIVE_IMPORT)]
    .map((m) => path.resolve(path.dirname(file), m[1]))
    .map((target) => (target.endsWith('.ts') ? target : `${target}.ts`))
    .filter((target) => existsSync(target));
}

/**
 * The test files under `testsDir` (e.g. tests/server) that read TEST_STORE or TEST_DIALECTS
 * themselves or through any chain of relative imports within it, sorted.
 */
export function storeAwareTests(testsDir: string): string[] {
  const files = tsFilesUnder(testsDir);
  const sources = new Map(files.map((f) => [f, readFileSync(f, 'utf8')]));
  const aware = new Set(files.filter((f) => SETTINGS.test(sources.get(f)!)));
  // Spread along imports until nothing changes (helpers import helpers).
  for (let changed = true; changed;) {
    changed = false;
    for (const file of files) {
      if (aware.has(file)) continue;
      if (localImports(file, sources.get(file)!).some((target) => aware.has(target))) {
        aware.add(file);
        changed = true;
      }
    }
  }
  return [...aware].filter((f) => f.endsWith('.test.ts') && !NOT_AGAIN.test(sources.get(f)!)).sort();
}
