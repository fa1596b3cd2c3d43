import type { FastifyInstance } from 'fastify';
import { clientErrorReceiptSchema, clientErrorReportSchema } from '../../../src/contract/client-errors.ts';
import type { ApiContext } from '../../api-context.ts';
import { recordClientError } from './client-errors.service.ts';

/** Errors the app met in a browser, for the server's log (decision 050). */
export function clientErrorsRoutes(app: FastifyInstance, { db, routes }: ApiContext): void {
  routes.add(app, {
    method: 'POST',
    url: '/client-errors',
    summary: 'Report an error the app met in the browser (logged, nothing stored)',
    tags: ['client-errors'],
    auth: 'none',
    whileActing: { allowed: 'An error report changes nothing: it is only written to the server’s log.' },
    errors: ['TOO_MANY_REQUESTS'],
    body: clientErrorReportSchema,
    statuses: ['ACCEPTED'],
    response: clientErrorReceiptSchema,
    handler: async ({ body, request }) => {
      await recordClientError({ db, log: request.log }, body, { ip: request.ip });
      return { message: 'Thank you: the error was noted.', data: { received: true as const } };
    },
  });
}
