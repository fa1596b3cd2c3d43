import type { AxiosError } from 'axios';

/**
 * Whether a call failed in the browser's API client, as axios's own `isAxiosError` decides it (an object whose
 * `isAxiosError` is true), without importing axios: a page's forms read their errors with it, and axios (20 KB of
 * gzip) then loads with the first call instead of with every page that has a form.
 */
export function isApiClientError<T = unknown>(error: unknown): error is AxiosError<T> {
  return typeof error === 'object' && error !== null && (error as { isAxiosError?: unknown }).isAxiosError === true;
}

/** A call the API client sent and got no answer to: the connection failed or dropped. */
export const isUnanswered = (error: unknown): boolean => isApiClientError(error) && !error.response;
