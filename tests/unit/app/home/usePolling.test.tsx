import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePolling } from '../../../../src/app/screens/projects/usePolling';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('usePolling', () => {
  it('ticks every interval while enabled and stops when disabled or unmounted', async () => {
    const tick = vi.fn(() => Promise.resolve());
    const { rerender, unmount } = renderHook(({ on }) => usePolling(on, tick, 3000), {
      initialProps: { on: true },
    });
    await act(async () => vi.advanceTimersByTimeAsync(2999));
    expect(tick).toHaveBeenCalledTimes(0);
    await act(async () => vi.advanceTimersByTimeAsync(1));
    expect(tick).toHaveBeenCalledTimes(1);
    await act(async () => vi.advanceTimersByTimeAsync(3000));
    expect(tick).toHaveBeenCalledTimes(2);
    rerender({ on: false });
    await act(async () => vi.advanceTimersByTimeAsync(9000));
    expect(tick).toHaveBeenCalledTimes(2);
    rerender({ on: true });
    await act(async () => vi.advanceTimersByTimeAsync(3000));
    expect(tick).toHaveBeenCalledTimes(3);
    unmount();
    await act(async () => vi.advanceTimersByTimeAsync(9000));
    expect(tick).toHaveBeenCalledTimes(3);
  });

  it('waits for a slow round before scheduling the next one', async () => {
    let finish: () => void = () => undefined;
    const tick = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    renderHook(() => usePolling(true, tick, 3000));
    await act(async () => vi.advanceTimersByTimeAsync(10_000));
    expect(tick).toHaveBeenCalledTimes(1);
    await act(async () => {
      finish();
      await vi.advanceTimersByTimeAsync(3000);
    });
    expect(tick).toHaveBeenCalledTimes(2);
  });
});
