import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useRepeatWhileHeld } from '../../../src/app/dialogs/avatar/useRepeatWhileHeld';

function Counter() {
  const [n, setN] = useState(0);
  const held = useRepeatWhileHeld(() => setN((v) => v + 1));
  return (
    <button type="button" {...held}>
      {n}
    </button>
  );
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('buttons that repeat while held', () => {
  it('acts on press, then every 60 ms until released', () => {
    vi.useFakeTimers();
    render(<Counter />);
    const button = screen.getByRole('button');
    fireEvent.pointerDown(button, { button: 0 });
    expect(button.textContent).toBe('1');
    act(() => vi.advanceTimersByTime(600));
    expect(button.textContent).toBe('11');
    fireEvent.pointerUp(button);
    act(() => vi.advanceTimersByTime(600));
    expect(button.textContent).toBe('11');
  });

  it('acts once for a keyboard press', () => {
    render(<Counter />);
    const button = screen.getByRole('button');
    fireEvent.click(button, { detail: 0 });
    expect(button.textContent).toBe('1');
  });
});
