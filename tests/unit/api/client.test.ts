import { describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  createApiClient,
  MESSAGE_DURATION_MS,
  NETWORK_ERROR,
  TIMEOUT_ERROR,
  UNKNOWN_ERROR,
  type ApiClient,
  type CallOptions,
  type ClientEffects,
} from '../../../src/api/client';
import { avatarEndpoint, profileEndpoint } from '../../../src/api/user.contract';
import { projectRenameEndpoint } from '../../../src/api/project.contract';
import { fakeAdapter, type FakeReply } from './fakeAdapter';

function setup(reply: FakeReply | (() => FakeReply), opts: { token?: string; relogin?: boolean } = {}) {
  let token = opts.token;
  const effects = {
    getToken: () => token,
    clearToken: vi.fn(() => {
      token = undefined;
    }),
    reload: vi.fn(),
    showMessage: vi.fn(),
    confirmLogout: vi.fn(async () => opts.relogin ?? false),
  } satisfies ClientEffects;
  const fake = fakeAdapter(typeof reply === 'function' ? reply : () => reply);
  const api = createApiClient({ ...effects, adapter: fake.adapter, baseURL: 'http://api.test' });
  return { client: withPlainCalls(api), effects, requests: fake.requests, token: () => token };
}

/** GET and POST by address through the client's one request path: the handling under test is the same. */
function withPlainCalls(api: ApiClient) {
  return {
    ...api,
    get: (url: string, _params?: undefined, options?: CallOptions) =>
      api.request({ method: 'GET', url }, options),
    post: (url: string, body?: unknown, options?: CallOptions) =>
      api.request({ method: 'POST', url, data: body }, options),
  };
}

const ok = (data: unknown = null, msg = 'ok') => ({ body: { code: 200, msg, data } });

describe('bearer header', () => {
  it('sends Authorization: Bearer <token> when a token is stored', async () => {
    const { client, requests } = setup(ok({ a: 1 }), { token: 'abc.def' });
    await client.get('/api/v1/user/profile');
    expect(requests[0].headers.get('Authorization')).toBe('Bearer abc.def');
    expect(requests[0].baseURL).toBe('http://api.test');
  });

  it('sends no Authorization header without a token', async () => {
    const { client, requests } = setup(ok());
    await client.post('/virtual/v1/login', { username: 'a' });
    expect(requests[0].headers.has('Authorization')).toBe(false);
  });
});

describe('strict mode (default)', () => {
  it('resolves the envelope on code 200 without any message', async () => {
    const { client, effects } = setup(ok({ n: 1 }, '成功'));
    await expect(client.get('/x')).resolves.toEqual({ code: 200, msg: '成功', data: { n: 1 } });
    expect(effects.showMessage).not.toHaveBeenCalled();
  });

  it('shows msg as an error for 5 s and rejects on another code', async () => {
    const { client, effects } = setup({
      body: { code: 400, msg: '用户名或密码错误', data: { captchaRequired: false } },
    });
    const error = await client.post('/virtual/v1/login', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: '用户名或密码错误', kind: 'business', code: 400 });
    expect((error as ApiError).envelope?.data).toEqual({ captchaRequired: false });
    expect(effects.showMessage).toHaveBeenCalledExactlyOnceWith('error', '用户名或密码错误', 5000);
    expect(MESSAGE_DURATION_MS).toBe(5000);
  });

  it('falls back to 未知错误 when the failed envelope has no msg', async () => {
    const { client, effects } = setup({ body: { code: 500, msg: '' } });
    await expect(client.get('/x')).rejects.toThrow(UNKNOWN_ERROR);
    expect(effects.showMessage).toHaveBeenCalledWith('error', '未知错误', 5000);
  });

  it('does not resolve 422 or an empty code', async () => {
    for (const code of [422, '']) {
      const { client, effects } = setup({ body: { code, msg: 'nope' } });
      await expect(client.get('/x')).rejects.toThrow('nope');
      expect(effects.showMessage).toHaveBeenCalledWith('error', 'nope', 5000);
    }
  });

  it('treats an HTTP error that carries an envelope (429) as a business answer', async () => {
    const { client, effects } = setup({ status: 429, body: { code: 429, msg: '请求过于频繁' } });
    await expect(client.post('/virtual/v1/login', {})).rejects.toMatchObject({ kind: 'business', code: 429 });
    expect(effects.showMessage).toHaveBeenCalledExactlyOnceWith('error', '请求过于频繁', 5000);
    expect(effects.confirmLogout).not.toHaveBeenCalled();
  });

  it('reports an HTTP error without envelope with its status', async () => {
    const { client, effects } = setup({ status: 500, body: '<html>oops</html>' });
    await expect(client.get('/x')).rejects.toMatchObject({ kind: 'http', code: 500 });
    expect(effects.showMessage).toHaveBeenCalledWith('error', expect.stringContaining('500'), 5000);
  });

  it('quiet calls show neither message nor dialog', async () => {
    const { client, effects } = setup({ body: { code: 400, msg: 'bad' } });
    await expect(client.get('/x', undefined, { quiet: true })).rejects.toThrow('bad');
    const second = setup({ body: { code: 501, msg: 'expired' } });
    await expect(second.client.get('/x', undefined, { quiet: true })).rejects.toMatchObject({ code: 501 });
    expect(effects.showMessage).not.toHaveBeenCalled();
    expect(second.effects.confirmLogout).not.toHaveBeenCalled();
  });
});

describe('wrapper 1 (announce)', () => {
  it('shows a 200 msg as a success message', async () => {
    const { client, effects } = setup(ok(null, '密码修改成功'));
    await client.post('/api/v1/user/pwdset', {}, { mode: 'announce' });
    expect(effects.showMessage).toHaveBeenCalledExactlyOnceWith('success', '密码修改成功', 5000);
  });

  it('shows any other code as an error message and rejects', async () => {
    const { client, effects } = setup({ body: { code: 400, msg: '原密码错误' } });
    await expect(client.post('/api/v1/user/pwdset', {}, { mode: 'announce' })).rejects.toThrow('原密码错误');
    expect(effects.showMessage).toHaveBeenCalledExactlyOnceWith('error', '原密码错误', 5000);
  });
});

describe('wrapper 2 (lenient)', () => {
  it('lets code 422 and the empty code through silently', async () => {
    for (const code of [422, '']) {
      const { client, effects } = setup({ body: { code, msg: 'pending', data: 7 } });
      await expect(client.get('/x', undefined, { mode: 'lenient' })).resolves.toMatchObject({
        code,
        data: 7,
      });
      expect(effects.showMessage).not.toHaveBeenCalled();
    }
  });

  it('still rejects other codes with an error message', async () => {
    const { client, effects } = setup({ body: { code: 400 } });
    await expect(client.get('/x', undefined, { mode: 'lenient' })).rejects.toThrow(UNKNOWN_ERROR);
    expect(effects.showMessage).toHaveBeenCalledWith('error', UNKNOWN_ERROR, 5000);
  });
});

describe('logged-out codes 501, 502, 504', () => {
  it.each([501, 502, 504])(
    'code %i opens the Confirm logout dialog; Re-Login clears the token and reloads',
    async (code) => {
      const { client, effects, token } = setup(
        { body: { code, msg: 'token expired' } },
        { token: 't1', relogin: true },
      );
      await expect(client.get('/api/v1/user/profile')).rejects.toMatchObject({ code, kind: 'business' });
      await vi.waitFor(() => expect(effects.reload).toHaveBeenCalledOnce());
      expect(effects.confirmLogout).toHaveBeenCalledOnce();
      expect(effects.clearToken).toHaveBeenCalledOnce();
      expect(token()).toBeUndefined();
      expect(effects.showMessage).not.toHaveBeenCalled();
    },
  );

  it('Cancel keeps the token and stays on the page', async () => {
    const { client, effects, token } = setup(
      { body: { code: 501, msg: 'x' } },
      { token: 't1', relogin: false },
    );
    await expect(client.get('/x')).rejects.toMatchObject({ code: 501 });
    await vi.waitFor(() => expect(effects.confirmLogout).toHaveBeenCalledOnce());
    await Promise.resolve();
    expect(effects.clearToken).not.toHaveBeenCalled();
    expect(effects.reload).not.toHaveBeenCalled();
    expect(token()).toBe('t1');
  });

  it('opens one dialog for several calls failing at once', async () => {
    let answer: (v: boolean) => void = () => undefined;
    const { client, effects } = setup({ body: { code: 501, msg: 'x' } }, { token: 't' });
    effects.confirmLogout.mockImplementation(() => new Promise<boolean>((r) => (answer = r)));
    await Promise.allSettled([client.get('/a'), client.get('/b'), client.get('/c')]);
    expect(effects.confirmLogout).toHaveBeenCalledOnce();
    answer(false);
    await Promise.resolve();
    await client.get('/d').catch(() => undefined);
    expect(effects.confirmLogout).toHaveBeenCalledTimes(2);
  });

  it('opens the dialog for a 501 that comes with HTTP 401 too', async () => {
    const { client, effects } = setup({ status: 401, body: { code: 501, msg: 'x' } }, { relogin: true });
    await expect(client.get('/x')).rejects.toMatchObject({ code: 501 });
    await vi.waitFor(() => expect(effects.reload).toHaveBeenCalledOnce());
  });
});

describe('network errors', () => {
  it('shows an error message for 5 s and rejects when no response arrives', async () => {
    const { client, effects } = setup({ network: true });
    await expect(client.get('/x')).rejects.toMatchObject({
      kind: 'network',
      code: null,
      message: NETWORK_ERROR,
    });
    expect(effects.showMessage).toHaveBeenCalledExactlyOnceWith('error', NETWORK_ERROR, 5000);
    expect(effects.confirmLogout).not.toHaveBeenCalled();
  });

  it('says the request timed out on a timeout', async () => {
    const { client, effects } = setup({ timeout: true });
    await expect(client.get('/x')).rejects.toMatchObject({ kind: 'network', message: TIMEOUT_ERROR });
    expect(effects.showMessage).toHaveBeenCalledWith('error', TIMEOUT_ERROR, 5000);
  });
});

describe('upload', () => {
  it('posts multipart data and reports progress in whole percent', async () => {
    const progress: number[] = [];
    const { client, requests } = setup(() => {
      const config = requests[requests.length - 1];
      config.onUploadProgress?.({ loaded: 1, total: 3, bytes: 1, lengthComputable: true });
      config.onUploadProgress?.({ loaded: 3, total: 3, bytes: 2, lengthComputable: true });
      return ok('/files/a.png');
    });
    const file = new Blob(['x'], { type: 'image/png' });
    await expect(
      client.upload(avatarEndpoint, {}, [{ field: 'file', file, name: 'a.png' }], {
        onUploadProgress: (p) => progress.push(p),
      }),
    ).resolves.toMatchObject({
      data: '/files/a.png',
    });
    const sent = requests[0].data as FormData;
    expect([...sent.keys()]).toEqual(['file']);
    expect((sent.get('file') as File).name).toBe('a.png');
    expect(requests[0].url).toBe('/api/v1/user/avatar');
    expect(progress).toEqual([33, 100]);
  });
});

describe('call', () => {
  it("sends a POST endpoint's body as JSON to its path", async () => {
    const { client, requests } = setup(ok(null));
    await client.call(projectRenameEndpoint, { projectId: 3, projectName: '周会' });
    expect(requests[0].method).toBe('post');
    expect(requests[0].url).toBe('/virtual/v1/userPro/rename');
    expect(JSON.parse(requests[0].data as string)).toEqual({ projectId: 3, projectName: '周会' });
  });

  it('sends a GET endpoint without a body', async () => {
    const { client, requests } = setup(ok({ roles: ['admin'] }));
    await expect(client.call(profileEndpoint, {})).resolves.toMatchObject({ data: { roles: ['admin'] } });
    expect(requests[0].method).toBe('get');
    expect(requests[0].url).toBe('/api/v1/user/profile');
    expect(requests[0].data).toBeUndefined();
  });
});
