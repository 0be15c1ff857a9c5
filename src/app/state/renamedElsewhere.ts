import { Code } from '../../api/envelope';
import { ApiError } from '../../api/client';
import { migrateDocument, type ProjectDocument } from '../../model/project';
import { studioApi } from '../services/http';

/*
 * A save refused as stale because the project was only renamed meanwhile (the project list, another
 * tab) need not stop the editor: the rename counts a revision, so the editor's next save is refused,
 * and otherwise it would write the old name back. When the stored draft is still the one this editor
 * last loaded or saved, the editor takes the new name and revision and saves again; any other change
 * is a real conflict, reported as before.
 */

/** A document as the server stores it, its name left out: what tells a rename from an edit. */
export function contentKey(raw: unknown): string | null {
  const parsed = migrateDocument(raw);
  return parsed.ok ? JSON.stringify({ ...parsed.value, projectName: '' }) : null;
}

/**
 * The project's name and revision when the refusal `error` came from a rename alone (the stored
 * draft's content is `known`); null for any other error or change.
 */
export async function renamedOnly(
  error: unknown,
  projectId: number,
  known: string | null,
): Promise<{ name: string; revision: number } | null> {
  if (!(error instanceof ApiError && error.code === Code.conflict) || known === null) return null;
  const fresh = await studioApi.projectDetail(projectId, { quiet: true }).catch(() => null);
  const data = fresh?.data;
  if (!data || contentKey(data.detail || {}) !== known) return null;
  return { name: data.name, revision: data.revision };
}

/** The document with the name the project has now. */
export const renamedTo = (document: ProjectDocument, name: string): ProjectDocument =>
  name && name !== document.projectName ? { ...document, projectName: name } : document;
