import { describe, expect, it, vi } from 'vitest';
import { createAccountApi } from '../../../src/api/account';
import { createApiClient } from '../../../src/api/client';
import { fakeAdapter } from './fakeAdapter';

function setup(body: unknown) {
  const showMessage = vi.fn();
  const fake = fakeAdapter(() => ({ body }));
  const client = createApiClient({
    getToken: () => 'tok',
    clearToken: vi.fn(),
    reload: vi.fn(),
    showMessage,
    confirmLogout: vi.fn(async () => false),
    adapter: fake.adapter,
  });
  return { api: createAccountApi(client), requests: fake.requests, showMessage };
}

describe('account calls', () => {
  it('logs in with POST /virtual/v1/login and returns the top-level token', async () => {
    const { api, requests } = setup({ code: 200, msg: '登录成功', token: 'jwt1', data: { token: 'jwt1' } });
    const res = await api.login({ username: 'demo', password: 'demo123456', version: '0.1.0' });
    expect(res.token).toBe('jwt1');
    expect(requests[0].method).toBe('post');
    expect(requests[0].url).toBe('/virtual/v1/login');
    expect(JSON.parse(requests[0].data as string)).toEqual({
      username: 'demo',
      password: 'demo123456',
      version: '0.1.0',
    });
  });

  it('changes the password through wrapper 1 (success message shown)', async () => {
    const { api, requests, showMessage } = setup({ code: 200, msg: '密码修改成功' });
    await api.changePassword({ oldPassword: 'a', newPassword: 'bbbbbb', checknewPassword: 'bbbbbb' });
    expect(requests[0].url).toBe('/api/v1/user/pwdset');
    expect(showMessage).toHaveBeenCalledWith('success', '密码修改成功', 5000);
  });

  it('uploads the avatar as multipart field "file" and returns the new URL', async () => {
    const { api, requests, showMessage } = setup({
      code: 200,
      msg: '头像上传成功',
      data: '/files/avatars/x.png',
    });
    const res = await api.uploadAvatar(new Blob(['png'], { type: 'image/png' }), 'avatar.png');
    expect(res.data).toBe('/files/avatars/x.png');
    const form = requests[0].data as FormData;
    expect(form.get('file')).toBeInstanceOf(Blob);
    expect(requests[0].url).toBe('/api/v1/user/avatar');
    expect(showMessage).toHaveBeenCalledWith('success', '头像上传成功', 5000);
  });

  it('logs out quietly: a token the server rejects produces no dialog', async () => {
    const { api, showMessage } = setup({ code: 501, msg: 'expired' });
    await expect(api.logout()).rejects.toMatchObject({ code: 501 });
    expect(showMessage).not.toHaveBeenCalled();
  });
});
