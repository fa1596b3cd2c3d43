import type { AxiosRequestConfig } from 'axios';

/** A call's data with the sentence the server said with it ("Queued. An administrator reads it before it goes."). */
export interface WithMessage<T> {
  message: string | null;
  data: T;
}

/** The envelope as the client reads it, its `data` holding the message beside the data; anything else as it came. */
export function keepServerMessage(raw: unknown): unknown {
  let envelope: unknown = raw;
  if (typeof raw === 'string') {
    try {
      envelope = JSON.parse(raw);
    } catch {
      return raw;
    }
  }
  if (!envelope || typeof envelope !== 'object' || !('data' in envelope)) return envelope;
  const { message, data } = envelope as { message?: unknown; data: unknown };
  return { ...envelope, data: { message: typeof message === 'string' ? message : null, data } };
}

/**
 * A call whose answer keeps the server's `message` for the person: the caller then resolves to `WithMessage<T>`.
 * Failures are untouched, so the usual error handling reads them. A caller that ignores it (a test's) yields no message.
 */
export const withServerMessage = (config: AxiosRequestConfig): AxiosRequestConfig => ({
  ...config,
  transformResponse: [keepServerMessage],
});

/** The message of an answer asked for with `withServerMessage`, whatever the caller gave back. */
export function readWithMessage<T>(answer: unknown): WithMessage<T> {
  if (answer && typeof answer === 'object' && 'message' in answer && 'data' in answer) {
    const { message, data } = answer as { message: unknown; data: T };
    return { message: typeof message === 'string' ? message : null, data };
  }
  return { message: null, data: answer as T };
}
