/** A random UUID v4; `crypto.randomUUID` needs a secure context, `getRandomValues` does not. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface Attempt {
  key: string;
  /** The request body it was made for, as JSON. */
  body: string;
}

/**
 * The key for sending `body`: the previous attempt's when the body is the same (a retry after a
 * lost answer gets the same order back), a new one when the buyer changed anything.
 */
export function attemptFor(previous: Attempt | null, body: string, makeKey: () => string = newIdempotencyKey): Attempt {
  return previous && previous.body === body ? previous : { key: makeKey(), body };
}
