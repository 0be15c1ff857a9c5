import argon2, { type HashOptions } from 'argon2';

/**
 * How dear a password hash is. `standard`: argon2id with the library's OWASP defaults (64 MiB,
 * three passes; about 0.3 s of CPU a hash here). `light`: 1 MiB and one pass, for test servers
 * only (PASSWORD_HASH=light, refused in production): the suite creates users and logs in some
 * thousand times, and with the standard cost that was minutes of its CPU time.
 */
export type PasswordCost = 'standard' | 'light';

const LIGHT = { memoryCost: 1024, timeCost: 1, parallelism: 1 } as const;

/** Hashing and checking passwords. A hash records its own parameters, so either cost verifies any hash. */
export interface Passwords {
  hash(plain: string): Promise<string>;
  /** True when the plain password matches the stored argon2 hash. */
  verify(hash: string, plain: string): Promise<boolean>;
}

export function passwords(cost: PasswordCost = 'standard'): Passwords {
  const options: HashOptions = { type: argon2.argon2id, ...(cost === 'light' ? LIGHT : {}) };
  return {
    hash: (plain) => argon2.hash(plain, options),
    async verify(hash, plain) {
      try {
        return await argon2.verify(hash, plain);
      } catch {
        return false;
      }
    },
  };
}
