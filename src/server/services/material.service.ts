import { randomBytes } from 'node:crypto';
import { Code } from '../../api/envelope';
import { audioFormatOf, SIGNATURE_BYTES } from '../../model/fileSignature';
import {
  MATERIAL_NAME_MAX,
  MATERIAL_TYPES,
  materialMessages,
  materialUploadFields,
  type MaterialItem,
  type MaterialListData,
  type MaterialListRequest,
  type MaterialType,
} from '../../api/material.contract';
import type { MaterialRow, MaterialsRepo } from '../adapters/db/materials.repo';
import { discard, readHead, type FileStore } from '../adapters/files';
import { writeCleanCopy, writeJpegThumbnail, type StoredImageFormat } from '../adapters/images';
import { requireImage } from './uploadedImage';
import { clipped, fileStem } from './fileNames';
import { audioToAac, probe } from '../adapters/media/ffmpeg';
import { ApiError, parse } from '../http/envelope';
import type { ReceivedUpload } from '../http/upload';
import type { AssetUsage } from './assetUsage';

/** Shorter audio is a click, not music. */
export const MIN_MATERIAL_AUDIO_MS = 1000;
/** Longest side of an image preview in the pickers. */
const THUMB_SIDE = 360;
/** Longest side an image material is stored at (larger ones are scaled down). */
const MAX_IMAGE_SIDE = 4096;
const IMAGE_EXTENSION: Record<string, StoredImageFormat> = {
  png: 'png',
  jpeg: 'jpg',
  gif: 'gif',
  webp: 'webp',
};

/** Where a user's materials live in the file store. */
const materialDir = (ownerId: number) => `u/${ownerId}/materials`;

/** The store key behind a `/files/...` path (query string dropped), or '' for anything else. */
export function fileKeyOfPath(value: string): string {
  const key = value.replace(/[?#].*$/, '');
  return key.startsWith('/files/') ? key.slice('/files/'.length) : '';
}

/**
 * 素材 (spec 7 userResources/*): the caller's own images and audio. Uploads are checked by content,
 * re-encoded (images, with a thumbnail) or converted to AAC (audio, with its duration) and moved
 * into place only when valid; temp files are always removed.
 */
export class MaterialService {
  constructor(
    private readonly materials: MaterialsRepo,
    private readonly files: FileStore,
    private readonly usage: AssetUsage,
  ) {}

  async list(ownerId: number, req: MaterialListRequest): Promise<MaterialListData> {
    const [rows, count] = await Promise.all([
      this.materials.list(ownerId, req.type, (req.pageIndex - 1) * req.pageSize, req.pageSize),
      this.materials.count(ownerId, req.type),
    ]);
    return { list: rows.map(item), count, pageIndex: req.pageIndex, pageSize: req.pageSize };
  }

  async upload(ownerId: number, upload: ReceivedUpload): Promise<MaterialItem> {
    const temps = [upload.tempFile];
    const committed: string[] = [];
    try {
      const { resourcesType } = parse(materialUploadFields, upload.fields);
      if (upload.size === 0) throw new ApiError(Code.badRequest, materialMessages.empty);
      const base = `${materialDir(ownerId)}/${randomBytes(12).toString('hex')}`;
      const stored =
        resourcesType === MATERIAL_TYPES.image
          ? await this.storeImage(upload.tempFile, base, temps, committed)
          : await this.storeAudio(upload.tempFile, base, temps, committed);
      const row = await this.materials.insert({
        owner_id: ownerId,
        name: materialName(upload.filename, resourcesType),
        type: resourcesType,
        created_at: Date.now(),
        ...stored,
      });
      committed.length = 0;
      return item(row);
    } finally {
      // Files moved into place stay only when their row was written.
      await Promise.all(committed.map((key) => this.files.remove(key)));
      await discard(...temps);
    }
  }

  /**
   * Deletes one of the caller's materials and its files; others' ids answer 素材不存在. Music that
   * projects use goes only with `force` (AssetUsage).
   */
  async delete(ownerId: number, resourcesId: number, force = false): Promise<void> {
    const found = await this.materials.find(ownerId, resourcesId);
    if (found) await this.usage.guardDelete(ownerId, { kind: 'music', fileKey: found.file_key }, force);
    const row = await this.materials.delete(ownerId, resourcesId);
    if (!row) throw new ApiError(Code.notFound, materialMessages.notFound);
    await this.files.remove(row.file_key);
    if (row.thumb_key) await this.files.remove(row.thumb_key);
  }

  /** The caller's audio material behind a document's bgMusic path, if it still exists. */
  async findAudio(ownerId: number, bgMusic: string): Promise<MaterialRow | undefined> {
    const key = fileKeyOfPath(bgMusic);
    if (!key) return undefined;
    const row = await this.materials.findByKey(ownerId, key);
    return row && row.type === MATERIAL_TYPES.audio ? row : undefined;
  }

  private async storeImage(input: string, base: string, temps: string[], committed: string[]) {
    const info = await requireImage(input, materialMessages.imageType);
    const ext = IMAGE_EXTENSION[info.format];
    if (!ext) throw new ApiError(Code.badRequest, materialMessages.imageType);
    const out = await this.files.tempPath(`.${ext}`);
    const thumb = await this.files.tempPath('.jpg');
    temps.push(out, thumb);
    const written = await writeCleanCopy(input, out, ext, MAX_IMAGE_SIDE).catch(() => {
      throw new ApiError(Code.badRequest, materialMessages.imageType);
    });
    await writeJpegThumbnail(out, thumb, THUMB_SIDE);
    const fileKey = `${base}.${ext}`;
    const thumbKey = `${base}.thumb.jpg`;
    await this.files.commit(out, fileKey);
    committed.push(fileKey);
    await this.files.commit(thumb, thumbKey);
    committed.push(thumbKey);
    return {
      file_key: fileKey,
      thumb_key: thumbKey,
      size: written.size,
      duration_ms: 0,
      width: written.width,
      height: written.height,
    };
  }

  private async storeAudio(input: string, base: string, temps: string[], committed: string[]) {
    if (!audioFormatOf(await readHead(input, SIGNATURE_BYTES)))
      throw new ApiError(Code.badRequest, materialMessages.audioType);
    const unreadable = () => new ApiError(Code.badRequest, materialMessages.audioUnreadable);
    const info = await probe(input).catch(() => {
      throw unreadable();
    });
    if (!info.streams.some((s) => s.type === 'audio')) throw unreadable();
    const out = await this.files.tempPath('.m4a');
    temps.push(out);
    const converted = await audioToAac(input, out).catch(() => {
      throw unreadable();
    });
    if (converted.durationMs < MIN_MATERIAL_AUDIO_MS) {
      throw new ApiError(Code.badRequest, materialMessages.audioTooShort);
    }
    const fileKey = `${base}.m4a`;
    await this.files.commit(out, fileKey);
    committed.push(fileKey);
    return {
      file_key: fileKey,
      thumb_key: '',
      size: converted.sizeBytes,
      duration_ms: converted.durationMs,
      width: 0,
      height: 0,
    };
  }
}

function item(row: MaterialRow): MaterialItem {
  return {
    resourcesId: row.id,
    name: row.name,
    type: row.type === MATERIAL_TYPES.audio ? 3 : 2,
    path: `/files/${row.file_key}`,
    thumb: row.thumb_key ? `/files/${row.thumb_key}` : '',
    size: Number(row.size),
    durationMs: row.duration_ms,
    width: row.width,
    height: row.height,
    createdAt: Number(row.created_at),
  };
}

/** The file name without its extension (at most 60 characters), else a default by type. */
function materialName(filename: string, type: MaterialType): string {
  const fallback = type === MATERIAL_TYPES.image ? '图片素材' : '音频素材';
  return clipped(fileStem(filename) || fallback, MATERIAL_NAME_MAX);
}
