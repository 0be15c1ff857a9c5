import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { toExportDocument } from '../src/model/project';
import { encoderPreset } from '../src/server/video/encoderPreset';
import { benchDocument, speakAll } from './benchProject';
import { apiCall, renderToEnd, uploadDeck } from './studioCalls';
import { freePort } from '../measure/freePort';

// `npx tsx bench/scaleOut.ts` (or `npm run bench -- --scale-out`): the bench project rendered by
// a web server at WORKERS=0 and 1, 2 and 4 `npm run worker` processes (BullMQ on REDIS_URL or
// 127.0.0.1:6379; SQLite, or PostgreSQL with DATABASE_URL), the page cache emptied before each
// run so every page is rendered. Writes bench/results/scale-out.json. Every worker runs one page
// at a time (WORKER_CONCURRENCY=1), as one small worker machine would; on this machine they all
// share its cores, so the ratios show the fan-out's overhead and the cores' limit, not 50 machines.
const root = path.resolve(import.meta.dirname, '..');
const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const PAGES = Math.max(1, Math.min(10, Number(process.env.BENCH_PAGES) || 10));
const COUNTS = (process.env.BENCH_WORKERS || '1,2,4').split(',').map(Number);
const dataDir = mkdtempSync(path.join(tmpdir(), 'studio-scale-'));
const prefix = `bench-${randomBytes(4).toString('hex')}`;
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  JWT_SECRET: randomBytes(32).toString('hex'),
  REDIS_URL: redisUrl,
  REDIS_PREFIX: prefix,
  LOG_LEVEL: 'warn',
  LOGIN_RATE_LIMIT: '100000',
};
const processes: ChildProcess[] = [];
const seconds = (ms: number) => Math.round(ms) / 1000;

function start(args: string[], extra: Record<string, string>, ready: string): Promise<ChildProcess> {
  // Own process group: stopping it stops npm/tsx and the node process under it.
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: root,
    env: { ...env, ...extra },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  processes.push(child);
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  return new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      if (output.includes(ready)) {
        clearInterval(timer);
        resolve(child);
      } else if (child.exitCode !== null) {
        clearInterval(timer);
        reject(new Error(`${args.join(' ')} exited:\n${output}`));
      }
    }, 100);
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  process.kill(-child.pid!, 'SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

const startWorker = () => start(['src/server/worker.ts'], { WORKER_CONCURRENCY: '1' }, 'worker is running');

try {
  const port = await freePort();
  await start(['src/server/main.ts'], { PORT: String(port), HOST: '127.0.0.1', WORKERS: '0' }, 'is running');
  const base = `http://127.0.0.1:${port}`;
  const call = apiCall(base);
  const token = (await call('/virtual/v1/login', { username: 'demo', password: 'demo123456' })).token!;
  const projectId = (await call('/virtual/v1/userPro/add', { proKind: 3 }, token)).data as number;

  // The bench project's slides: the 3-page fixture, rasterised by the first worker.
  const workers = [await startWorker()];
  const info = await uploadDeck(base, call, token);
  const clips = (await speakAll(call, token, projectId, PAGES)).clips;
  const workDir = path.join(dataDir, 'bench-media');
  mkdirSync(workDir, { recursive: true });
  const img = (n: number) => `${info.basePath}${info.uuidStr}/images/${(n % 3) + 1}.png`;
  const doc = await benchDocument({ base, call, token, projectId, workDir, slide: img, clips });
  doc.ppt.uuid = info.uuidStr;
  const update = {
    projectId,
    userProjectInfo: JSON.stringify(toExportDocument(doc)),
    original: 2,
    revision: 0,
  };
  await call('/virtual/v1/userPro/update', update, token);

  // The first render's encoder calibration (cached in the shared DATA_DIR) is not timed.
  const preset = await encoderPreset(dataDir);
  const runs: Record<string, unknown>[] = [];
  for (const count of COUNTS) {
    while (workers.length < count) workers.push(await startWorker());
    while (workers.length > count) await stop(workers.pop()!);
    // A cold page cache: every page of this run is rendered by the workers now running.
    rmSync(path.join(dataDir, 'cache', 'pages'), { recursive: true, force: true });
    const started = performance.now();
    const status = await renderToEnd(call, token, projectId, `render with ${count} worker(s)`);
    const ms = performance.now() - started;
    const videoS = status.video.durationMs / 1000;
    runs.push({
      workers: count,
      // Other work on the machine changes these figures a lot: the 1-minute load average says how much.
      loadAverage: +loadavg()[0].toFixed(1),
      renderSeconds: seconds(ms),
      realtimeFactor: +(videoS / (ms / 1000)).toFixed(2),
      videoSeconds: videoS,
    });
    console.log(
      `${count} worker(s): ${seconds(ms)} s for ${videoS} s of video (load ${loadavg()[0].toFixed(1)})`,
    );
  }
  const one = runs[0].renderSeconds as number;
  for (const r of runs) r.speedupOverOne = +(one / (r.renderSeconds as number)).toFixed(2);
  const results = {
    date: new Date().toISOString(),
    cpus: cpus().length,
    cpu: cpus()[0]?.model,
    pages: PAGES,
    encoderPreset: preset,
    note: 'web at WORKERS=0, N npm run worker processes with WORKER_CONCURRENCY=1 on this one machine, BullMQ, cold page cache',
    runs,
  };
  const out = process.env.BENCH_OUT || path.join(root, 'bench/results/scale-out.json');
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, JSON.stringify(results, null, 2) + '\n');
  console.log(JSON.stringify(runs));
} finally {
  for (const child of processes.reverse()) await stop(child).catch(() => undefined);
  const redis = new Redis(redisUrl);
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
    if (keys.length) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
  await redis.quit();
  rmSync(dataDir, { recursive: true, force: true });
}
