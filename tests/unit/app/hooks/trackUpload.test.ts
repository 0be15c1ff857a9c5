import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useUpload } from '../../../../src/app/hooks/useUpload';
import { trackUpload, type UploadProgress } from '../../../../src/app/state/trackUpload';

describe('trackUpload', () => {
  it('reports what is sent with its percent, then null, and answers what the upload answered', async () => {
    const reports: (UploadProgress<{ name: string }> | null)[] = [];
    const answer = await trackUpload(
      (s) => reports.push(s),
      { name: 'a.mp3' },
      async (onProgress) => {
        onProgress(40);
        onProgress(100);
        return 'stored';
      },
    );
    expect(answer).toBe('stored');
    expect(reports).toEqual([
      { name: 'a.mp3', percent: 0 },
      { name: 'a.mp3', percent: 40 },
      { name: 'a.mp3', percent: 100 },
      null,
    ]);
  });

  it('ends with null when the upload fails, and lets the failure through', async () => {
    const reports: unknown[] = [];
    const failing = trackUpload(
      (s) => reports.push(s),
      {},
      async () => {
        throw new Error('refused');
      },
    );
    await expect(failing).rejects.toThrow('refused');
    expect(reports.at(-1)).toBeNull();
  });
});

describe('useUpload', () => {
  it('is busy with the percent while sending and idle again afterwards', async () => {
    const { result } = renderHook(() => useUpload<{ at: number }>());
    expect(result.current.busy).toBe(false);
    let progress!: (percent: number) => void;
    let finish!: () => void;
    let sent!: Promise<void>;
    act(() => {
      sent = result.current.run({ at: 2 }, (onProgress) => {
        progress = onProgress;
        return new Promise<void>((resolve) => (finish = resolve));
      });
    });
    expect(result.current.upload).toEqual({ at: 2, percent: 0 });
    act(() => progress(55));
    expect(result.current).toMatchObject({ busy: true, upload: { at: 2, percent: 55 } });
    await act(async () => {
      finish();
      await sent;
    });
    expect(result.current).toMatchObject({ busy: false, upload: null });
  });
});
