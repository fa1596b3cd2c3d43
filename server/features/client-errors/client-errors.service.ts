import type { FastifyBaseLogger } from 'fastify';
import { clientErrorLimits, scrubErrorText, shortStack } from '../../../src/contract/client-error-text.ts';
import type { ClientErrorReport } from '../../../src/contract/client-errors.ts';
import type { Db } from '../../db/database.ts';
import { consumeRateLimit, type RateLimit } from '../../lib/rate-limiter.ts';

/** One browser reports a handful of errors, not a flood: a page stuck in a loop stops being logged. */
export const clientErrorsPerAddress: RateLimit = {
  name: 'client-errors:address',
  limit: 30,
  windowSeconds: 10 * 60,
  refusal: 'Too many error reports',
};

/**
 * What reaches the log: the name, the message cut short, the page's path and the first lines of the stack, scrubbed
 * again here (a browser may send anything), and nothing else of the body.
 */
export function loggedReport(report: ClientErrorReport) {
  const stack = shortStack(report.stack);
  return {
    kind: report.kind,
    fatal: report.fatal,
    name: scrubErrorText(report.name),
    message: scrubErrorText(report.message).slice(0, clientErrorLimits.message),
    page: report.page,
    ...(stack ? { stack } : {}),
  };
}

/** Counts the report against the sender's address, then logs it under the request's id, which the browser logged too. */
export async function recordClientError(
  deps: { db: Db; log: FastifyBaseLogger },
  report: ClientErrorReport,
  caller: { ip: string },
): Promise<void> {
  await consumeRateLimit(deps.db, clientErrorsPerAddress, caller.ip);
  deps.log.warn({ clientError: loggedReport(report) }, 'An error in the browser');
}
