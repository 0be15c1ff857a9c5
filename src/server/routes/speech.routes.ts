import type { FastifyInstance } from 'fastify';
import { textToSpeechEndpoint } from '../../api/speech.contract';
import type { AuthService } from '../services/auth.service';
import type { SpeechService } from '../services/speech.service';
import { ok } from '../http/envelope';
import { caller, requireUser } from '../http/authenticate';
import { route } from '../http/route';

/** Text-to-speech for narration (spec section 7 "Voices"). */
export async function speechRoutes(app: FastifyInstance, opts: { auth: AuthService; speech: SpeechService }) {
  app.addHook('onRequest', requireUser(opts.auth));
  route(app, textToSpeechEndpoint, async (body, request) =>
    ok(await opts.speech.textToSpeech(caller(request).userId, body)),
  );
}
