import { rm } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import {
  deleteVoiceEndpoint,
  redoEndpoint,
  SAMPLE_MAX_BYTES,
  textToWavEndpoint,
  timbreMessages,
  upTimbEndpoint,
  upTimbFields,
  wavPathEndpoint,
} from '../../api/timbre.contract';
import type { AuthService } from '../services/auth.service';
import type { VoiceService } from '../services/voice.service';
import type { VoiceSpeechService } from '../services/voiceSpeech.service';
import type { FileStore } from '../adapters/files';
import { ok, parse } from '../http/envelope';
import { caller, requireUser } from '../http/authenticate';
import { route, uploadRoute } from '../http/route';
import { receiveUpload } from '../http/upload';

/** /notice/v1/timbre/*: the caller's private voices and their text-to-speech tasks (spec section 7). */
export async function voiceRoutes(
  app: FastifyInstance,
  opts: { auth: AuthService; voices: VoiceService; voiceSpeech: VoiceSpeechService; files: FileStore },
) {
  const { voices, voiceSpeech, files } = opts;
  app.addHook('onRequest', requireUser(opts.auth));

  uploadRoute(app, upTimbEndpoint, async (request) => {
    const upload = await receiveUpload(request, files, {
      field: upTimbEndpoint.fileField,
      maxBytes: SAMPLE_MAX_BYTES,
      tooLargeMessage: timbreMessages.sampleTooLarge,
      missingMessage: timbreMessages.sampleMissing,
    });
    let form;
    try {
      form = parse(upTimbFields, upload.fields);
    } catch (error) {
      await rm(upload.tempFile, { force: true });
      throw error;
    }
    return ok(await voices.create(caller(request).userId, form, upload), timbreMessages.created);
  });
  route(app, redoEndpoint, async ({ id }, request) =>
    ok(await voices.redo(caller(request).userId, id), timbreMessages.redo),
  );
  route(app, deleteVoiceEndpoint, async ({ id, force }, request) => {
    await voices.delete(caller(request).userId, id, force);
    return ok(null, timbreMessages.deleted);
  });
  route(app, textToWavEndpoint, async (body, request) =>
    ok(await voiceSpeech.start(caller(request).userId, body)),
  );
  // The task's own envelope: 200 done, 201 failed, 202 pending.
  route(app, wavPathEndpoint, async ({ taskId }, request) =>
    voiceSpeech.status(caller(request).userId, taskId),
  );
}
