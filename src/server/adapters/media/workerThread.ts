import { Worker } from 'node:worker_threads';

/**
 * Starts a worker thread from a module of this source tree. When the module is TypeScript (the server
 * runs under tsx, tests under vitest), the worker first registers tsx's loader in its own thread:
 * passing `--import tsx` through execArgv does not reach workers on Node 20.
 */
export function startModuleWorker(moduleUrl: URL, workerData?: unknown): Worker {
  if (!moduleUrl.pathname.endsWith('.ts')) return new Worker(moduleUrl, { workerData });
  const boot =
    `import('tsx/esm/api').then((api) => { api.register(); ` +
    `return import(${JSON.stringify(moduleUrl.href)}); });`;
  return new Worker(boot, { eval: true, workerData });
}
