import { signal } from '@preact/signals-react';
import { MESSAGE_DURATION_MS, type MessageType } from '../../api/client';

/** One toast on screen. */
export interface Toast {
  id: number;
  type: MessageType;
  text: string;
}

/** Toasts currently shown, oldest first (rendered top-centre by MessageHost). */
export const toasts = signal<Toast[]>([]);

/**
 * At most this many toasts at once: a burst of actions (insert, save, upload) would otherwise
 * stack a column over the stage. A new one closes the oldest, an error last.
 */
export const MAX_TOASTS = 3;

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

/**
 * Shows a toast that closes by itself after durationMs (5 s by default, spec section 9). The same
 * text shown again while still visible restarts its timer instead of stacking a copy.
 */
export function showMessage(
  type: MessageType,
  text: string,
  durationMs: number = MESSAGE_DURATION_MS,
): number {
  const same = toasts.value.find((t) => t.type === type && t.text === text);
  const id = same?.id ?? nextId++;
  if (same) clearTimeout(timers.get(id));
  else {
    const shown = toasts.value;
    if (shown.length >= MAX_TOASTS) closeMessage((shown.find((t) => t.type !== 'error') ?? shown[0]).id);
    toasts.value = [...toasts.value, { id, type, text }];
  }
  timers.set(
    id,
    setTimeout(() => closeMessage(id), durationMs),
  );
  return id;
}

/** Closes one toast early. */
export function closeMessage(id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  toasts.value = toasts.value.filter((t) => t.id !== id);
}
