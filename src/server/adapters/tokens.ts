import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

export interface TokenClaims {
  userId: number;
  jti: string;
  expiresAt: number;
}

/** Signs and verifies the bearer tokens (HS256 JWT with an id so a token can be revoked). */
export class TokenSigner {
  constructor(
    private readonly secret: Uint8Array,
    private readonly ttlSeconds: number,
  ) {}

  /** A new token for the user; `ttlSeconds` overrides the configured lifetime (tests use it). */
  async sign(userId: number, ttlSeconds = this.ttlSeconds): Promise<TokenClaims & { token: string }> {
    const jti = randomUUID();
    const nowSec = Math.floor(Date.now() / 1000);
    const exp = nowSec + ttlSeconds;
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(userId))
      .setJti(jti)
      .setIssuedAt(nowSec)
      .setExpirationTime(exp)
      .sign(this.secret);
    return { token, userId, jti, expiresAt: exp * 1000 };
  }

  /** The claims of a valid, unexpired token signed by us, or null for anything else. */
  async verify(token: string): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.secret, { algorithms: ['HS256'] });
      const userId = Number(payload.sub);
      if (!Number.isInteger(userId) || !payload.jti || !payload.exp) return null;
      return { userId, jti: payload.jti, expiresAt: payload.exp * 1000 };
    } catch {
      return null;
    }
  }
}
