import { Code } from '../../api/envelope';
import { projectMessages } from '../../api/project.contract';
import { autoProjectName as modelAutoName, migrateDocument, PRO_KIND } from '../../model/project';
import { ApiError } from '../http/envelope';

/**
 * Validates a saved userProjectInfo document with the same schema and migrations the editor uses
 * and returns its canonical JSON text; anything that is not a project document is refused.
 */
export function normaliseDocument(raw: unknown): {
  json: string;
  name?: string;
  distinguishability: number;
} {
  // The schema fills in whatever is missing, so `{}` would parse as an empty project and wipe the
  // stored draft: a saved document must at least carry its page list.
  const ppt = (raw as { ppt?: { pages?: unknown } } | null)?.ppt;
  if (!Array.isArray(ppt?.pages) || ppt.pages.length === 0 || !ppt.pages.every(isObject))
    throw new ApiError(Code.badRequest, projectMessages.noPages);
  const result = migrateDocument(raw as never);
  if (!result.ok) throw new ApiError(Code.badRequest, projectMessages.badDocument);
  const name = result.value.projectName.trim();
  return {
    json: JSON.stringify(result.value),
    name: name || undefined,
    distinguishability: result.value.distinguishability,
  };
}

/** Spec section 9: a fixed label plus the timestamp, e.g. 文字视频20261122143005. */
export function autoProjectName(proKind: number, now: Date): string {
  return modelAutoName(proKind === PRO_KIND.voice ? 'voice' : 'text', now);
}

const isObject = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);
