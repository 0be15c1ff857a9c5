import type { Page } from 'playwright-core';

/** Logs in as the demo account the server creates on a first start and waits for the home centre. */
export async function loginAsDemo(page: Page, serverUrl: string): Promise<void> {
  await page.goto(`${serverUrl}/home/#/login`);
  await page.fill('[data-testid="login-username"]', 'demo');
  await page.fill('[data-testid="login-password"]', 'demo123456');
  await page.click('[data-testid="login-submit"]');
  await page.waitForSelector('[data-testid="page-home"]');
}
