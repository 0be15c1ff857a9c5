import { describe, expect, it } from 'vitest';
import { passwords } from '../../../src/server/adapters/passwords';
import { passwordCostFromEnv } from '../../../src/server/config';

describe('password hashes', () => {
  it('are argon2id at the library’s OWASP cost unless told otherwise, and check the password', async () => {
    const standard = passwords();
    const hash = await standard.hash('secret123');
    // m=64 MiB, three passes, four lanes: what a production server stores.
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=65536,p=4,t=3\$/);
    expect(await standard.verify(hash, 'secret123')).toBe(true);
    expect(await standard.verify(hash, 'secret124')).toBe(false);
    expect(await standard.verify('not a hash', 'secret123')).toBe(false);
  }, 30_000); // four argon2 runs at 64 MiB: over 5 s on a 2-core machine busy with the server tests

  it('are light for test servers, and either cost verifies the other’s hashes (they carry their parameters)', async () => {
    const light = passwords('light');
    const hash = await light.hash('secret123');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=1024,p=1,t=1\$/);
    expect(await passwords().verify(hash, 'secret123')).toBe(true);
    expect(await light.verify(await passwords().hash('demo123456'), 'demo123456')).toBe(true);
  }, 30_000);

  it('PASSWORD_HASH=light is refused in production and a wrong value stops the start', () => {
    expect(passwordCostFromEnv(undefined, true)).toBe('standard');
    expect(passwordCostFromEnv('standard', true)).toBe('standard');
    expect(passwordCostFromEnv('light', false)).toBe('light');
    expect(() => passwordCostFromEnv('light', true)).toThrow('cannot be used with NODE_ENV=production');
    expect(() => passwordCostFromEnv('cheap', false)).toThrow('PASSWORD_HASH must be standard or light');
  });
});
