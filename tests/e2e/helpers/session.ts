import type { Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { openBrowser, type BrowserSession } from './browser';
import { signInAsDemo } from './login';
import { startRealServer, type RealServer } from './realServer';

/*
 * The setup every browser flow shares: the real server on a temporary data dir, Chromium, and the
 * demo account logged in, opened before the file's tests and closed after them. A file's own
 * beforeAll hooks, registered after useE2eSession, run once the session is open.
 */

/** The CSS selector of an element's `data-testid`. */
export const tid = (id: string) => `[data-testid="${id}"]`;

export interface E2eSessionOptions {
  /** Extra Chromium flags (the fake microphone, autoplay without a gesture). */
  browserArgs?: string[];
  /** Sign in as demo once the page is open (default true; signInAsDemo). A file that prepares the
   * page before logging in (a fake clock, a request listener) or tests the login itself says false. */
  login?: boolean;
  /** Server environment on top of startRealServer's (e.g. ENCODER_PRESET: '' to calibrate). */
  serverEnv?: Record<string, string>;
}

export interface E2eSession {
  server: RealServer;
  browser: BrowserSession;
  page: Page;
}

/**
 * Registers the hooks that open and close the session. The answer can be destructured right away
 * (`const { server, browser, page } = useE2eSession()`): each value stands in for the real one and
 * forwards to it once the beforeAll has made it.
 */
export function useE2eSession(options: E2eSessionOptions = {}): E2eSession {
  let server: RealServer | undefined;
  let browser: BrowserSession | undefined;
  beforeAll(async () => {
    server = await startRealServer(options.serverEnv);
    browser = await openBrowser({ args: options.browserArgs });
    if (options.login ?? true) await signInAsDemo(browser.page, server.url);
  });
  afterAll(async () => {
    // The server stops even when closing the browser reports a Content-Security-Policy violation.
    try {
      await browser?.close();
    } finally {
      await server?.stop();
    }
  });
  return {
    server: standIn('server', () => server),
    browser: standIn('browser', () => browser),
    page: standIn('page', () => browser?.page),
  };
}

/** An object that forwards every property read to `real()` (methods bound to it), which exists only later. */
function standIn<T extends object>(name: string, real: () => T | undefined): T {
  return new Proxy({} as T, {
    get(_, key) {
      const target = real();
      if (!target) {
        // Answered for `await` and inspection; anything else is a test using the session too early.
        if (key === 'then' || typeof key === 'symbol') return undefined;
        throw new Error(`the e2e session's ${name} was used before its beforeAll opened it`);
      }
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
