/**
 * Ends a start that failed with one line an operator can act on (a bad setting, a Redis that does
 * not answer) instead of a stack trace, and a non-zero exit code for the service manager.
 */
export function cannotStart(error: unknown): never {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`\n  Presenter Studio cannot start: ${message}\n`);
  process.exit(1);
}
