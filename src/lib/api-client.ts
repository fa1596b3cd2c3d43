import axios, { type AxiosError, type AxiosRequestConfig } from 'axios';
import type { ApiEnvelope } from '../contract/envelope.ts';
import { apiBase } from './api-base.ts';
import { offlineMessage } from './offline-message.ts';
import { endSession, validAccessToken } from './session/access-token.ts';
import { sentActingToken } from './session/acting.ts';
import { endActing } from './session/end-acting.ts';
import { toast } from './toasts.tsx';

export { offlineMessage };

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Turns off the error toast for this call. */
    silent?: boolean;
  }
}

/** The one HTTP client of the app; its base comes from the public configuration in the page. */
export const api = axios.create({
  headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
  timeout: 20_000,
});

api.interceptors.request.use(async (config) => {
  config.baseURL ??= apiBase();
  config.withCredentials = true;
  const token = typeof document === 'undefined' ? undefined : await validAccessToken(config.baseURL);
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  return config;
});

api.interceptors.response.use(undefined, (error: AxiosError<ApiEnvelope>) => {
  const envelope = error.response?.data;
  if (envelope?.httpStatus === 'UNAUTHORIZED' && typeof window !== 'undefined') {
    // A 401 to an acting token ends the acting only: the administrator's own session stays (decision 033).
    if (sentActingToken(error.config)) {
      void endActing();
      return Promise.reject(error);
    }
    endSession();
    return Promise.reject(error);
  }
  if (!error.config?.silent && typeof window !== 'undefined') {
    const message = error.response ? (envelope?.message ?? 'Something went wrong. Please try again.') : offlineMessage;
    toast.error(message, { toastId: message });
  }
  return Promise.reject(error);
});

/** Calls the API and returns the envelope's `data`. */
export async function apiRequest<T>(config: AxiosRequestConfig): Promise<T> {
  const response = await api.request<ApiEnvelope<T>>(config);
  return response.data.data as T;
}
