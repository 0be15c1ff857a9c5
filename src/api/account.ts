import type { ApiClient, CallOptions } from './client';
import { Code, type Envelope } from './envelope';
import {
  captchaEndpoint,
  loginEndpoint,
  logoutEndpoint,
  type CaptchaData,
  type LoginRequest,
  type LoginResponse,
} from './auth.contract';
import {
  avatarEndpoint,
  passwordEndpoint,
  profileEndpoint,
  type PasswordRequest,
  type ProfileData,
} from './user.contract';

/** The auth and user calls of spec section 7, typed from their contracts. */
export interface AccountApi {
  captcha(): Promise<Envelope<CaptchaData>>;
  login(body: LoginRequest): Promise<LoginResponse>;
  logout(): Promise<Envelope<unknown>>;
  profile(options?: CallOptions): Promise<Envelope<ProfileData>>;
  changePassword(body: PasswordRequest, options?: CallOptions): Promise<Envelope<unknown>>;
  uploadAvatar(
    file: Blob,
    fileName: string,
    onProgress?: (percent: number) => void,
  ): Promise<Envelope<string>>;
}

/** Binds the account calls to one client. */
export function createAccountApi(client: ApiClient): AccountApi {
  return {
    captcha: () => client.get<CaptchaData>(captchaEndpoint.path),
    // The login form shows its own refusal above the fields: no toast repeats it.
    login: (body) =>
      client.request<LoginResponse>(
        { method: loginEndpoint.method, url: loginEndpoint.path, data: body },
        { quiet: true },
      ),
    // The token may already be invalid when logging out: the local session is cleared either way.
    logout: () => client.post(logoutEndpoint.path, {}, { quiet: true }),
    profile: (options) => client.get<ProfileData>(profileEndpoint.path, undefined, options),
    changePassword: (body, options) =>
      client.post(passwordEndpoint.path, body, { mode: 'announce', ...options }),
    uploadAvatar: (file, fileName, onProgress) => {
      const form = new FormData();
      form.append(avatarEndpoint.fileField, file, fileName);
      return client.upload<string>(avatarEndpoint.path, form, {
        mode: 'announce',
        // The dialog shows a refused picture's reason in place; no toast repeats it.
        handles: [Code.badRequest, Code.tooLarge, Code.tooManyRequests],
        onUploadProgress: onProgress,
      });
    },
  };
}
