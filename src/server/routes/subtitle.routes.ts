import type { FastifyInstance } from 'fastify';
import {
  SUBTITLE_MAX_BYTES,
  speechToTextEndpoint,
  speechToTextInfoEndpoint,
  speechToTextStatusEndpoint,
  subtitleMessages,
} from '../../api/subtitle.contract';
import type { FileStore } from '../adapters/files';
import { caller, requireUser } from '../http/authenticate';
import { ok } from '../http/envelope';
import { route, uploadRoute } from '../http/route';
import { receiveUpload } from '../http/upload';
import type { AuthService } from '../services/auth.service';
import type { SubtitleService } from '../services/subtitle.service';

/**
 * 语音转文字 / 字幕工具 under /notice/v1/timbre/ (spec section 7 "SpeechToText"). `maxBytes` is the
 * streaming limit (under 1 GB; tests pass a small one).
 */
export async function subtitleRoutes(
  app: FastifyInstance,
  opts: { auth: AuthService; subtitles: SubtitleService; files: FileStore; maxBytes?: number },
) {
  const { subtitles, files } = opts;
  app.addHook('onRequest', requireUser(opts.auth));

  uploadRoute(app, speechToTextEndpoint, async (request) => {
    const upload = await receiveUpload(request, files, {
      field: speechToTextEndpoint.fileField,
      maxBytes: opts.maxBytes ?? SUBTITLE_MAX_BYTES - 1,
      tooLargeMessage: subtitleMessages.tooLarge,
      missingMessage: subtitleMessages.fileType,
    });
    return ok(await subtitles.create(caller(request).userId, upload), '已开始生成字幕');
  });
  route(app, speechToTextStatusEndpoint, async ({ taskId }, request) =>
    ok(await subtitles.status(caller(request).userId, taskId)),
  );
  route(app, speechToTextInfoEndpoint, async () => ok(subtitles.info()));
}
