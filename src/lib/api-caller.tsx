import type { AxiosRequestConfig } from 'axios';
import { createContext, type ReactNode, useContext } from 'react';
import type { ApiEnvelope } from '../contract/envelope.ts';

/**
 * Calls the API and returns the envelope's data. In the browser it is the axios client; during
 * server rendering the web tier supplies one that calls the API in-process for that request.
 */
export type ApiCaller = <T>(config: AxiosRequestConfig) => Promise<T>;

/** An API answer other than success, as loaders see it (status 0: no answer). */
export class ApiCallError extends Error {
  override name = 'ApiCallError';
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

/** One in-process API call, as the web tier performs it during server rendering. */
export type ApiInject = (call: {
  method: string;
  url: string;
  payload?: unknown;
  headers: Record<string, string>;
}) => Promise<{ statusCode: number; body: string }>;

function queryString(params: unknown): string {
  if (!params || typeof params !== 'object') return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== null) search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The server-side caller: the API answers in-process, with the visitor's token when it is valid. */
export function injectedApiCaller(inject: ApiInject, apiBase: string, token: string | null): ApiCaller {
  return async <T,>(config: AxiosRequestConfig) => {
    const response = await inject({
      method: (config.method ?? 'GET').toUpperCase(),
      url: `${apiBase}${config.url ?? ''}${queryString(config.params)}`,
      payload: config.data,
      headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
    const envelope = JSON.parse(response.body) as ApiEnvelope<T>;
    if (response.statusCode >= 400) throw new ApiCallError(response.statusCode, envelope.message);
    return envelope.data as T;
  };
}

/** The browser's caller; axios loads with the first call, off the page's critical path. */
export const browserApiCaller: ApiCaller = async (config) => (await import('./api-client.ts')).apiRequest(config);

/** A file the API sends as it is, not in an envelope (e.g. a CSV export): the browser's client, its body and headers. */
export const browserApiFile = async (config: AxiosRequestConfig) =>
  (await import('./api-client.ts')).api.request<Blob>({ ...config, responseType: 'blob' });

const ApiCallerContext = createContext<ApiCaller>(browserApiCaller);

export function ApiCallerProvider({ api, children }: { api: ApiCaller; children: ReactNode }) {
  return <ApiCallerContext.Provider value={api}>{children}</ApiCallerContext.Provider>;
}

export const useApiCaller = () => useContext(ApiCallerContext);

/** The HTTP status of a failed call, whichever caller made it. */
export function statusOf(error: unknown): number {
  if (error instanceof ApiCallError) return error.status;
  const response = (error as { response?: { status?: number } } | null)?.response;
  return response?.status ?? 0;
}
