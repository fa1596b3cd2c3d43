import { useEffect, useState } from 'react';

/**
 * `value` once it has stayed the same for `delayMs` (compared by its JSON, so a new object with the same content is no
 * change): a count asked of the server follows a person's clicks and typing without a call for each.
 */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  const key = JSON.stringify(value);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the value's content (key) decides, not its identity
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [key, delayMs]);
  return settled;
}
