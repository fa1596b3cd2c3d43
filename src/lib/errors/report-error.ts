import { clientErrorLimits, scrubErrorText, shortStack } from '../../contract/client-error-text.ts';
import type { ClientErrorKind, ClientErrorReport } from '../../contract/client-errors.ts';
import { apiBase } from '../api-base.ts';

/** A page in a loop reports its first errors, not thousands; the server limits each address as well. */
const maxReportsPerPage = 10;
const reported = new Set<string>();

// Errors from another realm (an iframe, a test's DOM) are objects all the same, though not `instanceof Object`.
export const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null;

/** An id for the report, sent as the request's id: the console line and the server's log line carry the same. */
function requestId(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** Name, message and stack of whatever was thrown (an Error, a string, anything). */
export function describeError(error: unknown): Pick<ClientErrorReport, 'name' | 'message' | 'stack'> {
  const name = isObject(error) && 'name' in error ? String(error.name) : typeof error;
  const message = isObject(error) && 'message' in error ? String(error.message) : String(error);
  const stack = isObject(error) && 'stack' in error && typeof error.stack === 'string' ? error.stack : undefined;
  return {
    name: scrubErrorText(name).slice(0, clientErrorLimits.name) || 'Error',
    message: scrubErrorText(message).slice(0, clientErrorLimits.message),
    ...(shortStack(stack) ? { stack: shortStack(stack) } : {}),
  };
}

/**
 * Logs an error with the page and a request id, and sends it to the server's log (decision 050). Never throws:
 * a report that cannot be sent (offline, rate-limited) is left at the console line.
 */
export function reportClientError(error: unknown, { kind, fatal }: { kind: ClientErrorKind; fatal: boolean }): void {
  // The path only: a query or fragment can hold a code or a token.
  const page = window.location.pathname.slice(0, clientErrorLimits.page);
  const id = requestId();
  console.error(`Admit error on ${page} (request id ${id})`, error);
  const described = describeError(error);
  const key = `${kind} ${described.name} ${described.message}`;
  if (reported.has(key) || reported.size >= maxReportsPerPage) return;
  reported.add(key);
  const report: ClientErrorReport = { kind, fatal, page, ...described };
  fetch(`${apiBase()}/client-errors`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-request-id': id },
    body: JSON.stringify(report),
    credentials: 'omit',
    keepalive: true,
  }).catch(() => undefined);
}
