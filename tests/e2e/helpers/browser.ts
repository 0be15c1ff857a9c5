import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../../../screenshots');

export interface BrowserSession {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/**
 * Launches the system Chromium headless with the flags DESIGN.md lists (WebGL via SwiftShader).
 * Playwright gives every launch a fresh temporary profile of its own.
 */
export async function openBrowser(opts: { locale?: string; args?: string[] } = {}): Promise<BrowserSession> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--enable-unsafe-swiftshader',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      ...(opts.args ?? []),
    ],
  });
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    locale: opts.locale ?? 'zh-CN',
  });
  const page = await context.newPage();
  return {
    browser,
    context,
    page,
    async close() {
      await browser.close();
    },
  };
}

/** Saves a full-page screenshot under screenshots/ for people to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}
