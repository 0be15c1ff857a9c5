import type { FastifyInstance } from 'fastify';
import { pointsLedgerEndpoint } from '../../api/points.contract';
import type { AuthService } from '../services/auth.service';
import type { PointsService } from '../services/points.service';
import { ok } from '../http/envelope';
import { caller, requireUser } from '../http/authenticate';
import { route } from '../http/route';

/** POST /api/v1/user/points: the caller's balance and ledger (the user menu's 积分). */
export async function pointsRoutes(app: FastifyInstance, opts: { auth: AuthService; points: PointsService }) {
  app.addHook('onRequest', requireUser(opts.auth));
  route(app, pointsLedgerEndpoint, async ({ pageIndex, pageSize }, request) =>
    ok(await opts.points.ledger(caller(request).userId, pageIndex, pageSize)),
  );
}
