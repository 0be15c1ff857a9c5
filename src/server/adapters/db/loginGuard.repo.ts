import type { Kysely } from 'kysely';
import type { Database } from './schema';

/** Captcha answers and failed-login counters, kept in the database so every replica agrees. */
export class LoginGuardRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async saveCaptcha(id: string, answer: string, expiresAt: number): Promise<void> {
    await this.db.deleteFrom('captchas').where('expires_at', '<', Date.now()).execute();
    await this.db.insertInto('captchas').values({ id, answer, expires_at: expiresAt }).execute();
  }

  /** Returns the stored answer and deletes it: every captcha can be tried once. */
  async takeCaptcha(id: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('captchas')
      .select(['answer', 'expires_at'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return null;
    await this.db.deleteFrom('captchas').where('id', '=', id).execute();
    return row.expires_at > Date.now() ? row.answer : null;
  }

  /** Failures recorded for a key within the window. */
  async failures(key: string, windowMs: number): Promise<number> {
    const row = await this.db
      .selectFrom('login_failures')
      .select(['count', 'updated_at'])
      .where('key', '=', key)
      .executeTakeFirst();
    return row && row.updated_at > Date.now() - windowMs ? row.count : 0;
  }

  async recordFailure(key: string, windowMs: number): Promise<void> {
    const current = await this.failures(key, windowMs);
    const now = Date.now();
    await this.db
      .insertInto('login_failures')
      .values({ key, count: current + 1, updated_at: now })
      .onConflict((oc) => oc.column('key').doUpdateSet({ count: current + 1, updated_at: now }))
      .execute();
  }

  async clearFailures(keys: string[]): Promise<void> {
    if (keys.length) await this.db.deleteFrom('login_failures').where('key', 'in', keys).execute();
  }
}
