import axios, {
  type AxiosAdapter,
  type AxiosInstance,
  type AxiosProgressEvent,
  type AxiosRequestConfig,
} from 'axios';
import { Code, LOGOUT_CODES, type Envelope } from './envelope';
import type { JsonEndpoint, RequestOf, ResponseOf, UploadEndpoint, UploadFieldsOf } from './endpoint';
import { multipartForm, type FilePart } from './multipart';

/** Kinds of toast the client asks the UI to show. */
export type MessageType = 'success' | 'info' | 'warning' | 'error';

/** How long error messages stay up (spec section 9: message time 5 s). */
export const MESSAGE_DURATION_MS = 5000;
/** Shown when a failed response carries no msg (spec section 8). */
export const UNKNOWN_ERROR = '未知错误';
export const NETWORK_ERROR = '网络连接失败，请检查网络后重试';
export const TIMEOUT_ERROR = '请求超时，请稍后重试';
/** Chunk and request timeout (spec section 8: 120000 ms). */
export const REQUEST_TIMEOUT_MS = 120_000;

/**
 * How a response envelope is turned into a result (spec section 8):
 * - `strict`: code 200 resolves; anything else shows msg (or 未知错误) as an error and rejects.
 * - `announce` (wrapper 1): like strict, but a 200 also shows its msg as a success message.
 * - `lenient` (wrapper 2): codes 422 and '' resolve like 200 without any message.
 * In every mode codes 501/502/504 open the 'Confirm logout' dialog instead of a message.
 */
export type ResponseMode = 'strict' | 'announce' | 'lenient';

/** UI effects the client needs; injected so the client stays testable without a browser UI. */
export interface ClientEffects {
  getToken(): string | undefined | null;
  /** Re-Login: forget the token (cookie and session state). */
  clearToken(): void;
  /** Re-Login: reload the page so the guard sends the user to /login. */
  reload(): void;
  showMessage(type: MessageType, text: string, durationMs: number): void;
  /** Opens the 'Confirm logout' dialog; resolves true for Re-Login, false for Cancel. */
  confirmLogout(): Promise<boolean>;
}

export interface ClientOptions extends ClientEffects {
  /** API host prefix, '' for the same origin. */
  baseURL?: string;
  timeout?: number;
  /** Replaces the network layer (tests). */
  adapter?: AxiosAdapter;
}

/** Per-call options on top of axios' own. */
export interface CallOptions {
  mode?: ResponseMode;
  /** No message and no dialog: the caller reports the failure itself. */
  quiet?: boolean;
  /** Business codes the caller answers itself (no message for them; others as usual). */
  handles?: readonly number[];
  onUploadProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** Why a call failed: a business code, an HTTP status without envelope, or no response at all. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly kind: 'business' | 'http' | 'network',
    /** Envelope code for business errors, HTTP status for http errors, null for network errors. */
    readonly code: number | null,
    readonly envelope?: Envelope<unknown>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** True when a value looks like the `{code, msg, data}` envelope. */
export function isEnvelope(value: unknown): value is Envelope<unknown> {
  return typeof value === 'object' && value !== null && 'code' in value;
}

/** The typed HTTP client every API helper goes through. */
export interface ApiClient {
  readonly axios: AxiosInstance;
  /** The untyped layer under `call` and `upload`: spec section 8's handling of one request. */
  request<E extends Envelope<unknown>>(config: AxiosRequestConfig, options?: CallOptions): Promise<E>;
  /** Calls a JSON endpoint: the body must match its request schema; the answer is typed from it. */
  call<E extends JsonEndpoint>(
    endpoint: E,
    body: RequestOf<E>,
    options?: CallOptions,
  ): Promise<ResponseOf<E>>;
  /**
   * Sends a multipart endpoint its text fields (the keys its schema reads) and files; progress is
   * reported in whole percent.
   */
  upload<E extends UploadEndpoint>(
    endpoint: E,
    fields: UploadFieldsOf<E>,
    files: readonly FilePart[],
    options?: CallOptions,
  ): Promise<ResponseOf<E>>;
}

/** Builds the axios layer with the spec's section 8 behaviour and the given UI effects. */
export function createApiClient(options: ClientOptions): ApiClient {
  const instance = axios.create({
    baseURL: options.baseURL ?? '',
    timeout: options.timeout ?? REQUEST_TIMEOUT_MS,
    adapter: options.adapter,
  });
  // Every call sends the bearer header when a token is stored (spec section 6).
  instance.interceptors.request.use((config) => {
    const token = options.getToken();
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
    return config;
  });

  let logoutDialogOpen = false;
  const askRelogin = async () => {
    // Several calls may fail with 501 at once: one dialog is enough.
    if (logoutDialogOpen) return;
    logoutDialogOpen = true;
    try {
      if (await options.confirmLogout()) {
        options.clearToken();
        options.reload();
      }
    } finally {
      logoutDialogOpen = false;
    }
  };

  const error = (text: string, call: CallOptions) => {
    if (!call.quiet) options.showMessage('error', text, MESSAGE_DURATION_MS);
  };

  const settle = <E extends Envelope<unknown>>(envelope: E, call: CallOptions): E => {
    const mode = call.mode ?? 'strict';
    const code = envelope.code as number | string;
    if (code === Code.ok) {
      if (mode === 'announce' && envelope.msg && !call.quiet) {
        options.showMessage('success', envelope.msg, MESSAGE_DURATION_MS);
      }
      return envelope;
    }
    if (mode === 'lenient' && (code === Code.unprocessable || code === '')) return envelope;
    const text = envelope.msg || UNKNOWN_ERROR;
    if (typeof code === 'number' && LOGOUT_CODES.includes(code)) {
      if (!call.quiet) void askRelogin();
    } else if (!(typeof code === 'number' && call.handles?.includes(code))) {
      error(text, call);
    }
    throw new ApiError(text, 'business', typeof code === 'number' ? code : null, envelope);
  };

  const fail = (reason: unknown, call: CallOptions): never => {
    if (axios.isAxiosError(reason) && reason.response) {
      // An HTTP error that still carries an envelope (e.g. 429) is a business answer.
      if (isEnvelope(reason.response.data)) return settle(reason.response.data, call) as never;
      const text = `请求失败（HTTP ${reason.response.status}）`;
      error(text, call);
      throw new ApiError(text, 'http', reason.response.status);
    }
    if (axios.isCancel(reason)) throw reason;
    const timedOut =
      axios.isAxiosError(reason) && (reason.code === 'ECONNABORTED' || reason.code === 'ETIMEDOUT');
    const text = timedOut ? TIMEOUT_ERROR : NETWORK_ERROR;
    error(text, call);
    throw new ApiError(text, 'network', null);
  };

  const request = async <E extends Envelope<unknown>>(config: AxiosRequestConfig, call: CallOptions = {}) => {
    const onProgress = call.onUploadProgress;
    const full: AxiosRequestConfig = {
      ...config,
      signal: call.signal ?? config.signal,
      onUploadProgress: onProgress
        ? (e: AxiosProgressEvent) =>
            onProgress(e.total ? Math.min(100, Math.round((e.loaded * 100) / e.total)) : 0)
        : config.onUploadProgress,
    };
    let data: unknown;
    try {
      data = (await instance.request(full)).data;
    } catch (reason) {
      return fail(reason, call);
    }
    if (!isEnvelope(data)) {
      error(UNKNOWN_ERROR, call);
      throw new ApiError(UNKNOWN_ERROR, 'http', null);
    }
    return settle(data as E, call);
  };

  return {
    axios: instance,
    request,
    call: <E extends JsonEndpoint>(endpoint: E, body: RequestOf<E>, call?: CallOptions) =>
      request<ResponseOf<E>>(
        endpoint.method === 'GET'
          ? { method: 'GET', url: endpoint.path, params: body }
          : { method: endpoint.method, url: endpoint.path, data: body },
        call,
      ),
    upload: <E extends UploadEndpoint>(
      endpoint: E,
      fields: UploadFieldsOf<E>,
      files: readonly FilePart[],
      call?: CallOptions,
    ) =>
      request<ResponseOf<E>>(
        { method: endpoint.method, url: endpoint.path, data: multipartForm(fields, files) },
        call,
      ),
  };
}
