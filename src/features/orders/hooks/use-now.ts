import { useEffect, useState } from 'react';

/**
 * The current time, ticking every `intervalMs` while `active`; null on the server and while
 * hydrating, so countdowns never differ from the server's HTML.
 */
export function useNow(intervalMs = 1000, active = true): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    if (!active) return;
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs, active]);
  return now;
}
