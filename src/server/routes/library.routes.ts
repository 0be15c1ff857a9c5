import type { FastifyInstance } from 'fastify';
import {
  characterListEndpoint,
  characterListRequest,
  voiceListEndpoint,
  voiceListRequest,
} from '../../api/library.contract';
import type { AuthService } from '../services/auth.service';
import type { LibraryService } from '../services/library.service';
import { ok, parse } from '../http/envelope';
import { requireUser } from '../http/authenticate';

/** Presenters and voices the user may choose from (spec section 7); scenes are in scene.routes.ts. */
export async function libraryRoutes(
  app: FastifyInstance,
  opts: { auth: AuthService; library: LibraryService },
) {
  const { library } = opts;
  app.addHook('onRequest', requireUser(opts.auth));
  app.post(characterListEndpoint.path, async (request) =>
    ok(library.listCharacters(parse(characterListRequest, request.body))),
  );
  app.post(voiceListEndpoint.path, async (request) =>
    ok(library.listVoices(parse(voiceListRequest, request.body))),
  );
}
