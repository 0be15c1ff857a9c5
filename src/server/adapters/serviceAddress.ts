/*
 * How a start that cannot reach a service it was given (DATABASE_URL, REDIS_URL) says so: one line
 * with the address as configured, without its password, and why.
 */

/** `url` with its password masked; never throws. */
export function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(not a valid address)';
  }
}

/**
 * Why a service could not be used, short: "does not answer (ECONNREFUSED)" for a network error,
 * else the server's own message (PostgreSQL's `database "x" does not exist`, a refused password).
 */
export function reasonOf(error: unknown): string {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  if (code && /^E[A-Z]+$/.test(code)) return `does not answer (${code})`;
  return message || code || String(error);
}
