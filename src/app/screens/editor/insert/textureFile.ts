import { textureMessages, type TextureType } from '../../../../api/texture.contract';
import { pictureFormatOf, SIGNATURE_BYTES } from '../../../../model/fileSignature';

/** The texture type (1 PNG, 2 GIF) the file's first bytes announce, or null for anything else. */
export function textureTypeOfBytes(bytes: Uint8Array): TextureType | null {
  const format = pictureFormatOf(bytes);
  return format === 'png' ? 1 : format === 'gif' ? 2 : null;
}

/**
 * Checks a chosen sticker file by content before it is uploaded (the server checks again): null
 * when it is the wanted type, else the spec's message 上传图片只能是 PNG 格式! / ... GIF 格式!.
 */
export async function checkTextureFile(file: Blob, want: TextureType): Promise<string | null> {
  const head = new Uint8Array(await file.slice(0, SIGNATURE_BYTES).arrayBuffer());
  if (textureTypeOfBytes(head) === want) return null;
  return want === 1 ? textureMessages.notPng : textureMessages.notGif;
}

/** A fresh instance id for a sticker marker (letters and digits; unique on a page in practice). */
export function newStickerInstanceId(): string {
  return `t${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}
