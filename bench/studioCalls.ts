import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BenchCall } from './benchProject';

// The product's HTTP calls every bench makes the same way (bench/run.ts on a server in its own
// process, bench/scaleOut.ts on a web server with separate workers): JSON calls, the slide deck
// upload, and a render followed to its end.
const root = path.resolve(import.meta.dirname, '..');

/** A JSON answer of the API (`data` as the endpoint gives it). */
export interface Answer {
  code: number;
  msg: string;
  data: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  token?: string;
}

/** A POST to the server at `base` with a JSON body; throws when the answer's code is not 200. */
export function apiCall(base: string) {
  return async (url: string, body: unknown, token?: string): Promise<Answer> => {
    const res = await fetch(base + url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as Answer;
    if (json.code !== 200) throw new Error(`${url}: ${json.msg}`);
    return json;
  };
}

/** Uploads the 3-page Chinese fixture PDF and waits until its pages are rasterised; its deck info. */
export async function uploadDeck(base: string, call: BenchCall, token: string) {
  const form = new FormData();
  form.append(
    'resources',
    new Blob([readFileSync(path.join(root, 'tests/fixtures/slides-zh-3p.pdf'))]),
    'deck.pdf',
  );
  const upload = await fetch(`${base}/virtual/v1/userPpt/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const { pptId } = ((await upload.json()) as { data: { pptId: number } }).data;
  let info;
  do {
    await new Promise((r) => setTimeout(r, 50));
    info = (await call('/virtual/v1/userPpt/info', { pptId }, token)).data;
  } while (info.status === 'processing');
  return info;
}

/**
 * How often the app asks for a render's status (COMPOSE_POLL_MS in src/app/state/projects.ts, not
 * imported: that module brings the browser's HTTP client and signals with it).
 */
const APP_POLL_MS = 3000;

/**
 * Renders the project as saved and polls its status until the render ends; the finished status
 * (with `video`). A render that fails or is cancelled throws, named by `what`.
 *
 * `ended`, where the bench runs the server in its own process, tells from the job table that the
 * render's job has ended (one indexed read, no HTTP). Then the status is asked every 3 s as the app
 * asks it, and the end is still seen within 100 ms. Without it (a server elsewhere) the status is
 * asked every 250 ms. Each HTTP poll costs the server and the bench about 3 ms of CPU, counted as
 * the render's: 100 polls of a 25 s render were 0.3 CPU s (0.6% of it) that the baselines do not pay.
 */
export async function renderToEnd(
  call: BenchCall,
  token: string,
  projectId: number,
  what = 'render',
  ended?: () => Promise<boolean>,
) {
  await call('/virtual/v1/userPro/composeProject', { projectId }, token);
  const tick = ended ? 100 : 250;
  let sinceAsked = 0;
  let status;
  for (;;) {
    await new Promise((r) => setTimeout(r, tick));
    sinceAsked += tick;
    if (ended && sinceAsked < APP_POLL_MS && !(await ended())) continue;
    sinceAsked = 0;
    status = (await call('/virtual/v1/userPro/composeStatus', { projectId }, token)).data;
    if (status.status !== 'queued' && status.status !== 'rendering') break;
  }
  if (status.status !== 'done') throw new Error(`${what} ${status.status}: ${status.message}`);
  return status;
}
