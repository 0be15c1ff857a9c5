import { Code } from '../../api/envelope';
import { storageMessages } from '../../api/storage.contract';
import type { FileStore } from '../adapters/files';
import { ApiError } from '../http/envelope';

/**
 * The per-user cap on stored bytes. Everything a user owns lives under u/<id>/ in the file store
 * (decks and their pages, audio, videos, scenes, stickers, materials, presenters), so the sum of
 * that folder is what they use. Checked when an upload has arrived, before it is kept.
 */
export class StorageQuota {
  constructor(
    private readonly files: FileStore,
    private readonly quotaBytes: number,
  ) {}

  /** Bytes user `userId` stores now. */
  used(userId: number): Promise<number> {
    return this.files.usedBytes(`u/${userId}`);
  }

  /** Refuses (413, saying how much is used) when `incomingBytes` more would pass the quota. */
  async admit(userId: number, incomingBytes: number): Promise<void> {
    const used = await this.used(userId);
    if (used + incomingBytes > this.quotaBytes) {
      throw new ApiError(Code.tooLarge, storageMessages.quotaExceeded(used, this.quotaBytes));
    }
  }
}
