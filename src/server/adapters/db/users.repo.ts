import { countRows } from './countRows';
import type { Kysely, Selectable, Transaction } from 'kysely';
import { appendLedger } from './points.repo';
import type { Database, UsersTable } from './schema';

export type UserRow = Selectable<UsersTable>;

/** Account rows: the only code that reads or writes the users table. */
export class UsersRepo {
  constructor(private readonly db: Kysely<Database>) {}

  findByName(username: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
  }

  findById(id: number): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async count(): Promise<number> {
    return countRows(this.db.selectFrom('users'));
  }

  async insert(user: {
    username: string;
    passwordHash: string;
    nickname: string;
    roles: string[];
    points: number;
  }): Promise<number> {
    // The starting grant is the ledger's first line, written with the account so they always agree.
    return this.db.transaction().execute(async (trx) => {
      const id = await this.insertRow(trx, user);
      if (user.points > 0) {
        await appendLedger(trx, {
          userId: id,
          delta: user.points,
          kind: 'grant',
          reason: '',
          balanceAfter: user.points,
        });
      }
      return id;
    });
  }

  private async insertRow(
    trx: Transaction<Database>,
    user: { username: string; passwordHash: string; nickname: string; roles: string[]; points: number },
  ): Promise<number> {
    const row = await trx
      .insertInto('users')
      .values({
        username: user.username,
        password_hash: user.passwordHash,
        nickname: user.nickname,
        avatar: null,
        points: user.points,
        introduction: '',
        roles: JSON.stringify(user.roles),
        quanxian: JSON.stringify([]),
        created_at: Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  async setPasswordHash(id: number, hash: string): Promise<void> {
    await this.db.updateTable('users').set({ password_hash: hash }).where('id', '=', id).execute();
  }

  async setAvatar(id: number, key: string): Promise<void> {
    await this.db.updateTable('users').set({ avatar: key }).where('id', '=', id).execute();
  }
}
