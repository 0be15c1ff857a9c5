import argon2 from 'argon2';

/** Hashes a password with argon2id (memory-hard; parameters are the library's OWASP defaults). */
export function hashPassword(plain: string): Promise<string> {
  return argon2.hash(plain, { type: argon2.argon2id });
}

/** True when the plain password matches the stored argon2 hash. */
export async function verifyPassword(hash: string, plain: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, plain);
  } catch {
    return false;
  }
}
