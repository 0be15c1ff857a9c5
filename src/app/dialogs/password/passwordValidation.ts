import {
  checkConfirmPassword,
  checkNewPassword,
  checkOldPassword,
  MIN_PASSWORD_LENGTH,
  passwordMessages,
  type PasswordForm,
} from '../../../model/account';

export type PasswordField = keyof PasswordForm;
export type PasswordErrors = Partial<Record<PasswordField, string>>;

export const EMPTY_PASSWORD_FORM: PasswordForm = { oldPassword: '', newPassword: '', checknewPassword: '' };

/** Every rule of a field, run when it loses focus (spec section 5: validation on blur). */
export function validateOnBlur(field: PasswordField, form: PasswordForm): string | null {
  if (field === 'oldPassword') return checkOldPassword(form.oldPassword);
  if (field === 'newPassword') return checkNewPassword(form.newPassword);
  return checkConfirmPassword(form.checknewPassword, form.newPassword);
}

/**
 * The length rule, run while typing (spec section 5: length on change). Only the new password has
 * a length rule; the other fields keep their current message until they lose focus again.
 */
export function validateOnChange(field: PasswordField, form: PasswordForm, current: string | undefined) {
  if (field !== 'newPassword') return current;
  const value = form.newPassword;
  return value.length > 0 && value.length < MIN_PASSWORD_LENGTH ? passwordMessages.tooShort : undefined;
}

/** All fields' messages, for submit. */
export function validateAll(form: PasswordForm): PasswordErrors {
  const errors: PasswordErrors = {};
  for (const field of Object.keys(EMPTY_PASSWORD_FORM) as PasswordField[]) {
    const message = validateOnBlur(field, form);
    if (message) errors[field] = message;
  }
  return errors;
}
