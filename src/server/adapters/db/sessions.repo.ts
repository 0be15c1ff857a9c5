import type { Kysely } from 'kysely';
import type { Database } from './schema';

/** Issued tokens by id, so a token can be revoked before it expires. */
export class SessionsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async create(jti: string, userId: number, expiresAt: number): Promise<void> {
    await this.db
      .insertInto('sessions')
      .values({ jti, user_id: userId, created_at: Date.now(), expires_at: expiresAt, revoked_at: null })
      .execute();
  }

  /** True when the token id was issued to this user, is not revoked and has not expired. */
  async isActive(jti: string, userId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('sessions')
      .select(['user_id', 'expires_at', 'revoked_at'])
      .where('jti', '=', jti)
      .executeTakeFirst();
    return !!row && row.user_id === userId && row.revoked_at === null && row.expires_at > Date.now();
  }

  async revoke(jti: string): Promise<void> {
    await this.db.updateTable('sessions').set({ revoked_at: Date.now() }).where('jti', '=', jti).execute();
  }

  /** Revokes every session of the user except `keepJti` (after a password change). */
  async revokeOthers(userId: number, keepJti: string): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ revoked_at: Date.now() })
      .where('user_id', '=', userId)
      .where('jti', '!=', keepJti)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** Drops sessions that expired more than a day ago; keeps the table small. */
  async prune(nowMs = Date.now()): Promise<void> {
    await this.db
      .deleteFrom('sessions')
      .where('expires_at', '<', nowMs - 86_400_000)
      .execute();
  }
}
