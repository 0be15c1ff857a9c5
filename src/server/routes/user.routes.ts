import type { FastifyInstance } from 'fastify';
import { avatarEndpoint, passwordEndpoint, profileEndpoint } from '../../api/user.contract';
import { AVATAR_MAX_BYTES, avatarMessages } from '../../model/account';
import type { AccountService } from '../services/account.service';
import type { AuthService } from '../services/auth.service';
import type { FileStore } from '../adapters/files';
import { ok } from '../http/envelope';
import { caller, requireUser } from '../http/authenticate';
import { route, uploadRoute } from '../http/route';
import { receiveUpload } from '../http/upload';

/** The signed-in user's own account (spec section 7 "Auth and user"). */
export async function userRoutes(
  app: FastifyInstance,
  opts: { auth: AuthService; accounts: AccountService; files: FileStore },
) {
  const { accounts, files } = opts;
  app.addHook('onRequest', requireUser(opts.auth));

  route(app, profileEndpoint, async (_query, request) => ok(await accounts.profile(caller(request).userId)));

  route(app, passwordEndpoint, async (body, request) => {
    const { userId, jti } = caller(request);
    await accounts.changePassword(userId, jti, body);
    return ok(null, '密码修改成功');
  });

  uploadRoute(app, avatarEndpoint, async (request) => {
    const upload = await receiveUpload(request, files, {
      field: avatarEndpoint.fileField,
      maxBytes: AVATAR_MAX_BYTES,
      tooLargeMessage: avatarMessages.tooLarge,
      missingMessage: avatarMessages.notImage,
    });
    const url = await accounts.setAvatar(caller(request).userId, upload.tempFile);
    return ok(url, '头像上传成功');
  });
}
