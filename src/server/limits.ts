/*
 * What one user may ask of a shared server. Every limit has an environment variable (README,
 * "Configuration"); the defaults suit a team on one machine.
 */
export interface Limits {
  /** PDF_MAX_PAGES: decks with more pages are refused at upload. */
  pdfMaxPages: number;
  /** PDF_PAGE_TIMEOUT_MS: one page may take this long to rasterise before the deck fails. */
  pdfPageTimeoutMs: number;
  /** USER_QUOTA_MB: stored bytes per user (uploads are refused past it). */
  userQuotaBytes: number;
  /** DELETE_GRACE_HOURS: how long a page video or audio deleted in the editor can be undone. */
  deleteGraceMs: number;
}

export const DEFAULT_LIMITS: Limits = {
  pdfMaxPages: 1000,
  pdfPageTimeoutMs: 60_000,
  userQuotaBytes: 10 * 1024 ** 3,
  deleteGraceMs: 24 * 3600_000,
};

const positive = (value: string | undefined, fallback: number, unit = 1): number => {
  const n = Number(value);
  return value && Number.isFinite(n) && n > 0 ? n * unit : fallback;
};

/** The limits from the environment, each falling back to its default when unset or not a number. */
export function limitsFromEnv(env: NodeJS.ProcessEnv): Limits {
  return {
    pdfMaxPages: positive(env.PDF_MAX_PAGES, DEFAULT_LIMITS.pdfMaxPages),
    pdfPageTimeoutMs: positive(env.PDF_PAGE_TIMEOUT_MS, DEFAULT_LIMITS.pdfPageTimeoutMs),
    userQuotaBytes: positive(env.USER_QUOTA_MB, DEFAULT_LIMITS.userQuotaBytes, 1024 ** 2),
    deleteGraceMs: positive(env.DELETE_GRACE_HOURS, DEFAULT_LIMITS.deleteGraceMs, 3600_000),
  };
}
