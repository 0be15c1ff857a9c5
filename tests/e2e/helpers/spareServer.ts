import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startRealServer, type RealServer } from './realServer';

/*
 * The next browser file's server, started while this file's tests run. Starting the real server
 * (tsx compiling and importing it) took 3 s of every file's beforeAll on an idle machine and 6-8 s
 * on a busy one; the e2e files run one after another in one process (vitest.config.ts), so that
 * time can overlap the tests before. Only servers of the default environment are started ahead; a
 * file with its own (serverEnv) starts its own. The spare left after the last file is stopped when
 * the process exits, or by the project's global teardown (spareTeardown.ts) when the worker is
 * killed first: the spare's pid and folder are on record for it.
 */

/** Where a test process records its spare: named by the vitest process that runs the teardown. */
export const spareRecord = (vitestPid: number) => path.join(tmpdir(), `studio-e2e-spare-${vitestPid}.json`);

interface SpareOnRecord {
  pid: number;
  dataDir: string;
}

let spare: Promise<RealServer> | undefined;
let started: RealServer | undefined;
const record = spareRecord(process.ppid);

process.once('exit', () => {
  if (!started) return;
  started.process.kill('SIGTERM');
  rmSync(started.dataDir, { recursive: true, force: true });
  rmSync(record, { force: true });
});

/** A server of the default environment: the one started ahead when there is one, else a new one. */
export async function defaultServer(): Promise<RealServer> {
  const ahead = spare;
  spare = undefined;
  if (ahead) {
    try {
      return await ahead;
    } catch {
      // It did not start: starting one now reports why, in this file.
    } finally {
      started = undefined;
      rmSync(record, { force: true });
    }
  }
  return startRealServer();
}

/** Starts the next file's server in the background (once; the next defaultServer() takes it). */
export function startSpareServer(): void {
  if (spare) return;
  spare = startRealServer();
  spare.then(
    (server) => {
      started = server;
      const onRecord: SpareOnRecord = { pid: server.process.pid!, dataDir: server.dataDir };
      writeFileSync(record, JSON.stringify(onRecord));
    },
    () => undefined,
  );
}

/** Stops the spare on record for the vitest process `vitestPid`, if one is left. */
export function stopSpareOnRecord(vitestPid: number): void {
  const file = spareRecord(vitestPid);
  if (!existsSync(file)) return;
  const { pid, dataDir } = JSON.parse(readFileSync(file, 'utf8')) as SpareOnRecord;
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    // Already gone.
  }
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(file, { force: true });
}
