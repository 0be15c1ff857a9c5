import { rm } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import {
  deleteVoiceEndpoint,
  voiceDeleteRequest,
  redoEndpoint,
  SAMPLE_MAX_BYTES,
  textToWavEndpoint,
  textToWavRequest,
  timbreMessages,
  upTimbEndpoint,
  upTimbFields,
  voiceIdRequest,
  wavPathEndpoint,
  wavPathRequest,
} from '../../api/timbre.contract';
import type { AuthService } from '../services/auth.service';
import type { VoiceService } from '../services/voice.service';
import type { VoiceSpeechService } from '../services/voiceSpeech.service';
import type { FileStore } from '../adapters/files';
import { ok, parse } from '../http/envelope';
import { caller, requireUser } from '../http/authenticate';
import { receiveUpload } from '../http/upload';

/** /notice/v1/timbre/*: the caller's private voices and their text-to-speech tasks (spec section 7). */
export async function voiceRoutes(
  app: FastifyInstance,
  opts: { auth: AuthService; voices: VoiceService; voiceSpeech: VoiceSpeechService; files: FileStore },
) {
  const { voices, voiceSpeech, files } = opts;
  app.addHook('onRequest', requireUser(opts.auth));

  app.post(upTimbEndpoint.path, async (request) => {
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
  app.post(redoEndpoint.path, async (request) =>
    ok(
      await voices.redo(caller(request).userId, parse(voiceIdRequest, request.body).id),
      timbreMessages.redo,
    ),
  );
  app.post(deleteVoiceEndpoint.path, async (request) => {
    const { id, force } = parse(voiceDeleteRequest, request.body);
    await voices.delete(caller(request).userId, id, force);
    return ok(null, timbreMessages.deleted);
  });
  app.post(textToWavEndpoint.path, async (request) =>
    ok(await voiceSpeech.start(caller(request).userId, parse(textToWavRequest, request.body))),
  );
  app.post(wavPathEndpoint.path, async (request) =>
    voiceSpeech.status(caller(request).userId, parse(wavPathRequest, request.body).taskId),
  );
}
