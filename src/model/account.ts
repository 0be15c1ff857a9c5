import { z } from 'zod';

/** Password and avatar rules of spec section 5, shared by the dialogs and the server. */
export const MIN_PASSWORD_LENGTH = 6;

export const passwordMessages = {
  oldRequired: '请输入密码',
  oldSpaces: '输入密码不应包含空格!',
  newRequired: '请输入新密码',
  newSpaces: '输入新密码不应包含空格!',
  tooShort: '长度最低在 6 个字符',
  confirmRequired: '请再次输入新密码',
  mismatch: '两次输入新密码不一致!',
} as const;

export interface PasswordForm {
  oldPassword: string;
  newPassword: string;
  checknewPassword: string;
}

const hasSpace = (s: string) => /\s/.test(s);

/** The first rule the old password breaks, or null. */
export function checkOldPassword(value: string): string | null {
  if (!value) return passwordMessages.oldRequired;
  if (hasSpace(value)) return passwordMessages.oldSpaces;
  return null;
}

/** The first rule the new password breaks, or null. */
export function checkNewPassword(value: string): string | null {
  if (!value) return passwordMessages.newRequired;
  if (hasSpace(value)) return passwordMessages.newSpaces;
  if (value.length < MIN_PASSWORD_LENGTH) return passwordMessages.tooShort;
  return null;
}

/** The first rule the confirmation breaks, or null. */
export function checkConfirmPassword(value: string, newPassword: string): string | null {
  if (!value) return passwordMessages.confirmRequired;
  if (hasSpace(value)) return passwordMessages.newSpaces;
  if (value !== newPassword) return passwordMessages.mismatch;
  return null;
}

/** Every field's first broken rule, in form order; empty when the form may be submitted. */
export function checkPasswordForm(form: PasswordForm): string[] {
  return [
    checkOldPassword(form.oldPassword),
    checkNewPassword(form.newPassword),
    checkConfirmPassword(form.checknewPassword, form.newPassword),
  ].filter((m): m is string => m !== null);
}

export const passwordFormSchema = z
  .object({
    oldPassword: z.string().max(128),
    newPassword: z.string().max(128),
    checknewPassword: z.string().max(128),
  })
  .superRefine((form, ctx) => {
    for (const message of checkPasswordForm(form)) ctx.addIssue({ code: 'custom', message });
  });

/** Avatar limits (spec sections 5 and 9); the English messages are the spec's own. */
export const AVATAR_MAX_KB = 10240;
export const AVATAR_MAX_BYTES = AVATAR_MAX_KB * 1024;
export const AVATAR_MIN_WIDTH = 200;
export const AVATAR_MIN_HEIGHT = 199;
export const avatarMessages = {
  notImage: 'Image only',
  tooLarge: 'Image exceeds size limit: 10240kb',
  tooSmall: "Image's size is too low. Expected at least: 200*199",
  uploadFailed: 'Upload failed',
} as const;
