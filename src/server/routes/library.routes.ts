import type { FastifyInstance } from 'fastify';
import {
  characterListEndpoint,
  characterListRequest,
  voiceListEndpoint,
  voiceListRequest,
} from '../../api/library.contract';
import type { AuthService } from '../services/auth.service';
import type { LibraryService } from '../services/library.service';
import type { VoiceService } from '../services/voice.service';
import type { PresenterService } from '../services/presenter.service';
import { ok, parse } from '../http/envelope';
import { caller, requireUser } from '../http/authenticate';

/** Presenters and voices the user may choose from (spec section 7); scenes are in scene.routes.ts. */
export async function libraryRoutes(
  app: FastifyInstance,
  opts: { auth: AuthService; library: LibraryService; voices?: VoiceService; presenters?: PresenterService },
) {
  const { library } = opts;
  app.addHook('onRequest', requireUser(opts.auth));
  app.post(characterListEndpoint.path, async (request) =>
    ok(
      await library.listCharactersFor(
        caller(request).userId,
        parse(characterListRequest, request.body),
        opts.presenters,
      ),
    ),
  );
  app.post(voiceListEndpoint.path, async (request) => {
    const req = parse(voiceListRequest, request.body);
    // isPublic 2: the caller's own voices (我的音色), every training state; the editor shows ready ones.
    if (req.isPublic === 2 && opts.voices) return ok(await opts.voices.list(caller(request).userId, req));
    return ok(library.listVoices(req));
  });
}
