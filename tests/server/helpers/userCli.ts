import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../..');

/** What a finished `npm run user` printed, and its exit status. */
export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `npm run user -- <args>` (src/server/cli/user.ts through tsx) with `env`. Asynchronous, so
 * a test can run independent calls at once: each one starts tsx and the server's modules (seconds
 * on a loaded machine), mostly waiting on the disk and the other core.
 */
export function userCli(env: NodeJS.ProcessEnv, ...args: string[]): Promise<CliRun> {
  return runScript('src/server/cli/user.ts', env, ...args);
}

/** Runs one of the server's entry points (`src/server/...ts`) through tsx until it exits. */
export function runScript(script: string, env: NodeJS.ProcessEnv, ...args: string[]): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.once('error', reject);
    child.once('close', (status) => resolve({ status, stdout, stderr }));
  });
}
