import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useFileDrop } from '../../../../src/app/hooks/useFileDrop';

function Zone({ onFile, disabled }: { onFile(file: File): void; disabled?: boolean }) {
  const { dragging, dropHandlers } = useFileDrop(onFile, disabled);
  return <div data-testid="zone" className={dragging ? 'is-dragging' : ''} {...dropHandlers} />;
}

const file = new File(['%PDF-1.7'], '讲稿.pdf', { type: 'application/pdf' });
const withFiles = (files: File[]) => ({ dataTransfer: { files } });

describe('useFileDrop: one drop zone behaviour for every upload place', () => {
  afterEach(cleanup);
  it('shows dragging while a file is held over it and hands over the first dropped file', () => {
    const onFile = vi.fn();
    render(<Zone onFile={onFile} />);
    const zone = screen.getByTestId('zone');
    act(() => void fireEvent.dragOver(zone, withFiles([file])));
    expect(zone.className).toBe('is-dragging');
    act(() => void fireEvent.dragLeave(zone));
    expect(zone.className).toBe('');
    act(() => void fireEvent.dragOver(zone, withFiles([file])));
    act(() => void fireEvent.drop(zone, withFiles([file, new File(['x'], 'b.txt')])));
    expect(zone.className).toBe('');
    expect(onFile).toHaveBeenCalledOnce();
    expect(onFile).toHaveBeenCalledWith(file);
  });

  it('takes nothing while disabled (busy) and ignores a drop without files', () => {
    const onFile = vi.fn();
    const { rerender } = render(<Zone onFile={onFile} disabled />);
    const zone = screen.getByTestId('zone');
    act(() => void fireEvent.dragOver(zone, withFiles([file])));
    expect(zone.className).toBe('');
    act(() => void fireEvent.drop(zone, withFiles([file])));
    rerender(<Zone onFile={onFile} />);
    act(() => void fireEvent.drop(zone, withFiles([])));
    expect(onFile).not.toHaveBeenCalled();
  });

  it('stops the browser from opening the dropped file', () => {
    render(<Zone onFile={() => undefined} />);
    const zone = screen.getByTestId('zone');
    const drop = new Event('drop', { bubbles: true, cancelable: true });
    Object.assign(drop, withFiles([file]));
    act(() => void zone.dispatchEvent(drop));
    expect(drop.defaultPrevented).toBe(true);
  });
});
