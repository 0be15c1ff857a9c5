import { Code } from '../../api/envelope';
import { usageMessages, type UsingProject } from '../../api/usage.contract';
import { migrateDocument, type ProjectDocument } from '../../model/project';
import type { ProjectsRepo } from '../adapters/db/projects.repo';
import { ApiError } from '../http/envelope';

/** Something a project document can depend on, as deleting it would break the project. */
export type UsedAsset =
  | { kind: 'scene'; fileKey: string }
  | { kind: 'music'; fileKey: string }
  | { kind: 'sticker'; fileKey: string }
  | { kind: 'presenter'; id: string }
  | { kind: 'voice'; id: string };

const WHAT: Record<UsedAsset['kind'], string> = {
  scene: '背景',
  music: '背景音乐',
  sticker: '贴图',
  presenter: '数字人',
  voice: '音色',
};

/** What a delete does to the projects, where it is not "choose another": a deleted sticker leaves
 * their pages when they open (restoreTextures). */
const AFTER: Partial<Record<UsedAsset['kind'], string>> = {
  sticker: '删除后会从这些项目的页面上移除',
};

/** The text every document using the asset contains, for a cheap first filter in the database. */
function needle(asset: UsedAsset): string {
  return 'fileKey' in asset ? asset.fileKey : `"${asset.id}"`;
}

function uses(doc: ProjectDocument, asset: UsedAsset): boolean {
  switch (asset.kind) {
    case 'scene':
      return [doc.scene.path, doc.scene.icon].some((p) => p.includes(asset.fileKey));
    case 'music':
      return doc.bgMusic.includes(asset.fileKey);
    case 'sticker':
      return doc.ppt.pages.some((p) => p.textureList.some((t) => t.path.includes(asset.fileKey)));
    case 'presenter':
      return doc.character.uuid === asset.id;
    case 'voice':
      return doc.character.voiceId === asset.id;
  }
}

/**
 * Which of a user's projects use an asset, by their draft or their saved-for-synthesis document;
 * and the guard every delete of such an asset passes.
 */
export class AssetUsage {
  constructor(private readonly projects: ProjectsRepo) {}

  async projectsUsing(ownerId: number, asset: UsedAsset): Promise<UsingProject[]> {
    const rows = await this.projects.mentioning(ownerId, needle(asset));
    return rows
      .filter((row) =>
        [row.detail, row.final_detail].some((text) => {
          const doc = text ? migrateDocument(text) : null;
          return !!doc?.ok && uses(doc.value, asset);
        }),
      )
      .map((row) => ({ id: row.id, name: row.name }));
  }

  /** Refuses (409, naming the projects) a delete of an asset in use, unless `force` is set. */
  async guardDelete(ownerId: number, asset: UsedAsset, force = false): Promise<void> {
    if (force) return;
    const projects = await this.projectsUsing(ownerId, asset);
    if (projects.length) {
      throw new ApiError(Code.conflict, usageMessages.inUse(WHAT[asset.kind], projects, AFTER[asset.kind]), {
        projects,
      });
    }
  }
}
