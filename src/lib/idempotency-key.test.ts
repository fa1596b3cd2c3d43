import { describe, expect, it } from 'vitest';
import { attemptFor, newIdempotencyKey } from './idempotency-key.ts';

describe('idempotency keys', () => {
  it('are random UUIDs', () => {
    const key = newIdempotencyKey();
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newIdempotencyKey()).not.toBe(key);
  });

  it('are reused for a retry of the same order and renewed when the order changes', () => {
    let counter = 0;
    const makeKey = () => {
      counter += 1;
      return `key-${counter}`;
    };
    const first = attemptFor(null, '{"a":1}', makeKey);
    expect(first.key).toBe('key-1');
    expect(attemptFor(first, '{"a":1}', makeKey)).toBe(first);
    expect(attemptFor(first, '{"a":2}', makeKey).key).toBe('key-2');
  });
});
