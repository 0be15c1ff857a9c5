import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/api/client';

const api = vi.hoisted(() => ({ changePassword: vi.fn() }));
vi.mock('../../../src/app/services/http', () => ({ accountApi: api, http: {}, confirmLogout: vi.fn() }));

import { PasswordDialog } from '../../../src/app/dialogs/password/PasswordDialog';
import { validateOnChange } from '../../../src/app/dialogs/password/passwordValidation';
import { i18n } from '../../../src/app/i18n';
import { passwordDialogOpen } from '../../../src/app/state/dialogs';

const field = (id: string) => screen.getByTestId(id) as HTMLInputElement;
const error = (id: string) => screen.queryByTestId(`${id}-error`)?.textContent ?? null;
const type = (id: string, value: string) => fireEvent.change(field(id), { target: { value } });

beforeEach(async () => {
  await i18n.changeLanguage('zh');
  api.changePassword.mockReset();
  act(() => {
    passwordDialogOpen.value = true;
  });
  render(<PasswordDialog />);
});
afterEach(() => {
  act(() => {
    passwordDialogOpen.value = false;
  });
  cleanup();
});

describe('change-password dialog', () => {
  it('shows required and space rules only when a field loses focus', () => {
    type('pwd-old', 'a b');
    expect(error('pwd-old')).toBeNull();
    fireEvent.blur(field('pwd-old'));
    expect(error('pwd-old')).toBe('输入密码不应包含空格!');
    type('pwd-old', '');
    fireEvent.blur(field('pwd-old'));
    expect(error('pwd-old')).toBe('请输入密码');
    fireEvent.blur(field('pwd-confirm'));
    expect(error('pwd-confirm')).toBe('请再次输入新密码');
  });

  it('checks the new password length while typing', () => {
    type('pwd-new', 'abc');
    expect(error('pwd-new')).toBe('长度最低在 6 个字符');
    type('pwd-new', 'abcdef');
    expect(error('pwd-new')).toBeNull();
    fireEvent.blur(field('pwd-new'));
    expect(error('pwd-new')).toBeNull();
    type('pwd-new', 'abc def');
    fireEvent.blur(field('pwd-new'));
    expect(error('pwd-new')).toBe('输入新密码不应包含空格!');
    type('pwd-new', '');
    fireEvent.blur(field('pwd-new'));
    expect(error('pwd-new')).toBe('请输入新密码');
  });

  it('requires the confirmation to equal the new password', () => {
    type('pwd-new', 'abcdef');
    type('pwd-confirm', 'abcdeg');
    fireEvent.blur(field('pwd-confirm'));
    expect(error('pwd-confirm')).toBe('两次输入新密码不一致!');
    type('pwd-confirm', 'abcdef');
    fireEvent.blur(field('pwd-confirm'));
    expect(error('pwd-confirm')).toBeNull();
  });

  it('重置 clears the fields and messages', () => {
    type('pwd-old', 'x y');
    fireEvent.blur(field('pwd-old'));
    fireEvent.click(screen.getByTestId('pwd-reset'));
    expect(field('pwd-old').value).toBe('');
    expect(error('pwd-old')).toBeNull();
  });

  it('提交 validates every field and sends nothing while a rule is broken', () => {
    fireEvent.click(screen.getByTestId('pwd-submit'));
    expect(error('pwd-old')).toBe('请输入密码');
    expect(error('pwd-new')).toBe('请输入新密码');
    expect(error('pwd-confirm')).toBe('请再次输入新密码');
    expect(api.changePassword).not.toHaveBeenCalled();
  });

  it('shows the server message and stays open when the change is refused', async () => {
    api.changePassword.mockRejectedValue(new ApiError('原密码错误', 'business', 400));
    type('pwd-old', 'oldpass');
    type('pwd-new', 'newpass1');
    type('pwd-confirm', 'newpass1');
    await act(async () => fireEvent.click(screen.getByTestId('pwd-submit')));
    expect(api.changePassword).toHaveBeenCalledWith(
      { oldPassword: 'oldpass', newPassword: 'newpass1', checknewPassword: 'newpass1' },
      // The dialog shows 400 and 429 itself: the client adds no toast on top of it.
      { handles: [400, 429] },
    );
    expect(screen.getByTestId('pwd-server-error').textContent).toContain('原密码错误');
    expect(passwordDialogOpen.value).toBe(true);
    // Correcting the old password makes the refusal stale: it goes.
    type('pwd-old', 'oldpass2');
    expect(screen.queryByTestId('pwd-server-error')).toBeNull();
  });

  it('closes after a successful change', async () => {
    api.changePassword.mockResolvedValue({ code: 200, msg: '密码修改成功' });
    type('pwd-old', 'oldpass');
    type('pwd-new', 'newpass1');
    type('pwd-confirm', 'newpass1');
    await act(async () => fireEvent.click(screen.getByTestId('pwd-submit')));
    expect(passwordDialogOpen.value).toBe(false);
  });
});

describe('length rule on change', () => {
  it('leaves the other fields’ messages alone', () => {
    const form = { oldPassword: 'a', newPassword: 'b', checknewPassword: 'c' };
    expect(validateOnChange('oldPassword', form, 'kept')).toBe('kept');
    expect(validateOnChange('newPassword', form, undefined)).toBe('长度最低在 6 个字符');
  });
});
