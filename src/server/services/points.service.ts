import { Code } from '../../api/envelope';
import {
  pointsMessages,
  type PointsEntry,
  type PointsKind,
  type PointsLedgerData,
} from '../../api/points.contract';
import type { PointsRepo } from '../adapters/db/points.repo';
import type { UsersRepo } from '../adapters/db/users.repo';
import { ApiError } from '../http/envelope';

/**
 * 积分: the balance (users.points) and its ledger. A synthesis is charged when its render is queued;
 * a cancelled or failed render gives the charge back once (a finished one keeps it).
 */
export class PointsService {
  constructor(
    private readonly points: PointsRepo,
    private readonly users: UsersRepo,
  ) {}

  /** The balance and one page of the ledger, newest first. */
  async ledger(userId: number, pageIndex: number, pageSize: number): Promise<PointsLedgerData> {
    const [balance, count, rows] = await Promise.all([
      this.points.balance(userId),
      this.points.count(userId),
      this.points.list(userId, (pageIndex - 1) * pageSize, pageSize),
    ]);
    const list: PointsEntry[] = rows.map((row) => ({
      id: row.id,
      createdAt: Number(row.created_at),
      delta: row.delta,
      kind: row.kind as PointsKind,
      reason: row.reason,
      balanceAfter: row.balance_after,
    }));
    return { balance: balance ?? 0, list, count, pageIndex, pageSize };
  }

  /** Takes `cost` points or refuses with 积分不足 (nothing changes then); answers the charge's id. */
  async charge(userId: number, cost: number, reason: string): Promise<number> {
    const chargeId = await this.points.charge(userId, cost, reason);
    if (chargeId === undefined) {
      const balance = (await this.points.balance(userId)) ?? 0;
      throw new ApiError(Code.badRequest, pointsMessages.insufficient(cost, balance));
    }
    return chargeId;
  }

  /** Gives a charge back (only the first call for a charge does anything). */
  refund(chargeId: number, reason: string): Promise<boolean> {
    return this.points.refund(chargeId, reason);
  }

  /**
   * Operator adjustment by user name (`npm run user -- points <name> <delta>`): never below zero.
   * Answers the new balance and the change actually made.
   */
  async adjustByName(username: string, delta: number): Promise<{ balance: number; applied: number }> {
    if (!Number.isSafeInteger(delta)) throw new ApiError(Code.badRequest, '积分变动必须是整数');
    const user = await this.users.findByName(username);
    if (!user) throw new ApiError(Code.notFound, '用户不存在');
    const result = await this.points.adjust(user.id, delta, 'admin', '');
    if (!result) throw new ApiError(Code.notFound, '用户不存在');
    return result;
  }
}
