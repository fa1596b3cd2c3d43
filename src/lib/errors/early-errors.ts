import type { EarlyError } from './error-listeners.ts';

/**
 * Keeps the errors raised before the listeners load (they load once the page is idle, off the critical path) and
 * hands them over once: a few lines in the entry instead of the reporter.
 */
export function keepEarlyErrors(): () => EarlyError[] {
  const kept: EarlyError[] = [];
  const keep = (event: EarlyError) => void kept.push(event);
  addEventListener('error', keep);
  addEventListener('unhandledrejection', keep);
  return () => {
    removeEventListener('error', keep);
    removeEventListener('unhandledrejection', keep);
    return kept;
  };
}
