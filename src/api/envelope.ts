/** The response envelope every endpoint answers with (spec section 7): code 200 is success. */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data?: T;
}

/** Envelope codes with a meaning the client acts on (spec section 8, DESIGN.md "Contract"). */
export const Code = {
  ok: 200,
  /** Polling: the task failed (spec section 4, private voices). */
  taskFailed: 201,
  badRequest: 400,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooLarge: 413,
  /** Exempted from error messages by the lenient wrapper (spec section 8). */
  unprocessable: 422,
  /** Login needs a captcha answer (after 3 failed attempts). */
  captchaRequired: 428,
  tooManyRequests: 429,
  /** Missing, expired, forged or revoked token: the client offers to log in again. */
  loggedOut: 501,
  badGateway: 502,
  gatewayTimeout: 504,
} as const;

/** Codes that open the 'Confirm logout' dialog instead of an error message. */
export const LOGOUT_CODES: readonly number[] = [Code.loggedOut, Code.badGateway, Code.gatewayTimeout];
