import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfOfSlides } from '../server/helpers/pdfMaker';
import { dropPrefix, testPrefix, testRedisUrl } from '../server/helpers/redis';
import { s3Env, startTestBucket, type TestBucket } from '../server/helpers/s3Store';
import { openBrowser, screenshot, type BrowserSession } from './helpers/browser';
import { loginAsDemo } from './helpers/login';
import { startRealServer, type RealServer } from './helpers/realServer';
import { tid } from './helpers/session';

/*
 * Issue 12 in the browser: the web server (WORKERS=0) and one `npm run worker` share PostgreSQL,
 * Redis and an S3 bucket and nothing else. A PDF chosen in PDF管理 is stored in the bucket,
 * rasterised by the worker, and its page images load in the editor from the bucket through /files.
 */

const redisUrl = await testRedisUrl();
const pgUrl = process.env.TEST_DATABASE_URL || undefined;
if (!pgUrl || !redisUrl)
  console.log('PostgreSQL (TEST_DATABASE_URL) or Redis does not answer: the S3 deck browser test is skipped');
const root = path.resolve(import.meta.dirname, '../..');

const filesUnder = (dir: string) =>
  existsSync(dir) ? readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()) : [];

describe.skipIf(!redisUrl || !pgUrl)('a deck in S3 mode, rasterised by a worker, in Chromium', () => {
  const prefix = testPrefix();
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const workerDir = mkdtempSync(path.join(tmpdir(), 'studio-worker-'));
  let bucket: TestBucket;
  let web: RealServer;
  let worker: ChildProcess | undefined;
  let workerOutput = '';
  let browser: BrowserSession;

  beforeAll(async () => {
    bucket = await startTestBucket();
    const env = {
      JWT_SECRET: 's3-deck-browser-secret-s3-deck-browser-secret',
      DATABASE_URL: pgUrl!,
      DATABASE_SCHEMA: schema,
      REDIS_URL: redisUrl!,
      REDIS_PREFIX: prefix,
      ...s3Env(bucket.config),
    };
    web = await startRealServer({ ...env, WORKERS: '0' });
    worker = spawn('npm', ['run', '-s', 'worker'], {
      cwd: root,
      detached: true,
      env: { ...process.env, ...env, DATA_DIR: workerDir, WORKER_CONCURRENCY: '1', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    worker.stdout!.on('data', (d) => (workerOutput += d));
    worker.stderr!.on('data', (d) => (workerOutput += d));
    browser = await openBrowser();
    await loginAsDemo(browser.page, web.url);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    if (worker?.exitCode === null) {
      process.kill(-worker.pid!, 'SIGTERM');
      await new Promise((r) => worker!.once('exit', r));
    }
    await web?.stop();
    await bucket?.stop();
    rmSync(workerDir, { recursive: true, force: true });
    await dropPrefix(redisUrl!, prefix);
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    await client.query(`drop schema if exists "${schema}" cascade`);
    await client.end();
  });

  it('uploads a PDF in PDF管理; the worker rasterises it and the editor shows its pages from the bucket', async () => {
    const { page } = browser;
    await page.click(`${tid('page-home')} ${tid('home-create-text')}`);
    await page.waitForSelector(tid('pdf-dialog'));
    await page.setInputFiles(tid('pdf-upload-input'), {
      name: '存储桶演示.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(pdfOfSlides(3)),
    });
    const items = page.locator(`${tid('page-strip')} [data-testid^="page-item-"]`);
    await expect
      .poll(
        async () => {
          if (worker!.exitCode !== null) throw new Error(`the worker exited:\n${workerOutput}`);
          return items.count();
        },
        { timeout: 90_000 },
      )
      .toBe(3);
    // Every page image the editor shows has loaded: the web server streamed it from the bucket.
    const thumbs = page.locator(`${tid('page-strip')} img`);
    await expect
      .poll(() =>
        thumbs.evaluateAll((imgs) =>
          imgs.map((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0),
        ),
      )
      .toEqual([true, true, true]);
    const src = await thumbs.first().getAttribute('src');
    expect(src).toContain('/files/');
    await screenshot(page, 's3-deck-editor');

    // The web server stored nothing of its own; the worker only keeps local copies of what it read.
    expect(filesUnder(path.join(web.dataDir, 'files'))).toEqual([]);
    expect(filesUnder(path.join(workerDir, 'files'))).toEqual([]);
    expect(filesUnder(path.join(workerDir, 'cache', 'objects')).map((e) => e.name)).toContain('source.pdf');
  }, 150_000);
});
