import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import pg from 'pg';

// `npm test`: the whole suite. Unit and server tests first (server tests on SQLite, and on PostgreSQL
// when one answers on 127.0.0.1:5432), then the built app in Chromium. Prints one closing line.
const root = path.resolve(import.meta.dirname, '..');
const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');
const env: NodeJS.ProcessEnv = { ...process.env };

async function postgresUrl(): Promise<string | undefined> {
  if (env.TEST_DATABASE_URL !== undefined) return env.TEST_DATABASE_URL || undefined;
  const url = 'postgres://postgres@127.0.0.1:5432/test';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return url;
  } catch {
    return undefined;
  }
}

interface Totals {
  passed: number;
  failed: number;
  skipped: number;
}
const totals: Totals = { passed: 0, failed: 0, skipped: 0 };

function runStage(name: string, projects: string[]): boolean {
  const report = path.join(root, `.tmp/vitest-${name}.json`);
  const args = [vitest, 'run', ...projects.flatMap((p) => ['--project', p])];
  args.push('--reporter=default', '--reporter=json', `--outputFile.json=${report}`);
  const result = spawnSync(process.execPath, args, { cwd: root, env, stdio: 'inherit' });
  if (existsSync(report)) {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    totals.passed += json.numPassedTests;
    totals.failed += json.numFailedTests;
    totals.skipped += json.numPendingTests + (json.numTodoTests ?? 0);
  }
  return result.status === 0;
}

const pgUrl = await postgresUrl();
if (pgUrl) env.TEST_DATABASE_URL = pgUrl;
console.log(
  pgUrl ? `Server tests run on SQLite and PostgreSQL (${pgUrl})` : 'Server tests run on SQLite only',
);

let ok = runStage('unit-server', ['unit', 'unit-dom', 'server']);
console.log('Building the web app for the browser tests...');
const build = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
});
ok = build.status === 0 && runStage('e2e', ['e2e']) && ok;

console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(ok && totals.failed === 0 ? 0 : 1);
