import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { stripVTControlCharacters } from 'node:util';
import { Redis } from 'ioredis';
import pg from 'pg';
import { storeAwareTests } from './storeAwareTests';

// `npm test`: the whole suite. Unit and server tests first, then the server tests that read the
// store or dialect settings again in the S3 profile, then the built app in Chromium. Prints which
// server profiles ran and one closing line.
// The server profiles (README "Commands"): 1 SQLite + job table + disk, always; 2 PostgreSQL +
// BullMQ + disk when PostgreSQL (127.0.0.1:5432) and Redis (127.0.0.1:6379) answer (PostgreSQL +
// job table when only PostgreSQL does); 3 PostgreSQL + BullMQ + S3 (an s3rver on loopback per
// test server) when both answer.
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

async function redisUrl(): Promise<string | undefined> {
  const url = env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  if (!url) return undefined;
  const client = new Redis(url, { lazyConnect: true, connectTimeout: 2000, maxRetriesPerRequest: 0 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === 'PONG' ? url : undefined;
  } catch {
    return undefined;
  } finally {
    client.disconnect();
  }
}

interface Totals {
  passed: number;
  failed: number;
  skipped: number;
}
const totals: Totals = { passed: 0, failed: 0, skipped: 0 };
/** Failed tests by file and name, repeated at the end: CI keeps only the tail of the output. */
const failures: string[] = [];

interface JsonReport {
  testResults: {
    name: string;
    status: string;
    message?: string;
    assertionResults: { status: string; fullName: string; failureMessages?: string[] }[];
  }[];
}

/** The first lines of a failure (the assertion and where it failed), without colour codes. */
function firstLines(message: string | undefined, lines = 3): string {
  if (!message) return '';
  return stripVTControlCharacters(message)
    .split('\n')
    .slice(0, lines)
    .map((line) => `\n      ${line.slice(0, 300)}`)
    .join('');
}

function failedTestsOf(json: JsonReport, stage: string): string[] {
  return json.testResults.flatMap((file) => {
    const where = `${stage}: ${path.relative(root, file.name)}`;
    const tests = file.assertionResults.filter((test) => test.status === 'failed');
    // A file that failed outside its tests (a hook, an import) has no failed test to name.
    if (tests.length === 0 && file.status === 'failed') return [`${where} (${file.message ?? 'failed'})`];
    return tests.map((test) => `${where} > ${test.fullName}${firstLines(test.failureMessages?.[0])}`);
  });
}

function runStage(
  name: string,
  projects: string[],
  extraEnv: NodeJS.ProcessEnv = {},
  files: string[] = [],
): boolean {
  const report = path.join(root, `.tmp/vitest-${name}.json`);
  const args = [vitest, 'run', ...projects.flatMap((p) => ['--project', p]), ...files];
  args.push('--reporter=default', '--reporter=json', `--outputFile.json=${report}`);
  const result = spawnSync(process.execPath, args, {
    cwd: root,
    env: { ...env, ...extraEnv },
    stdio: 'inherit',
  });
  if (existsSync(report)) {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    totals.passed += json.numPassedTests;
    totals.failed += json.numFailedTests;
    totals.skipped += json.numPendingTests + (json.numTodoTests ?? 0);
    failures.push(...failedTestsOf(json, name));
  }
  return result.status === 0;
}

const pgUrl = await postgresUrl();
const queueUrl = await redisUrl();
if (pgUrl) env.TEST_DATABASE_URL = pgUrl;
// Test servers on PostgreSQL carry their jobs on BullMQ (tests/server/helpers/testServer.ts).
if (pgUrl && queueUrl) env.TEST_QUEUE = 'bullmq';
const s3Profile = !!pgUrl && !!queueUrl && env.TEST_S3_PROFILE !== '0';
const why = !pgUrl
  ? `PostgreSQL does not answer (${env.TEST_DATABASE_URL === '' ? 'TEST_DATABASE_URL is empty' : '127.0.0.1:5432'})`
  : !queueUrl
    ? `Redis does not answer (${env.TEST_REDIS_URL === '' ? 'TEST_REDIS_URL is empty' : (env.TEST_REDIS_URL ?? '127.0.0.1:6379')})`
    : 'TEST_S3_PROFILE=0';
console.log(
  [
    'Server test profiles: 1 SQLite + job table + disk',
    pgUrl ? `2 PostgreSQL + ${queueUrl ? 'BullMQ' : 'job table'} + disk` : undefined,
    s3Profile ? '3 PostgreSQL + BullMQ + S3 (s3rver on 127.0.0.1)' : undefined,
  ]
    .filter(Boolean)
    .join('; ') + (s3Profile ? '' : ` — ${pgUrl ? 'profile 3' : 'profiles 2 and 3'} skipped: ${why}`),
);

let ok = runStage('unit-server', ['unit', 'unit-dom', 'server']);
if (s3Profile) {
  // Only the files that read TEST_STORE or TEST_DIALECTS (storeAwareTests.ts): the others would
  // run exactly as in the first pass.
  const files = storeAwareTests(path.join(root, 'tests/server')).map((f) => path.relative(root, f));
  console.log(
    `\nServer tests, profile 3 (PostgreSQL + BullMQ + S3): the ${files.length} server test files that ` +
      'read the store or dialect settings (the others ran the same way above)',
  );
  const started = Date.now();
  const s3Env = { TEST_STORE: 's3', TEST_DIALECTS: 'postgres' };
  ok = runStage('server-s3', ['server'], s3Env, files) && ok;
  console.log(`Profile 3 took ${Math.round((Date.now() - started) / 1000)} s`);
}
console.log('Building the web app for the browser tests...');
const build = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
});
ok = build.status === 0 && runStage('e2e', ['e2e']) && ok;

if (failures.length > 0) console.log(`\nFailed:\n${failures.map((f) => `  ${f}`).join('\n')}`);
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(ok && totals.failed === 0 ? 0 : 1);
