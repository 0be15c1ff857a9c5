import { z } from 'zod';
import { Code } from '../../api/envelope';
import {
  MAX_DOCUMENT_CHARS,
  projectAddRequest,
  projectListRequest,
  projectMessages,
  projectUpdateRequest,
  type ProjectDetailData,
  type ProjectListData,
  type ProjectListItem,
} from '../../api/project.contract';
import type { ProjectsRepo, ProjectSummaryRow } from '../adapters/db/projects.repo';
import { ApiError } from '../http/envelope';
import { LANDSCAPE } from '../../model/project';

/** Turns a stored document into the canonical JSON text, or refuses it (hook for schema checks). */
export type DocumentNormaliser = (raw: unknown) => {
  json: string;
  name?: string;
  distinguishability?: number;
};

/** The caller's projects: list, create, rename, delete, load and save with revision checks. */
export class ProjectService {
  constructor(
    private readonly projects: ProjectsRepo,
    private readonly normalise: DocumentNormaliser,
    private readonly autoName: (proKind: number, now: Date) => string,
  ) {}

  async list(ownerId: number, req: z.infer<typeof projectListRequest>): Promise<ProjectListData> {
    const { pageIndex, pageSize, proKind } = req;
    const { rows, count } = await this.projects.list(ownerId, {
      offset: (pageIndex - 1) * pageSize,
      limit: pageSize,
      proKind,
    });
    return { list: rows.map(toListItem), count, pageIndex, pageSize };
  }

  async add(ownerId: number, req: z.infer<typeof projectAddRequest>): Promise<number> {
    const now = Date.now();
    return this.projects.insert({
      owner_id: ownerId,
      name: req.name || this.autoName(req.proKind, new Date(now)),
      description: req.description,
      type: req.type,
      pro_kind: req.proKind,
      distinguishability: req.distinguishability,
      original: req.original,
      detail: '',
      created_at: now,
      updated_at: now,
    });
  }

  /** Renames; answers the project's new revision (a rename is a change other tabs must see). */
  async rename(ownerId: number, projectId: number, name: string): Promise<number> {
    const revision = await this.projects.rename(ownerId, projectId, name);
    if (revision === null) this.notFound();
    return revision;
  }

  async delete(ownerId: number, projectId: number): Promise<void> {
    if (!(await this.projects.delete(ownerId, projectId))) this.notFound();
  }

  async detail(ownerId: number, projectId: number): Promise<ProjectDetailData> {
    const row = await this.projects.find(ownerId, projectId);
    if (!row) this.notFound();
    const { detail, revision } = row;
    return { ...toListItem({ ...row, has_draft: detail ? 1 : 0 }), detail, revision };
  }

  /**
   * Saves a draft (original 1) or the final document (original 2). With a revision, a stale one is
   * refused; without one (the spec's own contract), the save is accepted: last write wins.
   */
  async update(ownerId: number, req: z.infer<typeof projectUpdateRequest>): Promise<number> {
    // Someone else's project is not found, whatever the document says.
    if (!(await this.projects.owns(ownerId, req.projectId))) this.notFound();
    let raw: unknown = req.userProjectInfo;
    // Object documents get the limit string documents have (5 MB of JSON text).
    if (typeof raw !== 'string' && JSON.stringify(raw).length > MAX_DOCUMENT_CHARS)
      throw new ApiError(Code.badRequest, projectMessages.tooLarge);
    if (typeof raw === 'string') {
      try {
        raw = JSON.parse(raw);
      } catch {
        throw new ApiError(Code.badRequest, projectMessages.badDocument);
      }
    }
    const { json, name, distinguishability } = this.normalise(raw);
    // The row's orientation follows the document, so lists (/three, 我的) label it right.
    const revision = await this.projects.saveDocument(ownerId, req.projectId, req.revision ?? null, {
      detail: json,
      original: req.original,
      name,
      distinguishability,
    });
    if (revision !== null) return revision;
    if (!(await this.projects.owns(ownerId, req.projectId))) this.notFound();
    throw new ApiError(Code.conflict, projectMessages.stale);
  }

  private notFound(): never {
    throw new ApiError(Code.notFound, projectMessages.notFound);
  }
}

function toListItem(row: ProjectSummaryRow): ProjectListItem {
  return {
    projectId: row.id,
    name: row.name,
    description: row.description,
    type: row.type,
    proKind: row.pro_kind,
    // A project never saved opens in the document's default orientation (landscape), whatever
    // its creation sent (the spec's client sends 2): the list says what the editor will show.
    distinguishability: Number(row.has_draft) ? row.distinguishability : LANDSCAPE,
    original: row.original,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    composeStatus: row.compose_status,
  };
}
