import type { FastifyInstance } from 'fastify';
import { characterListEndpoint, voiceListEndpoint } from '../../api/library.contract';
import type { AuthService } from '../services/auth.service';
import type { LibraryService } from '../services/library.service';
import type { VoiceService } from '../services/voice.service';
import type { PresenterService } from '../services/presenter.service';
import { ok } from '../http/envelope';
import { caller, requireUser } from '../http/authenticate';
import { route } from '../http/route';

/** Presenters and voices the user may choose from (spec section 7); scenes are in scene.routes.ts. */
export async function libraryRoutes(
  app: FastifyInstance,
  opts: { auth: AuthService; library: LibraryService; voices?: VoiceService; presenters?: PresenterService },
) {
  const { library } = opts;
  app.addHook('onRequest', requireUser(opts.auth));
  route(app, characterListEndpoint, async (body, request) =>
    ok(await library.listCharactersFor(caller(request).userId, body, opts.presenters)),
  );
  route(app, voiceListEndpoint, async (body, request) => {
    // isPublic 2: the caller's own voices (我的音色), every training state; the editor shows ready ones.
    if (body.isPublic === 2 && opts.voices) return ok(await opts.voices.list(caller(request).userId, body));
    return ok(library.listVoices(body));
  });
}
