import type { PendingDeletesRepo } from '../adapters/db/pendingDeletes.repo';
import type { ProjectsRepo } from '../adapters/db/projects.repo';
import type { FileStore } from '../adapters/files';

/**
 * Page videos and page audio deleted in the editor stay on disk for a grace period: the editor
 * takes them out of the document as one undo step, and undo must bring back a file that still
 * exists. When the time is up, a file that a saved draft or final document refers to again (the
 * user undid and saved) is kept; any other goes, with its mouth-timing JSON beside it.
 */
export class DeferredDeletes {
  constructor(
    private readonly pending: PendingDeletesRepo,
    private readonly projects: ProjectsRepo,
    private readonly files: FileStore,
    private readonly graceMs: number,
  ) {}

  /** Removes `fileKey` of `ownerId` after the grace period, unless a project uses it then. */
  async schedule(ownerId: number, fileKey: string, now = Date.now()): Promise<void> {
    await this.pending.add(ownerId, fileKey, now + this.graceMs);
  }

  /** Deletes what is due and unused; answers how many files went. */
  async sweep(now = Date.now()): Promise<number> {
    let removed = 0;
    for (const row of await this.pending.due(now)) {
      const users = await this.projects.mentioning(row.owner_id, row.file_key);
      if (!users.length) {
        await this.files.remove(row.file_key);
        if (row.file_key.endsWith('.wav')) await this.files.remove(row.file_key.replace(/\.wav$/, '.json'));
        removed++;
      }
      await this.pending.remove(row.id);
    }
    return removed;
  }
}
