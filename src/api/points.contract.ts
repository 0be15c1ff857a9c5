import { z } from 'zod';
import type { PageOf } from './library.contract';
import { defineEndpoint, envelopeOf } from './endpoint';

/*
 * 积分 (spec 1 "A user has a points balance"): synthesis costs one point per started minute of the
 * project, charged when the render is queued and given back when it is cancelled or fails.
 */

/** Points every new account starts with. */
export const STARTING_POINTS = 1000;
/** Ledger page size of the 积分 dialog. */
export const POINTS_PAGE_SIZE = 10;

/** Why the balance changed: grant (new account), charge (synthesis), refund, admin (operator CLI). */
export type PointsKind = 'grant' | 'charge' | 'refund' | 'admin';

export const pointsMessages = {
  /** The spec's refusal when the balance does not cover a synthesis. */
  insufficient: (needed: number, balance: number) =>
    `积分不足：本次合成需要 ${needed} 积分，当前余额 ${balance} 积分`,
} as const;

/** One line of the ledger. */
export interface PointsEntry {
  id: number;
  createdAt: number;
  /** Positive when points were added, negative when spent. */
  delta: number;
  kind: PointsKind;
  /** Detail: the project name of a charge or refund, the operator's note. */
  reason: string;
  balanceAfter: number;
}

/** POST /api/v1/user/points: the caller's balance and one page of the ledger, newest first. */
export const pointsLedgerRequest = z.object({
  pageIndex: z.coerce.number<number>().int().min(1).default(1),
  pageSize: z.coerce.number<number>().int().min(1).max(100).default(POINTS_PAGE_SIZE),
});
export const pointsLedgerEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/v1/user/points',
  request: pointsLedgerRequest,
  response: envelopeOf<PointsLedgerData>(),
});
export interface PointsLedgerData extends PageOf<PointsEntry> {
  balance: number;
}

/** Points a synthesis of this many seconds costs: one per started minute, at least one. */
export function synthesisCost(totalSeconds: number): number {
  return Math.max(1, Math.ceil(Math.max(0, totalSeconds) / 60 - 1e-9));
}
