import { pathToFileURL } from 'node:url';
import type { JobsCliDeps } from './jobsCliServer';

export type { JobsCliDeps } from './jobsCliServer';

// `npm run jobs -- list [status] [--kind K] [--limit N]`: every user's jobs, newest first.
// `npm run jobs -- retry <id>`: puts a failed or cancelled job back in the queue.
// `npm run jobs -- clean <days>`: removes done, failed and cancelled jobs older than that.
// The same with the job table and with BullMQ (REDIS_URL): the job row is the one record.
const USAGE = [
  'usage: npm run jobs -- list [queued|running|done|failed|cancelled] [--kind KIND] [--limit N]',
  '       npm run jobs -- retry <job id>',
  '       npm run jobs -- clean <days>   (keeps each subject’s newest job and every finished render: they are videos)',
].join('\n');

/** An age as an operator reads it: 45s, 12m, 3h, 2d. */
export function formatAge(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m`;
  if (s < 86_400) return `${Math.floor(s / 3600)}h`;
  return `${Math.floor(s / 86_400)}d`;
}

/** The jobs as a text table: id, kind, user, status, progress, attempts, age and message. */
export async function listJobs(
  deps: JobsCliDeps,
  opts: { status?: string; kind?: string; limit?: number } = {},
): Promise<string> {
  const now = deps.now ?? Date.now();
  const rows = await deps.admin.list({ status: opts.status, kind: opts.kind, limit: opts.limit ?? 50 });
  const table = [
    ['ID', 'KIND', 'USER', 'STATUS', 'PROGRESS', 'TRIES', 'AGE', 'MESSAGE'],
    ...rows.map((r) => [
      String(r.id),
      r.kind,
      r.username ?? `#${r.owner_id}`,
      r.status,
      `${Math.round(r.progress * 100)}%`,
      String(r.attempts),
      formatAge(now - r.created_at),
      r.message,
    ]),
  ];
  const widths = table[0].map((_, c) => Math.max(...table.map((row) => row[c].length)));
  const lines = table.map((row) =>
    row
      .map((cell, c) => (c === row.length - 1 ? cell : cell.padEnd(widths[c])))
      .join('  ')
      .trimEnd(),
  );
  return rows.length ? lines.join('\n') : 'no jobs';
}

/** Puts a failed or cancelled job back in the queue; throws with the reason when it cannot. */
export async function retryJob(deps: JobsCliDeps, id: number): Promise<string> {
  const row = await deps.queue.find(id);
  if (!row) throw new Error(`job ${id} does not exist`);
  if (row.status !== 'failed' && row.status !== 'cancelled') {
    throw new Error(`job ${id} is ${row.status}: only a failed or cancelled job can be retried`);
  }
  // A user who already queued the same work again must not get it twice.
  if (await deps.admin.superseded(row)) throw new Error(`job ${id} has a newer job for the same subject`);
  if (!(await deps.admin.requeue(id, '管理员重新排队'))) throw new Error(`job ${id} changed meanwhile`);
  await deps.queue.resubmit((await deps.queue.find(id))!);
  return `job ${id} (${row.kind}) is queued again`;
}

/** Removes finished jobs older than `days` (rows, and BullMQ's own records of them). */
export async function cleanJobs(deps: JobsCliDeps, days: number): Promise<string> {
  const before = (deps.now ?? Date.now()) - days * 86_400_000;
  const rows = await deps.admin.deleteFinished(before);
  const engine = await deps.queue.cleanFinished(before);
  return `removed ${rows} job row(s) finished over ${days} day(s) ago${
    deps.queue.engine === 'bullmq' ? ` and ${engine} BullMQ record(s)` : ''
  }`;
}

/** Parses the command line and runs one command against the configured database and queue. */
async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const flag = (name: string) => {
    const i = rest.indexOf(name);
    return i >= 0 ? rest[i + 1] : undefined;
  };
  const positional = rest.filter((a, i) => !a.startsWith('--') && !rest[i - 1]?.startsWith('--'));
  const id = Number(positional[0]);
  const days = Number(positional[0]);
  const valid =
    command === 'list' ||
    (command === 'retry' && Number.isSafeInteger(id) && id > 0) ||
    (command === 'clean' && positional[0] !== undefined && Number.isFinite(days) && days >= 0);
  if (!valid) {
    console.error(USAGE);
    return 2;
  }
  const { openJobsCli } = await import('./jobsCliServer');
  const opened = await openJobsCli().catch((error: Error) => error);
  if (opened instanceof Error) {
    console.error(`${command} failed: ${opened.message}`);
    return 1;
  }
  const { deps, close } = opened;
  try {
    if (command === 'list') {
      const limit = Number(flag('--limit') ?? 50);
      console.log(await listJobs(deps, { status: positional[0], kind: flag('--kind'), limit }));
    } else if (command === 'retry') console.log(await retryJob(deps, id));
    else console.log(await cleanJobs(deps, days));
    return 0;
  } catch (error) {
    console.error(`${command} failed: ${(error as Error).message}`);
    return 1;
  } finally {
    await close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main(process.argv.slice(2));
}
