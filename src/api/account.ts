import type { ApiClient, CallOptions } from './client';
import { Code } from './envelope';
import type { RequestOf } from './endpoint';
import { captchaEndpoint, loginEndpoint, logoutEndpoint } from './auth.contract';
import { avatarEndpoint, passwordEndpoint, profileEndpoint } from './user.contract';

/** Binds the auth and user calls of spec section 7 to one client; their types come from the endpoints. */
export function createAccountApi(client: ApiClient) {
  return {
    captcha: () => client.call(captchaEndpoint, {}),
    /** The login form shows its own refusal above the fields: no toast repeats it. */
    login: (body: RequestOf<typeof loginEndpoint>) => client.call(loginEndpoint, body, { quiet: true }),
    /** The token may already be invalid when logging out: the local session is cleared either way. */
    logout: () => client.call(logoutEndpoint, {}, { quiet: true }),
    profile: (options?: CallOptions) => client.call(profileEndpoint, {}, options),
    changePassword: (body: RequestOf<typeof passwordEndpoint>, options?: CallOptions) =>
      client.call(passwordEndpoint, body, { mode: 'announce', ...options }),
    uploadAvatar: (file: Blob, fileName: string, onProgress?: (percent: number) => void) =>
      client.upload(avatarEndpoint, {}, [{ field: avatarEndpoint.fileField, file, name: fileName }], {
        mode: 'announce',
        // The dialog shows a refused picture's reason in place; no toast repeats it.
        handles: [Code.badRequest, Code.tooLarge, Code.tooManyRequests],
        onUploadProgress: onProgress,
      }),
  };
}

/** The auth and user calls. */
export type AccountApi = ReturnType<typeof createAccountApi>;
