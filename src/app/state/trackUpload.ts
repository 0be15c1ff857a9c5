/*
 * One way every upload reports itself: what is being sent plus its percent while it runs, and
 * null once it ends, however it ends. Screens keep the report in component state (useUpload),
 * the state modules in a signal; both read the same shape.
 */

/** An upload in progress: what the caller says it is, and how much of it has been sent. */
export type UploadProgress<M extends object> = M & { percent: number };

/** Runs `send`, reporting `{ ...meta, percent }` as it goes and null when it has ended. */
export async function trackUpload<M extends object, T>(
  report: (state: UploadProgress<M> | null) => void,
  meta: M,
  send: (onProgress: (percent: number) => void) => Promise<T>,
): Promise<T> {
  report({ ...meta, percent: 0 });
  try {
    return await send((percent) => report({ ...meta, percent }));
  } finally {
    report(null);
  }
}
