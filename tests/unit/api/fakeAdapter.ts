import { AxiosError, AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';

/** What the fake server answers: an HTTP status with a body, or no response at all. */
export type FakeReply = { status?: number; body: unknown } | { network: true } | { timeout: true };

/** An axios adapter that records requests and answers like a real server would (2xx resolves). */
export function fakeAdapter(reply: (config: InternalAxiosRequestConfig) => FakeReply) {
  const requests: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    requests.push(config);
    const r = reply(config);
    if ('network' in r) throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {});
    if ('timeout' in r) throw new AxiosError('timeout of 1ms exceeded', AxiosError.ECONNABORTED, config, {});
    const status = r.status ?? 200;
    const response = {
      data: r.body,
      status,
      statusText: String(status),
      headers: new AxiosHeaders(),
      config,
      request: {},
    };
    if (status >= 200 && status < 300) return response;
    throw new AxiosError(
      `Request failed with status code ${status}`,
      AxiosError.ERR_BAD_RESPONSE,
      config,
      {},
      response,
    );
  };
  return { adapter, requests };
}
