import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS } from '../../../measure/chromium';

export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../../../screenshots');

export interface BrowserSession {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Content-Security-Policy violations any page of the session reported so far. */
  cspViolations: string[];
  /** Closes the session's context; fails when any page broke the app's Content-Security-Policy.
   * Closing again (a test that closes it to check the whole session, then the session's afterAll)
   * does nothing. */
  close(): Promise<void>;
}

const CSP_REFUSAL = /Content Security Policy|securitypolicyviolation/i;

/** Chromium, launched once per flag set and test process (the e2e files run one after another in one). */
const launched = new Map<string, Promise<Browser>>();

/**
 * The system Chromium with the flags DESIGN.md lists (CHROMIUM_FLAGS), launched
 * the first time a test process asks for these extra flags and kept for the next file: a launch
 * cost about 2 s of every browser file. Playwright closes it when the process ends.
 */
function chromiumWith(args: readonly string[]): Promise<Browser> {
  const key = JSON.stringify(args);
  let browser = launched.get(key);
  if (!browser) {
    browser = chromium.launch({
      executablePath: CHROMIUM,
      args: [...CHROMIUM_FLAGS, ...args],
    });
    // A failed launch is tried again by the next file rather than remembered.
    browser.catch(() => launched.delete(key));
    launched.set(key, browser);
  }
  return browser;
}

/**
 * A fresh browser context (its own cookies, storage and cache, as a new profile would have) with
 * one page, in the process's Chromium for these flags.
 */
export async function openBrowser(opts: { locale?: string; args?: string[] } = {}): Promise<BrowserSession> {
  const browser = await chromiumWith(opts.args ?? []);
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    locale: opts.locale ?? 'zh-CN',
  });
  // Every flow doubles as a check of the policy: a refused script, style, image, media, worker or
  // eval shows up as a console error in the page or one of its workers.
  const cspViolations: string[] = [];
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(
        `securitypolicyviolation ${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      ),
    );
  });
  context.on('console', (message) => {
    if (message.type() === 'error' && CSP_REFUSAL.test(message.text())) cspViolations.push(message.text());
  });
  const page = await context.newPage();
  let closed = false;
  return {
    browser,
    context,
    page,
    cspViolations,
    async close() {
      if (closed) return;
      closed = true;
      await context.close();
      if (cspViolations.length) {
        throw new Error(`Content-Security-Policy violations:\n${cspViolations.join('\n')}`);
      }
    },
  };
}

/** Saves a full-page screenshot under screenshots/ for people to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}

/** The laptop sizes every touched screen is looked at in (issue reviews ask for both). */
export const LAPTOP_SIZES = [
  { width: 1600, height: 900 },
  { width: 1280, height: 720 },
] as const;

/**
 * Photographs the screen at both laptop sizes as `${name}-WxH`; nothing may overflow sideways or
 * read undefined/NaN. The viewport goes back to the session's size afterwards.
 */
export async function photographAtLaptopSizes(page: Page, name: string): Promise<void> {
  const before = page.viewportSize();
  for (const size of LAPTOP_SIZES) {
    await page.setViewportSize(size);
    await page.waitForTimeout(150);
    await screenshot(page, `${name}-${size.width}x${size.height}`);
    const { text, overflow } = await page.evaluate(() => ({
      text: document.body.innerText,
      overflow: document.documentElement.scrollWidth - window.innerWidth,
    }));
    if (/undefined|NaN/.test(text))
      throw new Error(`${name} at ${size.width}x${size.height} reads undefined/NaN`);
    if (overflow > 0) throw new Error(`${name} at ${size.width}x${size.height} overflows by ${overflow}px`);
  }
  if (before) await page.setViewportSize(before);
}
