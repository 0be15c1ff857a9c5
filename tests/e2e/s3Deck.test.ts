import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesUnder, startS3Cluster, type Cluster } from '../server/helpers/cluster';
import { pdfOfSlides } from '../server/helpers/pdfMaker';
import { testRedisUrl } from '../server/helpers/redis';
import { openBrowser, screenshot, type BrowserSession } from './helpers/browser';
import { loginAsDemo } from './helpers/login';
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
describe.skipIf(!redisUrl || !pgUrl)('a deck in S3 mode, rasterised by a worker, in Chromium', () => {
  let cluster: Cluster;
  let workerDir: string;
  let browser: BrowserSession;

  beforeAll(async () => {
    cluster = await startS3Cluster({
      secret: 's3-deck-browser-secret-s3-deck-browser-secret',
      redisUrl: redisUrl!,
      pgUrl: pgUrl!,
    });
    workerDir = cluster.startWorker().dataDir;
    browser = await openBrowser();
    await loginAsDemo(browser.page, cluster.web.url);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await cluster?.stop();
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
          cluster.checkWorkers();
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
    expect(filesUnder(path.join(cluster.web.dataDir, 'files'))).toEqual([]);
    expect(filesUnder(path.join(workerDir, 'files'))).toEqual([]);
    expect(filesUnder(path.join(workerDir, 'cache', 'objects')).map((e) => e.name)).toContain('source.pdf');
  }, 150_000);
});
