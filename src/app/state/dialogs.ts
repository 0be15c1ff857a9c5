import { signal } from '@preact/signals-react';

/** Whether the change-password dialog is open. */
export const passwordDialogOpen = signal(false);
/** Whether the avatar crop dialog is open. */
export const avatarDialogOpen = signal(false);
