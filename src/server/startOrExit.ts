/**
 * Runs a process's start (settings, database, queue, listening) and ends a start that failed with
 * one line an operator can act on (a bad setting, a Redis that does not answer, a port in use)
 * instead of a stack trace, and a non-zero exit code for the service manager.
 */
export async function startOrExit<T>(start: () => Promise<T>): Promise<T> {
  try {
    return await start();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`\n  Presenter Studio cannot start: ${message}\n`);
    process.exit(1);
  }
}
