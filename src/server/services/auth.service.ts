import { randomUUID } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import { Code } from '../../api/envelope';
import type { CaptchaData, LoginRequest } from '../../api/auth.contract';
import type { UsersRepo } from '../adapters/db/users.repo';
import type { SessionsRepo } from '../adapters/db/sessions.repo';
import type { LoginGuardRepo } from '../adapters/db/loginGuard.repo';
import type { TokenSigner } from '../adapters/tokens';
import type { Passwords } from '../adapters/passwords';
import { ApiError } from '../http/envelope';

const FAILURE_WINDOW_MS = 15 * 60_000;
const CAPTCHA_TTL_MS = 5 * 60_000;

/** Logging in and out, captchas after repeated failures, and checking bearer tokens. */
export class AuthService {
  // Verifying against a real hash when the user does not exist keeps the response time the same,
  // so timing does not reveal which usernames exist.
  private readonly dummyHash: Promise<string>;

  constructor(
    private readonly users: UsersRepo,
    private readonly sessions: SessionsRepo,
    private readonly guard: LoginGuardRepo,
    private readonly tokens: TokenSigner,
    private readonly captchaAfterFailures: number,
    private readonly passwords: Passwords,
  ) {
    this.dummyHash = passwords.hash(randomUUID());
  }

  /** A new captcha challenge; the answer stays on the server for one try within 5 minutes. */
  async captcha(): Promise<CaptchaData> {
    const challenge = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1ilI', background: '#f4f6fb' });
    const captchaId = randomUUID();
    await this.guard.saveCaptcha(captchaId, challenge.text.toLowerCase(), Date.now() + CAPTCHA_TTL_MS);
    return { captchaId, svg: challenge.data };
  }

  /** Checks the credentials (and the captcha once it is required) and issues a token. */
  async login(req: LoginRequest, address: string): Promise<{ token: string }> {
    const keys = [`user:${req.username.toLowerCase()}`, `ip:${address}`];
    if (await this.captchaRequired(keys)) await this.checkCaptcha(req);

    const user = await this.users.findByName(req.username);
    const valid = await this.passwords.verify(user?.password_hash ?? (await this.dummyHash), req.password);
    if (!user || !valid) {
      await Promise.all(keys.map((k) => this.guard.recordFailure(k, FAILURE_WINDOW_MS)));
      const captchaRequired = await this.captchaRequired(keys);
      throw new ApiError(Code.badRequest, '用户名或密码错误', { captchaRequired });
    }
    await this.guard.clearFailures(keys);
    const signed = await this.tokens.sign(user.id);
    await this.sessions.create(signed.jti, user.id, signed.expiresAt);
    return { token: signed.token };
  }

  /** The session behind a bearer token, or null when it is forged, expired or revoked. */
  async authenticate(token: string): Promise<{ userId: number; jti: string } | null> {
    const claims = await this.tokens.verify(token);
    if (!claims || !(await this.sessions.isActive(claims.jti, claims.userId))) return null;
    return { userId: claims.userId, jti: claims.jti };
  }

  /** Revokes the token so it can never be used again. */
  async logout(jti: string): Promise<void> {
    await this.sessions.revoke(jti);
  }

  private async captchaRequired(keys: string[]): Promise<boolean> {
    const counts = await Promise.all(keys.map((k) => this.guard.failures(k, FAILURE_WINDOW_MS)));
    return Math.max(...counts) >= this.captchaAfterFailures;
  }

  private async checkCaptcha(req: LoginRequest): Promise<void> {
    if (!req.captchaId || !req.captchaCode) {
      throw new ApiError(Code.captchaRequired, '请输入验证码', { captchaRequired: true });
    }
    const answer = await this.guard.takeCaptcha(req.captchaId);
    if (!answer || answer !== req.captchaCode.trim().toLowerCase()) {
      throw new ApiError(Code.captchaRequired, '验证码错误', { captchaRequired: true });
    }
  }
}
