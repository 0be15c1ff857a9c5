import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../../measure/freePort';

const root = path.resolve(import.meta.dirname, '../../..');

export interface RealServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  output(): string;
  stop(): Promise<void>;
  /** Kills the server like a crash would (SIGKILL), keeping its data. */
  kill(): Promise<void>;
}

/** Starts `src/server/main.ts` as `npm start` would (built app from dist/public), on a temp data dir. */
export async function startRealServer(
  env: Record<string, string> = {},
  opts: { dataDir?: string; keepData?: boolean } = {},
): Promise<RealServer> {
  const port = await freePort();
  const dataDir = opts.dataDir ?? mkdtempSync(path.join(tmpdir(), 'studio-e2e-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // The encoder is not measured again by every test server (about 7 CPU seconds each);
      // firstVideo.test.ts unsets this and renders as a fresh install does, measuring first.
      ENCODER_PRESET: 'veryfast',
      // Cheap password hashes (config.ts passwordCostFromEnv): every test logs in.
      PASSWORD_HASH: 'light',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (!output.includes('is running')) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    dataDir,
    process: child,
    output: () => output,
    async kill() {
      child.kill('SIGKILL');
      if (child.exitCode === null && child.signalCode === null)
        await new Promise((r) => child.once('exit', r));
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      if (!opts.keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
