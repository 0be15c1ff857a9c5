/** Languages the interface ships in. */
export type AppLanguage = 'zh' | 'en';
export const APP_LANGUAGES: readonly AppLanguage[] = ['zh', 'en'];

/**
 * The spec picks the language from the browser among en, zh, es, ja with fallback en. We ship zh and
 * en, so es maps to en (Latin script) and ja to zh (readers of Japanese read the Han characters).
 */
const NEAREST: Record<string, AppLanguage> = { zh: 'zh', en: 'en', es: 'en', ja: 'zh' };

/** The interface language: an explicit user choice first, then the browser's preferences. */
export function detectLanguage(browserLanguages: readonly string[], stored?: string | null): AppLanguage {
  if (stored && (APP_LANGUAGES as readonly string[]).includes(stored)) return stored as AppLanguage;
  for (const tag of browserLanguages) {
    const base = tag.toLowerCase().split('-')[0];
    if (base in NEAREST) return NEAREST[base];
  }
  return 'en';
}
