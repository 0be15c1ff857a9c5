import type { FastifyInstance } from 'fastify';
import { textToSpeechEndpoint, textToSpeechRequest } from '../../api/speech.contract';
import type { AuthService } from '../services/auth.service';
import type { SpeechService } from '../services/speech.service';
import { ok, parse } from '../http/envelope';
import { caller, requireUser } from '../http/authenticate';

/** Text-to-speech for narration (spec section 7 "Voices"). */
export async function speechRoutes(app: FastifyInstance, opts: { auth: AuthService; speech: SpeechService }) {
  app.addHook('onRequest', requireUser(opts.auth));
  app.post(textToSpeechEndpoint.path, async (request) =>
    ok(await opts.speech.textToSpeech(caller(request).userId, parse(textToSpeechRequest, request.body))),
  );
}
