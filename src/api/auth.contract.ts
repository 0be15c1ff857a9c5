import { z } from 'zod';
import { answerOf, defineEndpoint, envelopeOf, noFields } from './endpoint';

/** GET /api/v1/captcha: a fresh captcha image; its id is sent back with the login. */
export const captchaEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/v1/captcha',
  request: noFields,
  response: envelopeOf<CaptchaData>(),
});
export interface CaptchaData {
  captchaId: string;
  /** SVG markup of the challenge. */
  svg: string;
}

/** POST /virtual/v1/login: user fields plus version; the token is answered at top level. */
export const loginRequest = z.object({
  username: z.string().trim().min(1, '请输入用户名').max(64),
  password: z.string().min(1, '请输入密码').max(128),
  version: z.string().max(32).optional(),
  captchaId: z.string().max(64).optional(),
  captchaCode: z.string().max(16).optional(),
});
export const loginEndpoint = defineEndpoint({
  method: 'POST',
  path: '/virtual/v1/login',
  request: loginRequest,
  response: answerOf<LoginResponse>(),
});
export type LoginRequest = z.infer<typeof loginRequest>;
export interface LoginResponse {
  code: number;
  msg: string;
  token?: string;
  data?: { token?: string; captchaRequired?: boolean };
}

/** POST /api/v1/user/logout: revokes the caller's token (the spec leaves this call's shape open). */
export const logoutEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/v1/user/logout',
  request: noFields,
  response: envelopeOf<null>(),
});
