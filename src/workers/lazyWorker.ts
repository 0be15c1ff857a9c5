import { releaseProxy, wrap, type Remote } from 'comlink';

/** How long an unused worker is kept before it is terminated. */
export const WORKER_IDLE_MS = 30_000;

/** A Comlink worker started on first use, terminated when idle, replaced by a fallback without Worker. */
export interface LazyWorker<T> {
  /**
   * Runs `inWorker` against the worker, or `onMainThread` against the plain API when workers are
   * unavailable (tests, old browsers) or the worker failed to start.
   */
  run<R>(inWorker: (remote: Remote<T>) => Promise<R>, onMainThread: (api: T) => R | Promise<R>): Promise<R>;
  /** Terminates the worker now (the next call starts a new one). */
  terminate(): void;
  /** True while a worker is running. */
  readonly alive: boolean;
}

/** Wraps `create` (a Vite `new Worker(new URL(...))` factory) and its main-thread fallback `api`. */
export function lazyWorker<T>(create: () => Worker, api: T, idleMs = WORKER_IDLE_MS): LazyWorker<T> {
  let worker: Worker | null = null;
  let remote: Remote<T> | null = null;
  let failed: Promise<never> | null = null;
  let ready: Promise<boolean> | null = null;
  let broken = typeof Worker === 'undefined';
  let busy = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const terminate = () => {
    clearTimeout(timer);
    remote?.[releaseProxy]();
    worker?.terminate();
    worker = null;
    remote = null;
    failed = null;
    ready = null;
  };

  const start = () => {
    try {
      worker = create();
    } catch {
      broken = true;
      return false;
    }
    const w = worker;
    // A worker that cannot load never answers; its error event is the only sign.
    failed = new Promise<never>((_, reject) =>
      w.addEventListener('error', (e) => {
        broken = true;
        reject(new Error(`worker failed: ${e.message ?? 'load error'}`));
      }),
    );
    failed.catch(() => undefined);
    remote = wrap<T>(w);
    // Buffers are transferred, so a call sent to a worker that then fails to load would lose its
    // data: a first round trip (reading a property) proves the worker runs before anything is sent.
    const probe = (remote as unknown as Remote<{ ready: null }>).ready;
    ready = Promise.race([probe.then(() => true), failed]).catch(() => false);
    return true;
  };

  return {
    async run(inWorker, onMainThread) {
      if (broken || (!worker && !start())) return onMainThread(api);
      clearTimeout(timer);
      busy++;
      try {
        if (!(await ready)) {
          terminate();
          return await onMainThread(api);
        }
        return await Promise.race([inWorker(remote!), failed!]);
      } catch (e) {
        if (broken) terminate();
        throw e;
      } finally {
        busy--;
        if (busy === 0 && worker) timer = setTimeout(terminate, idleMs);
      }
    },
    terminate,
    get alive() {
      return worker !== null;
    },
  };
}
