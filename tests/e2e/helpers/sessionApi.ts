import type { BrowserSession } from './browser';

/*
 * A tiny API client that calls the studio as the browser's logged-in user (the session cookie's jwt
 * as bearer token), for setup and read-backs a flow does not click through.
 */

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

/** The API as the user logged in to `browser`. */
export async function sessionApi(browser: BrowserSession, serverUrl: string): Promise<SessionApi> {
  const jwt = (await browser.context.cookies()).find((c) => c.name === 'jwt')!.value;
  return new SessionApi(serverUrl, jwt);
}
