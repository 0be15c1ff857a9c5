import sharp from 'sharp';
import type { Rgb } from '../../server/video/colourBoxes';

/*
 * Solid-colour art for pixel checks of the editor stage, and a tiny API client that uploads it as
 * the logged-in browser user (the session cookie's jwt as bearer token), so the stage draws files
 * that went through the real upload checks.
 */

/** A PNG of one opaque colour. */
export function solidPng(width: number, height: number, [r, g, b]: Rgb): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();
}

/** A screenshot as raw RGB rows, the layout colourBox reads. */
export async function rawRgb(png: Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** Calls the studio API with the browser session's token; any answer but code 200 throws. */
export class SessionApi {
  constructor(
    private readonly serverUrl: string,
    private readonly jwt: string,
  ) {}

  /** A JSON POST; answers data. */
  async post<T>(path: string, body: object): Promise<T> {
    const res = await fetch(`${this.serverUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${this.jwt}` },
      body: JSON.stringify(body),
    });
    return this.data<T>(path, res);
  }

  /** A multipart upload: text fields first (the server reads them before the file), then the file. */
  async upload<T>(
    path: string,
    fields: Record<string, string>,
    file: { field: string; name: string; type: string; bytes: Buffer },
  ): Promise<T> {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append(file.field, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
    const res = await fetch(`${this.serverUrl}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.jwt}` },
      body: form,
    });
    return this.data<T>(path, res);
  }

  private async data<T>(path: string, res: Response): Promise<T> {
    const json = (await res.json()) as Envelope<T>;
    if (json.code !== 200) throw new Error(`${path}: ${json.code} ${json.msg}`);
    return json.data;
  }
}
