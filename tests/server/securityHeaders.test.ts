import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/testServer';

/*
 * Issue 11: every response carries the browser policy: no framing by other sites, scripts only
 * from this origin and never eval, no referrer leaving the site. tests/e2e/securityPolicy.test.ts
 * runs the app under it in Chromium with the console free of violations.
 */

describe('security headers', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer('sqlite');
  });
  afterAll(async () => {
    await t.stop();
  });

  it.each(['/home/', '/virtual/v1/userPro/list', '/files/u/1/nothing.png'])('are on %s', async (url) => {
    const res = await t.server.http.inject({ method: url.startsWith('/virtual') ? 'POST' : 'GET', url });
    const csp = String(res.headers['content-security-policy']);
    for (const directive of [
      "default-src 'self'",
      "script-src 'self' blob:",
      "object-src 'none'",
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "worker-src 'self' blob:",
    ])
      expect(csp).toContain(directive);
    expect(csp).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('same-origin');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
