import { randomBytes } from 'node:crypto';
import { Code } from '../../api/envelope';
import { STARTING_POINTS } from '../../api/points.contract';
import type { PasswordRequest, ProfileData } from '../../api/user.contract';
import {
  AVATAR_MIN_HEIGHT,
  AVATAR_MIN_WIDTH,
  avatarMessages,
  checkNewPassword,
  checkPasswordForm,
} from '../../model/account';
import type { UsersRepo } from '../adapters/db/users.repo';
import type { SessionsRepo } from '../adapters/db/sessions.repo';
import type { LoginGuardRepo } from '../adapters/db/loginGuard.repo';
import { discard, type FileStore } from '../adapters/files';
import { writePng } from '../adapters/images';
import { requireImage } from './uploadedImage';
import type { Passwords } from '../adapters/passwords';
import { ApiError } from '../http/envelope';

const USERNAME_PATTERN = /^[A-Za-z0-9_.\-\u4e00-\u9fa5]{2,32}$/;
export const DEMO_USER = { username: 'demo', password: 'demo123456' } as const;

/** Wrong old passwords allowed in a window before password changes are refused for a while. */
export const PASSWORD_FAILURES_ALLOWED = 5;
export const PASSWORD_FAILURE_WINDOW_MS = 15 * 60_000;
export const passwordMessages = {
  wrongOld: '原密码错误',
  throttled: '原密码错误次数过多，请 15 分钟后再试',
} as const;

/** The user's own account: profile, password, avatar; and creating accounts for operators. */
export class AccountService {
  constructor(
    private readonly users: UsersRepo,
    private readonly sessions: SessionsRepo,
    private readonly files: FileStore,
    /** Counts wrong old passwords, as logins count wrong passwords. */
    private readonly guard: LoginGuardRepo,
    private readonly passwords: Passwords,
  ) {}

  /** What the navigation bar and the route guard need to know about the caller. */
  async profile(userId: number): Promise<ProfileData> {
    const user = await this.users.findById(userId);
    if (!user) throw new ApiError(Code.loggedOut, '用户不存在，请重新登录');
    return {
      roles: JSON.parse(user.roles) as string[],
      quanxian: JSON.parse(user.quanxian) as string[],
      introduction: user.introduction,
      user: {
        userId: user.id,
        username: user.username,
        nickname: user.nickname,
        avatar: user.avatar ? this.files.signedUrl(user.avatar) : '',
        points: user.points,
      },
    };
  }

  /** Changes the password after checking every rule; other sessions of the user are signed out. */
  async changePassword(userId: number, jti: string, form: PasswordRequest): Promise<void> {
    const problem = checkPasswordForm(form)[0];
    if (problem) throw new ApiError(Code.badRequest, problem);
    // A stolen session must not be able to guess the old password: after 5 wrong tries in 15
    // minutes every try is refused until the window has passed, even a right one.
    const key = `pwd:user:${userId}`;
    if ((await this.guard.failures(key, PASSWORD_FAILURE_WINDOW_MS)) >= PASSWORD_FAILURES_ALLOWED)
      throw new ApiError(Code.tooManyRequests, passwordMessages.throttled, undefined, 429);
    const user = await this.users.findById(userId);
    if (!user || !(await this.passwords.verify(user.password_hash, form.oldPassword))) {
      await this.guard.recordFailure(key, PASSWORD_FAILURE_WINDOW_MS);
      throw new ApiError(Code.badRequest, passwordMessages.wrongOld);
    }
    await this.guard.clearFailures([key]);
    await this.users.setPasswordHash(userId, await this.passwords.hash(form.newPassword));
    await this.sessions.revokeOthers(userId, jti);
  }

  /**
   * Stores an uploaded avatar (already size-limited while streaming) after checking by content that
   * it is an image of at least 200x199 px; the temp file is always removed.
   */
  async setAvatar(userId: number, tempFile: string): Promise<string> {
    const output = await this.files.tempPath('.png');
    try {
      const info = await requireImage(tempFile, avatarMessages.notImage);
      if (info.width < AVATAR_MIN_WIDTH || info.height < AVATAR_MIN_HEIGHT) {
        throw new ApiError(Code.badRequest, avatarMessages.tooSmall);
      }
      await writePng(tempFile, output, 512);
      const key = `avatars/${userId}-${randomBytes(8).toString('hex')}.png`;
      await this.files.commit(output, key);
      const previous = (await this.users.findById(userId))?.avatar;
      await this.users.setAvatar(userId, key);
      if (previous) await this.files.remove(previous);
      return this.files.signedUrl(key);
    } finally {
      await discard(tempFile, output);
    }
  }

  /** Creates an account (operator CLI, first-start demo user, tests). */
  async createUser(username: string, password: string, roles: string[] = ['user']): Promise<number> {
    if (!USERNAME_PATTERN.test(username)) {
      throw new ApiError(Code.badRequest, '用户名需为 2-32 位字母、数字、中文或 _ . -');
    }
    const problem = checkNewPassword(password);
    if (problem) throw new ApiError(Code.badRequest, problem);
    if (await this.users.findByName(username)) throw new ApiError(Code.conflict, '用户名已存在');
    return this.users.insert({
      username,
      passwordHash: await this.passwords.hash(password),
      nickname: username,
      roles,
      points: STARTING_POINTS,
    });
  }

  /** On a first start outside production, creates the demo account; true when it did. */
  async ensureDemoUser(production: boolean): Promise<boolean> {
    if (production || (await this.users.count()) > 0) return false;
    await this.createUser(DEMO_USER.username, DEMO_USER.password);
    return true;
  }
}
