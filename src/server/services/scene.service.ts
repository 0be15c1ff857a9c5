import { randomBytes } from 'node:crypto';
import { Code } from '../../api/envelope';
import type { PageOf, SceneItem } from '../../api/library.contract';
import {
  SCENE_SIZES,
  sceneMessages,
  sceneUploadFields,
  type SceneInsertRequest,
  type SceneSizeType,
} from '../../api/scene.contract';
import type { SceneRow, ScenesRepo } from '../adapters/db/scenes.repo';
import { discard, type FileStore } from '../adapters/files';
import { writeCoverJpeg } from '../adapters/coverImage';
import { inspectImage } from '../adapters/images';
import { requireImage } from './uploadedImage';
import { ApiError, parse } from '../http/envelope';
import type { ReceivedUpload } from '../http/upload';
import type { LibraryService } from './library.service';
import type { AssetUsage } from './assetUsage';
import { pageBuiltInThenOwn } from './builtInThenOwn';

const THUMB_SIDE = 320;
const ACCEPTED_NAME = /\.(png|jpe?g)$/i;
const ACCEPTED_FORMATS = new Set(['png', 'jpeg']);

/** Where a user's scene images live in the file store. */
const sceneDir = (ownerId: number) => `u/${ownerId}/scenes`;

/**
 * The 场景 library: built-in scenes (from LibraryService) followed by the caller's own, and the
 * upload / insert / delete of the caller's own (spec 7 scene/*).
 */
export class SceneService {
  constructor(
    private readonly scenes: ScenesRepo,
    private readonly library: LibraryService,
    private readonly files: FileStore,
    private readonly usage: AssetUsage,
  ) {}

  /** One page over the built-in scenes of the orientation followed by the caller's own. */
  async list(
    ownerId: number,
    req: { pageIndex: number; pageSize: number; sizeType: number },
  ): Promise<PageOf<SceneItem>> {
    const builtIn = this.library.scenes.filter((s) => s.sizeType === req.sizeType);
    return pageBuiltInThenOwn(
      builtIn,
      {
        list: async (offset, limit) =>
          (await this.scenes.list(ownerId, req.sizeType, offset, limit)).map((row) => this.toItem(row)),
        count: () => this.scenes.count(ownerId, req.sizeType),
      },
      req,
    );
  }

  /**
   * Checks an uploaded image by content (PNG or JPEG only), scales and crops it to the
   * orientation's canvas and stores it with a thumbnail; answers the path for scene/insert.
   * The temp files are always removed, so a refusal leaves nothing behind.
   */
  async upload(ownerId: number, upload: ReceivedUpload): Promise<string> {
    const image = await this.files.tempPath('.jpg');
    const thumb = await this.files.tempPath('.jpg');
    try {
      const { sizeType } = parse(sceneUploadFields, upload.fields);
      if (!ACCEPTED_NAME.test(upload.filename)) throw new ApiError(Code.badRequest, sceneMessages.notImage);
      const info = await requireImage(upload.tempFile, sceneMessages.notImage);
      if (!ACCEPTED_FORMATS.has(info.format)) {
        throw new ApiError(Code.badRequest, sceneMessages.notImage);
      }
      await writeCoverJpeg(
        upload.tempFile,
        { image, thumb },
        { ...SCENE_SIZES[sizeType], thumbSide: THUMB_SIDE },
      ).catch(() => {
        throw new ApiError(Code.badRequest, sceneMessages.notImage);
      });
      const base = `${sceneDir(ownerId)}/${randomBytes(12).toString('hex')}`;
      await this.files.commit(thumb, `${base}.thumb.jpg`);
      await this.files.commit(image, `${base}.jpg`);
      return `/files/${base}.jpg`;
    } finally {
      await discard(upload.tempFile, image, thumb);
    }
  }

  /** Names an image the caller uploaded with scene/upload; answers the new list item. */
  async insert(ownerId: number, req: SceneInsertRequest): Promise<SceneItem> {
    const fileKey = this.ownImageKey(ownerId, req.path);
    const thumbKey = fileKey.replace(/\.jpg$/, '.thumb.jpg');
    if (!(await this.files.exists(fileKey)) || !(await this.files.exists(thumbKey))) {
      throw new ApiError(Code.badRequest, sceneMessages.notOwnImage);
    }
    const info = await inspectImage(await this.files.localPath(fileKey));
    const size = SCENE_SIZES[req.sizeType];
    if (!info || info.width !== size.width || info.height !== size.height) {
      throw new ApiError(Code.badRequest, sceneMessages.wrongOrientation);
    }
    if (await this.scenes.findByFile(ownerId, fileKey)) {
      throw new ApiError(Code.conflict, sceneMessages.alreadyAdded);
    }
    const row = await this.scenes.insert({
      owner_id: ownerId,
      name: req.name,
      file_key: fileKey,
      thumb_key: thumbKey,
      size_type: req.sizeType,
      created_at: Date.now(),
    });
    return this.toItem(row);
  }

  /**
   * Deletes one of the caller's own scenes and its files; built-in scenes are refused, and one that
   * projects use only with `force` (AssetUsage).
   */
  async delete(ownerId: number, id: string, force = false): Promise<void> {
    if (this.library.scenes.some((s) => s.id === id)) {
      throw new ApiError(Code.forbidden, sceneMessages.builtIn);
    }
    const row = /^\d{1,15}$/.test(id) ? await this.scenes.find(ownerId, Number(id)) : undefined;
    if (row) await this.usage.guardDelete(ownerId, { kind: 'scene', fileKey: row.file_key }, force);
    if (!row || !(await this.scenes.delete(ownerId, row.id))) {
      throw new ApiError(Code.notFound, sceneMessages.notFound);
    }
    await this.files.remove(row.file_key);
    await this.files.remove(row.thumb_key);
  }

  /** The file-store key of a path scene/upload gave this caller; anything else is refused. */
  private ownImageKey(ownerId: number, path: string): string {
    const match = /^\/files\/(u\/(\d+)\/scenes\/[0-9a-f]{24}\.jpg)(?:\?.*)?$/.exec(path);
    if (!match || Number(match[2]) !== ownerId) {
      throw new ApiError(Code.badRequest, sceneMessages.notOwnImage);
    }
    return match[1];
  }

  private toItem(row: SceneRow): SceneItem {
    const sizeType = (row.size_type === 2 ? 2 : 1) as SceneSizeType;
    return {
      id: String(row.id),
      name: row.name,
      path: `/files/${row.file_key}`,
      thumb: `/files/${row.thumb_key}`,
      sizeType,
      ...SCENE_SIZES[sizeType],
      userId: row.owner_id,
    };
  }
}
