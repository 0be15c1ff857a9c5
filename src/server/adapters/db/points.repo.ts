import { countRows } from './countRows';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { PointsKind } from '../../../api/points.contract';
import type { Database, PointsLedgerTable } from './schema';

export type PointsEntryRow = Selectable<PointsLedgerTable>;

/** Attempts of a compare-and-set adjustment before giving up (only under heavy contention). */
const CAS_ATTEMPTS = 20;

/** Writes one ledger line inside the caller's transaction (also used when an account is created). */
export async function appendLedger(
  trx: Kysely<Database> | Transaction<Database>,
  line: { userId: number; delta: number; kind: PointsKind; reason: string; balanceAfter: number },
): Promise<number> {
  const row = await trx
    .insertInto('points_ledger')
    .values({
      user_id: line.userId,
      delta: line.delta,
      kind: line.kind,
      reason: line.reason,
      balance_after: line.balanceAfter,
      refunded: 0,
      created_at: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/**
 * users.points and its ledger. Every change is one conditional UPDATE plus its ledger line in the
 * same transaction, so concurrent charges can never take the balance below zero and the ledger
 * always adds up to the balance.
 */
export class PointsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async balance(userId: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('users')
      .select('points')
      .where('id', '=', userId)
      .executeTakeFirst();
    return row ? Number(row.points) : undefined;
  }

  /**
   * Takes `cost` points if the balance covers it (UPDATE ... WHERE points >= cost); answers the
   * ledger id of the charge, or undefined when the balance is short (nothing changed then).
   */
  charge(userId: number, cost: number, reason: string): Promise<number | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('users')
        .set((eb) => ({ points: eb('points', '-', cost) }))
        .where('id', '=', userId)
        .where('points', '>=', cost)
        .returning('points')
        .executeTakeFirst();
      if (!row) return undefined;
      return appendLedger(trx, {
        userId,
        delta: -cost,
        kind: 'charge',
        reason,
        balanceAfter: Number(row.points),
      });
    });
  }

  /** Gives a charge back, once: true when this call refunded it. */
  refund(chargeId: number, reason: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const charge = await trx
        .updateTable('points_ledger')
        .set({ refunded: 1 })
        .where('id', '=', chargeId)
        .where('kind', '=', 'charge')
        .where('refunded', '=', 0)
        .returning(['user_id', 'delta'])
        .executeTakeFirst();
      if (!charge) return false;
      const amount = -Number(charge.delta);
      const user = await trx
        .updateTable('users')
        .set((eb) => ({ points: eb('points', '+', amount) }))
        .where('id', '=', charge.user_id)
        .returning('points')
        .executeTakeFirstOrThrow();
      await appendLedger(trx, {
        userId: charge.user_id,
        delta: amount,
        kind: 'refund',
        reason,
        balanceAfter: Number(user.points),
      });
      return true;
    });
  }

  /**
   * Adds `delta` points (negative removes), never going below zero; answers the balance and the
   * change actually made. A compare-and-set on the old balance keeps it exact under concurrency
   * on both dialects without row-locking syntax SQLite lacks.
   */
  async adjust(
    userId: number,
    delta: number,
    kind: PointsKind,
    reason: string,
  ): Promise<{ balance: number; applied: number } | undefined> {
    for (let attempt = 0; attempt < CAS_ATTEMPTS; attempt++) {
      const done = await this.db.transaction().execute(async (trx) => {
        const current = await trx
          .selectFrom('users')
          .select('points')
          .where('id', '=', userId)
          .executeTakeFirst();
        if (!current) return { missing: true as const };
        const before = Number(current.points);
        const after = Math.max(0, before + delta);
        const updated = await trx
          .updateTable('users')
          .set({ points: after })
          .where('id', '=', userId)
          .where('points', '=', before)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) === 0) return undefined;
        if (after !== before) {
          await appendLedger(trx, { userId, delta: after - before, kind, reason, balanceAfter: after });
        }
        return { balance: after, applied: after - before };
      });
      if (done && 'missing' in done) return undefined;
      if (done) return done;
    }
    throw new Error('points adjustment kept conflicting; try again');
  }

  async count(userId: number): Promise<number> {
    return countRows(this.db.selectFrom('points_ledger').where('user_id', '=', userId));
  }

  /** One page of the user's ledger, newest first. */
  list(userId: number, offset: number, limit: number): Promise<PointsEntryRow[]> {
    return this.db
      .selectFrom('points_ledger')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
  }
}
