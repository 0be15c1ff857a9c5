import { CURRENT_SCHEMA_VERSION, documentSchema, type ProjectDocument } from './documentSchema';
import { err, ok, type Result } from './result';
import { messages } from './messages';
import { textToNarrationHtml } from './narrationMarkers';
import { parseNarration } from './parseNarration';
import { renumberDocument } from './pageCommands';
import { withTimes } from './narrationRules';

type Json = Record<string, unknown>;

/**
 * Migrations on the raw JSON, keyed by the version they upgrade from. Each one only reshapes what
 * the lenient schema cannot guess; the schema then fills defaults and coerces types.
 */
export const MIGRATIONS: Record<number, (doc: Json) => Json> = {
  // 0 -> 1: documents of the original product and of our first drafts (no schemaVersion).
  0: (doc) => {
    const ppt = isObject(doc.ppt) ? doc.ppt : {};
    const pages = Array.isArray(ppt.pages) ? ppt.pages.filter(isObject).map(upgradePageV0) : [];
    return { ...doc, ppt: { ...ppt, pages }, schemaVersion: 1 };
  },
};

function upgradePageV0(page: Json): Json {
  const out: Json = { ...page };
  const text = typeof page.text === 'string' ? page.text : '';
  const textdome = typeof page.textdome === 'string' ? page.textdome : '';
  // The narration box edits textdome; plain-text-only pages would open empty without this.
  if (textdome.trim() === '' && text.trim() !== '') out.textdome = textToNarrationHtml(text);
  // Markers used to be stored as markup strings; re-read them from the rich text instead.
  if (!Array.isArray(page.dome) || !Array.isArray(page.gifdome)) {
    const parsed = parseNarration(String(out.textdome ?? ''));
    out.dome = parsed.shots;
    out.gifdome = parsed.stickers;
  }
  // isVideo 2 and 0 both meant "no video"; we keep one spelling, and a flag without a file is none.
  const flag = Number(page.isVideo);
  const video = typeof page.video === 'string' ? page.video : '';
  out.isVideo = flag === 1 && video !== '' ? 1 : 0;
  return out;
}

/**
 * Reads a stored project (JSON text or parsed value) of any known version into the current
 * document: migrations, lenient defaults, renumbered pages, fresh times, and soundSpeed set to 1
 * as the spec asks on load. Refuses non-objects and documents saved by a newer release.
 */
export function migrateDocument(raw: unknown): Result<ProjectDocument> {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return err(messages.documentNotJson);
    }
  }
  if (!isObject(value)) return err(messages.documentNotObject);
  const stored = Number(value.schemaVersion ?? 0);
  let version = Number.isInteger(stored) && stored >= 0 ? stored : 0;
  if (version > CURRENT_SCHEMA_VERSION) return err(messages.documentTooNew);
  let doc: Json = value;
  while (version < CURRENT_SCHEMA_VERSION) {
    doc = MIGRATIONS[version](doc);
    version++;
  }
  const parsed = documentSchema.parse({ ...doc, schemaVersion: CURRENT_SCHEMA_VERSION, soundSpeed: 1 });
  return ok(withTimes(renumberDocument(parsed)));
}

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
