import { useCallback, useState } from 'react';
import { trackUpload, type UploadProgress } from '../state/trackUpload';

/**
 * An upload owned by one screen or dialog: `upload` is what is being sent with its percent (null
 * while idle), `busy` says whether one runs, `run` sends one and clears the state when it ends.
 */
export function useUpload<M extends object = object>() {
  const [upload, setUpload] = useState<UploadProgress<M> | null>(null);
  const run = useCallback(
    <T>(meta: M, send: (onProgress: (percent: number) => void) => Promise<T>) =>
      trackUpload(setUpload, meta, send),
    [],
  );
  return { upload, busy: upload !== null, run };
}
