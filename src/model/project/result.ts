/**
 * The outcome of a command or a check. Refusals are values, not exceptions, so the UI can show
 * `error` (the spec's exact Chinese message) without try/catch, and tests can compare it literally.
 *
 * - `ok: true`: `value` is the new document (or other result); `message` is an optional notice the
 *   spec asks to show after success (e.g. 已禁用当前视频声音).
 * - `ok: false`: `error` is the message to show. `confirm: true` means "not an error yet": ask the
 *   user with `error` as the question and retry with the matching option set when they agree.
 */
export type Result<T> = Ok<T> | Err;

export interface Ok<T> {
  readonly ok: true;
  readonly value: T;
  readonly message?: string;
}

export interface Err {
  readonly ok: false;
  readonly error: string;
  readonly confirm?: boolean;
}

/** Wraps a successful value, optionally with a notice for the user. */
export function ok<T>(value: T, message?: string): Ok<T> {
  return message === undefined ? { ok: true, value } : { ok: true, value, message };
}

/** Wraps a refusal carrying the message to show. */
export function err(error: string): Err {
  return { ok: false, error };
}

/** Wraps a question the user must confirm before the operation may go on. */
export function needsConfirmation(question: string): Err {
  return { ok: false, error: question, confirm: true };
}
