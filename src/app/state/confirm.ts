import { signal } from '@preact/signals-react';

/** A confirmation waiting for the user's answer. */
export interface ConfirmRequest {
  title: string;
  content: string;
  confirmText: string;
  cancelText: string;
  /** Marks the dialog for tests and styling, e.g. 'confirm-logout'. */
  testId: string;
  resolve(confirmed: boolean): void;
}

/** The confirmation shown now, or null. */
export const pendingConfirm = signal<ConfirmRequest | null>(null);

/** Opens a confirmation dialog; resolves true on confirm, false on cancel or close. */
export function confirmDialog(request: Omit<ConfirmRequest, 'resolve'>): Promise<boolean> {
  pendingConfirm.value?.resolve(false);
  return new Promise((resolve) => {
    pendingConfirm.value = {
      ...request,
      resolve: (confirmed) => {
        pendingConfirm.value = null;
        resolve(confirmed);
      },
    };
  });
}
