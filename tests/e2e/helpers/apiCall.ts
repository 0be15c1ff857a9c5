/*
 * A running server's JSON API from a test process, as the app calls it: the browser flows' sign-in
 * and the server tests that start real processes (tests/server/helpers/cluster.ts) share it. A
 * leaf, so an e2e file does not load the clusters' database, Redis and S3 helpers to log in.
 */

/** An answer of the JSON API. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ApiAnswer = { code: number; msg: string; data: any; token?: string };

/** POSTs a JSON body to a running server's API, as the app does. */
export async function apiCall(
  baseUrl: string,
  url: string,
  body: object,
  token?: string,
): Promise<ApiAnswer> {
  const res = await fetch(baseUrl + url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await res.json()) as ApiAnswer;
}
