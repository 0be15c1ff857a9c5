import type { Page } from 'playwright-core';
import { apiCall } from './apiCall';

/** Logs in as the demo account the server creates on a first start and waits for the home centre. */
export async function loginAsDemo(page: Page, serverUrl: string): Promise<void> {
  await page.goto(`${serverUrl}/home/#/login`);
  await page.fill('[data-testid="login-username"]', 'demo');
  await page.fill('[data-testid="login-password"]', 'demo123456');
  await page.click('[data-testid="login-submit"]');
  await page.waitForSelector('[data-testid="page-home"]');
}

/**
 * The demo account signed in through the login API and the cookie the app keeps its token in
 * (`jwt`, src/app/state/cookie.ts), then the home centre opened: what loginAsDemo leaves, with one
 * page load instead of two (about 1.5 s of every browser file). The login screen itself is clicked
 * through by account.test and the files that call loginAsDemo.
 */
export async function signInAsDemo(page: Page, serverUrl: string): Promise<void> {
  const answer = await apiCall(serverUrl, '/virtual/v1/login', { username: 'demo', password: 'demo123456' });
  if (answer.code !== 200) throw new Error(`demo login refused: ${answer.msg}`);
  await page
    .context()
    .addCookies([
      { name: 'jwt', value: encodeURIComponent(answer.data.token), url: serverUrl, sameSite: 'Lax' },
    ]);
  await page.goto(`${serverUrl}/home/#/`);
  await page.waitForSelector('[data-testid="page-home"]');
}
