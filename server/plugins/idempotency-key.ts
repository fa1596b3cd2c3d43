import type { FastifyRequest } from 'fastify';
import { IDEMPOTENCY_HEADER, idempotencyKeySchema } from '../../src/contract/orders.ts';
import { HttpError } from '../lib/http-error.ts';
import type { HeaderSpec } from './route-registry.ts';

/** The header `idempotencyKeyOf` reads, as the routes that read it declare it. */
export const idempotencyKeyHeader: HeaderSpec = {
  name: 'Idempotency-Key',
  required: true,
  description: 'A new random value for each new request: a retry with the same value is answered as the first was.',
  schema: idempotencyKeySchema,
};

/** Money-moving POSTs need an `Idempotency-Key`, so a retried request never charges or refunds twice. */
export function idempotencyKeyOf(request: FastifyRequest): string {
  const header = request.headers[IDEMPOTENCY_HEADER];
  const parsed = idempotencyKeySchema.safeParse(Array.isArray(header) ? header[0] : header);
  if (parsed.success) return parsed.data;
  const message = header
    ? 'The Idempotency-Key header must be 8 to 100 characters.'
    : 'Send an Idempotency-Key header (a new random value for each new request) so a retry is never counted twice.';
  throw new HttpError('BAD_REQUEST', message, [{ path: 'headers.idempotency-key', message }]);
}
