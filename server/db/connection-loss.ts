import { HttpError } from '../lib/http-error.ts';

// Telling a lost database connection from an error of the statement itself, and what a request hears about it
// (decision 053).

/** Wraps a connection failure once: an error already wrapped is passed on as it is. */
export function unavailable(error: unknown): DatabaseUnavailableError {
  return error instanceof DatabaseUnavailableError ? error : new DatabaseUnavailableError(error);
}

/** Error codes of Node's sockets that mean the connection to the database is gone or was never made. */
const socketCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/** What pg and Kysely say when a connection died or was given up while a statement used it. */
const lostMessages =
  /Connection terminated|not queryable|Connection ended|timeout exceeded when trying to connect|connection has been discarded/i;

/** The server ended the session (08: connection exception; 57P01–57P03: shut down or starting up). */
const lostSqlStates = /^(08|57P0[1-3])/;

/**
 * True when `error` says the connection is gone, not that the statement was wrong: a FATAL from the server
 * (terminated, shutting down, not accepting connections), a closed or refused socket, or pg refusing a client
 * that already lost its connection.
 */
export function isConnectionLost(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  if (!(error instanceof Error)) return false;
  const { code, severity } = error as Error & { code?: unknown; severity?: unknown };
  if (severity === 'FATAL' || severity === 'PANIC') return true;
  if (typeof code === 'string' && (socketCodes.has(code) || lostSqlStates.test(code))) return true;
  return lostMessages.test(error.message);
}

/**
 * The answer to a request whose database connection was lost and that could not be retried safely: a 503 with
 * a sentence (the error plugin adds `Retry-After`). Whether work sent with its COMMIT was applied only the
 * database knows; money-moving requests are idempotent by key, so the client's retry finds out.
 */
export class DatabaseUnavailableError extends HttpError {
  override name = 'DatabaseUnavailableError';

  constructor(cause: unknown) {
    super(
      'SERVICE_UNAVAILABLE',
      'The service lost its connection to the database for a moment. Please try again in a few seconds.',
    );
    this.cause = cause;
  }
}
