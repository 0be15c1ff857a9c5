import { randomInt } from 'node:crypto';
import path from 'node:path';
import { Code } from '../../api/envelope';
import type { PageOf } from '../../api/library.contract';
import {
  TEXTURE_GLOBAL,
  TEXTURE_NAME_MAX,
  textureMessages,
  textureUploadFields,
  type TextureItem,
  type TextureListRequest,
  type TextureType,
} from '../../api/texture.contract';
import type { TextureRow, TexturesRepo } from '../adapters/db/textures.repo';
import { discard, readBundledJson, type FileStore } from '../adapters/files';
import { writeCleanCopy } from '../adapters/images';
import { pageBuiltInThenOwn } from './builtInThenOwn';
import { clipped, fileStem } from './fileNames';
import type { AssetUsage } from './assetUsage';
import { requireImage } from './uploadedImage';
import { ApiError, parse } from '../http/envelope';
import type { ReceivedUpload } from '../http/upload';

/** An entry of assets/library/stickers/stickers.json (written by scripts/art/stickers.ts). */
interface BuiltInSticker {
  id: string;
  name: string;
  type: TextureType;
  file: string;
  width: number;
  height: number;
  durationMs?: number;
}

/** Longest side an uploaded sticker is stored at (larger ones are scaled down). */
const MAX_SIDE = 1024;
/** Attempts at drawing an unused 4-character id before giving up. */
const ID_ATTEMPTS = 25;
const ID_SPACE = 36 ** 3;
const EXTENSION: Record<TextureType, string> = { 1: '.png', 2: '.gif' };
const FORMAT: Record<TextureType, string> = { 1: 'png', 2: 'gif' };
const WRONG_FORMAT: Record<TextureType, string> = { 1: textureMessages.notPng, 2: textureMessages.notGif };

/** Where a user's stickers live in the file store. */
const textureDir = (ownerId: number) => `u/${ownerId}/textures`;

/**
 * The 贴图 library (spec 7 texture/*): built-in stickers (files in assets/library/stickers)
 * followed by the caller's own uploads; info answers either with a cache-busting path.
 */
export class TextureService {
  private readonly builtIn: BuiltInSticker[];

  constructor(
    private readonly textures: TexturesRepo,
    private readonly files: FileStore,
    private readonly libraryDir: string,
    private readonly usage: AssetUsage,
  ) {
    const index = path.join(libraryDir, 'stickers', 'stickers.json');
    this.builtIn = readBundledJson<{ stickers: BuiltInSticker[] }>(index).stickers;
  }

  /** One page over the built-in stickers of the type followed by the caller's own. */
  async list(ownerId: number, req: TextureListRequest): Promise<PageOf<TextureItem>> {
    const builtIn = this.builtIn.filter((s) => s.type === req.textureType).map((s) => this.builtInItem(s));
    return pageBuiltInThenOwn(
      builtIn,
      {
        list: async (offset, limit) =>
          (await this.textures.list(ownerId, req.textureType, offset, limit)).map((row) => this.ownItem(row)),
        count: () => this.textures.count(ownerId, req.textureType),
      },
      req,
    );
  }

  /**
   * Checks the upload by content (textureType 1 must be a PNG, 2 a GIF), re-encodes it (at most
   * 1024 px a side, animation kept) under u/<owner>/textures/ and records it with a new 4-character
   * id. The temp files are always removed, so a refusal leaves nothing behind.
   */
  async upload(ownerId: number, upload: ReceivedUpload): Promise<TextureItem> {
    const temps = [upload.tempFile];
    try {
      const fields = parse(textureUploadFields, upload.fields);
      const type = fields.textureType;
      const out = await this.files.tempPath(EXTENSION[type]);
      temps.push(out);
      const info = await requireImage(upload.tempFile, WRONG_FORMAT[type]);
      if (info.format !== FORMAT[type]) throw new ApiError(Code.badRequest, WRONG_FORMAT[type]);
      const stored = await writeCleanCopy(upload.tempFile, out, type === 1 ? 'png' : 'gif', MAX_SIDE).catch(
        () => {
          throw new ApiError(Code.badRequest, WRONG_FORMAT[type]);
        },
      );
      const textureId = await this.freshId();
      const fileKey = `${textureDir(ownerId)}/${textureId}${EXTENSION[type]}`;
      await this.files.commit(out, fileKey);
      try {
        const row = await this.textures.insert({
          texture_id: textureId,
          owner_id: ownerId,
          name: textureName(fields.textureName, upload.filename),
          type,
          file_key: fileKey,
          width: stored.width,
          height: stored.height,
          duration_ms: stored.durationMs,
          created_at: Date.now(),
        });
        return this.ownItem(row);
      } catch (error) {
        await this.files.remove(fileKey);
        throw error;
      }
    } finally {
      await discard(...temps);
    }
  }

  /** A built-in sticker or one of the caller's own, its path with a cache-busting timestamp. */
  async info(ownerId: number, textureId: string, nowMs = Date.now()): Promise<TextureItem> {
    const item = await this.find(ownerId, textureId);
    if (!item) throw new ApiError(Code.notFound, textureMessages.notFound);
    return { ...item, path: `${item.path}?t=${nowMs}` };
  }

  /**
   * Deletes one of the caller's own stickers and its file; built-in ones are refused, and one that
   * projects place goes only with `force` (AssetUsage: 409 naming them, the editor asks first).
   */
  async delete(ownerId: number, textureId: string, force = false): Promise<void> {
    if (this.builtIn.some((s) => s.id === textureId)) {
      throw new ApiError(Code.forbidden, textureMessages.builtIn);
    }
    const row = await this.textures.find(ownerId, textureId);
    if (row) await this.usage.guardDelete(ownerId, { kind: 'sticker', fileKey: row.file_key }, force);
    if (!row || !(await this.textures.delete(ownerId, textureId))) {
      throw new ApiError(Code.notFound, textureMessages.notFound);
    }
    await this.files.remove(row.file_key);
  }

  /**
   * The image file behind a texture id the owner may use (built-in or own), for renderers;
   * undefined for unknown ids and other users' stickers.
   */
  async resolveFile(
    ownerId: number,
    textureId: string,
  ): Promise<{ file: string; type: TextureType; width: number; height: number } | undefined> {
    const s = this.builtIn.find((b) => b.id === textureId);
    if (s) {
      return {
        file: path.join(this.libraryDir, 'stickers', s.file),
        type: s.type,
        width: s.width,
        height: s.height,
      };
    }
    const row = await this.textures.find(ownerId, textureId);
    if (!row) return undefined;
    return {
      file: await this.files.localPath(row.file_key),
      type: asType(row.type),
      width: row.width,
      height: row.height,
    };
  }

  private async find(ownerId: number, textureId: string): Promise<TextureItem | undefined> {
    const s = this.builtIn.find((b) => b.id === textureId);
    if (s) return this.builtInItem(s);
    const row = await this.textures.find(ownerId, textureId);
    return row ? this.ownItem(row) : undefined;
  }

  /** 'u' + 3 base-36 characters, unused by anyone (never clashes with built-in s/g ids). */
  private async freshId(): Promise<string> {
    for (let i = 0; i < ID_ATTEMPTS; i++) {
      const id = `u${randomInt(ID_SPACE).toString(36).padStart(3, '0')}`;
      if (!(await this.textures.idTaken(id))) return id;
    }
    throw new ApiError(Code.conflict, '贴图数量已达上限，请删除部分贴图后重试');
  }

  private builtInItem(s: BuiltInSticker): TextureItem {
    return {
      textureId: s.id,
      name: s.name,
      path: `/library/stickers/${s.file}`,
      type: s.type,
      width: s.width,
      height: s.height,
      isGlobal: TEXTURE_GLOBAL.builtIn,
      own: false,
      durationMs: s.durationMs ?? 0,
    };
  }

  private ownItem(row: TextureRow): TextureItem {
    return {
      textureId: row.texture_id,
      name: row.name,
      path: `/files/${row.file_key}`,
      type: asType(row.type),
      width: row.width,
      height: row.height,
      isGlobal: TEXTURE_GLOBAL.own,
      own: true,
      durationMs: row.duration_ms,
    };
  }
}

const asType = (type: number): TextureType => (type === 2 ? 2 : 1);

/** The given name, else the file name without its extension, else 贴图; at most 30 characters. */
function textureName(given: string, filename: string): string {
  return clipped(given || fileStem(filename) || '贴图', TEXTURE_NAME_MAX);
}
