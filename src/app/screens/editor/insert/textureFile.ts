import { textureMessages, type TextureType } from '../../../../api/texture.contract';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const GIF_SIGNATURES = ['GIF87a', 'GIF89a'];

/** The texture type (1 PNG, 2 GIF) the file's first bytes announce, or null for anything else. */
export function textureTypeOfBytes(bytes: Uint8Array): TextureType | null {
  if (PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return 1;
  const head = String.fromCharCode(...bytes.slice(0, 6));
  return GIF_SIGNATURES.includes(head) ? 2 : null;
}

/**
 * Checks a chosen sticker file by content before it is uploaded (the server checks again): null
 * when it is the wanted type, else the spec's message 上传图片只能是 PNG 格式! / ... GIF 格式!.
 */
export async function checkTextureFile(file: Blob, want: TextureType): Promise<string | null> {
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  if (textureTypeOfBytes(head) === want) return null;
  return want === 1 ? textureMessages.notPng : textureMessages.notGif;
}

/** A fresh instance id for a sticker marker (letters and digits; unique on a page in practice). */
export function newStickerInstanceId(): string {
  return `t${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}
