import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  appliedCodeSchema,
  codeQuerySchema,
  createDiscountCodeSchema,
  discountCodeListQuerySchema,
  discountCodeListSchema,
  discountCodeParamsSchema,
  discountCodeRules,
  discountCodeSchema,
  generateDiscountCodesSchema,
  updateDiscountCodeSchema,
} from '../../../src/contract/discount-codes.ts';
import { eventParamsSchema } from '../../../src/contract/events.ts';
import type { ApiContext } from '../../api-context.ts';
import { networkPrefix } from '../../lib/network-prefix.ts';
import { consumeRateLimit, type RateLimit } from '../../lib/rate-limiter.ts';
import { codesCsv } from './codes-csv.ts';
import {
  appliedCode,
  changeDiscountCode,
  createDiscountCode,
  deleteDiscountCode,
  discountCodesForExport,
  generateDiscountCodes,
  importDiscountCodes,
  listDiscountCodes,
} from './discount-codes.service.ts';

const tags = ['discount codes'];

/** Codes a network may try in ten minutes: a buyer's typos fit many times over, guessing codes does not. */
export const codeTriesPerNetwork: RateLimit = {
  name: 'code-check:network',
  limit: 30,
  windowSeconds: 600,
  refusal: 'Too many codes tried',
};

const noteOnCodes = 'Owners and managers of the event’s organisation (events.edit)';

export function discountCodesRoutes(app: FastifyInstance, { db, routes, auth }: ApiContext): void {
  routes.add(app, {
    method: 'GET',
    url: '/events/:eventId/discount-codes',
    summary: `The event’s discount and access codes with their uses and sales, newest first. ${noteOnCodes}`,
    tags,
    auth: 'required',
    errors: ['FORBIDDEN'],
    params: eventParamsSchema,
    query: discountCodeListQuerySchema,
    response: discountCodeListSchema,
    handler: async ({ params, query, request }) => {
      const caller = await auth.require(request);
      return { message: 'Codes.', data: await listDiscountCodes(db, caller.sub, params.eventId, query) };
    },
  });

  routes.add(app, {
    method: 'POST',
    url: '/events/:eventId/discount-codes',
    summary: `Create a discount or access code for the event. ${noteOnCodes}`,
    tags,
    auth: 'required',
    whileActing: 'refused',
    statuses: ['CREATED'],
    errors: ['FORBIDDEN', 'CONFLICT'],
    params: eventParamsSchema,
    body: createDiscountCodeSchema,
    response: discountCodeSchema,
    handler: async ({ params, body, request }) => {
      const caller = await auth.require(request);
      const code = await createDiscountCode(db, caller.sub, params.eventId, body);
      return { message: `Code ${code.code} created.`, data: code };
    },
  });

  routes.add(app, {
    method: 'POST',
    url: '/events/:eventId/discount-codes/generate',
    summary: `Make up to 2,000 unique codes with the same settings, answered as a list. ${noteOnCodes}`,
    tags,
    auth: 'required',
    whileActing: 'refused',
    statuses: ['CREATED'],
    errors: ['FORBIDDEN'],
    params: eventParamsSchema,
    body: generateDiscountCodesSchema,
    response: z.object({ codes: z.array(z.string()) }),
    handler: async ({ params, body, request }) => {
      const caller = await auth.require(request);
      const data = await generateDiscountCodes(db, caller.sub, params.eventId, body);
      return { message: `${data.codes.length} codes made.`, data };
    },
  });

  routes.add(app, {
    method: 'POST',
    url: '/events/:eventId/discount-codes/import',
    summary: `Import codes from CSV text (the first column is the code), each with the same settings. ${noteOnCodes}`,
    tags,
    auth: 'required',
    whileActing: 'refused',
    statuses: ['CREATED'],
    errors: ['FORBIDDEN'],
    params: eventParamsSchema,
    body: discountCodeRules.extend({ csv: z.string().max(300_000, 'Import a file of at most 300 KB.') }),
    response: z.object({
      created: z.number().int(),
      skipped: z.array(z.object({ line: z.number().int(), code: z.string(), reason: z.string() })),
    }),
    handler: async ({ params, body, request }) => {
      const caller = await auth.require(request);
      const data = await importDiscountCodes(db, caller.sub, params.eventId, body);
      return { message: `${data.created} codes imported.`, data };
    },
  });

  routes.addFile(app, {
    method: 'GET',
    url: '/events/:eventId/discount-codes/export',
    summary: `Every code of the event as CSV: what it does, its limits, uses, paid orders, revenue and discount given. ${noteOnCodes}`,
    tags,
    auth: 'required',
    errors: ['FORBIDDEN'],
    params: eventParamsSchema,
    contentType: 'text/csv; charset=utf-8',
    handler: async ({ params, request }) => {
      const caller = await auth.require(request);
      const { codes, types } = await discountCodesForExport(db, caller.sub, params.eventId);
      return { fileName: `codes-${params.eventId.slice(0, 8)}.csv`, content: codesCsv(codes, types) };
    },
  });

  routes.add(app, {
    method: 'PUT',
    url: '/events/:eventId/discount-codes/:codeId',
    summary: `Replace a code’s settings, or archive it (its text never changes). ${noteOnCodes}`,
    tags,
    auth: 'required',
    whileActing: 'refused',
    errors: ['FORBIDDEN'],
    params: discountCodeParamsSchema,
    body: updateDiscountCodeSchema,
    response: discountCodeSchema,
    handler: async ({ params, body, request }) => {
      const caller = await auth.require(request);
      const code = await changeDiscountCode(db, caller.sub, params.eventId, params.codeId, body);
      return { message: code.archived ? `Code ${code.code} archived.` : `Code ${code.code} saved.`, data: code };
    },
  });

  routes.add(app, {
    method: 'DELETE',
    url: '/events/:eventId/discount-codes/:codeId',
    summary: `Delete a code no order was placed with (one that was can be archived). ${noteOnCodes}`,
    tags,
    auth: 'required',
    whileActing: 'refused',
    errors: ['FORBIDDEN', 'CONFLICT'],
    params: discountCodeParamsSchema,
    response: z.object({ deleted: z.literal(true) }),
    handler: async ({ params, request }) => {
      const caller = await auth.require(request);
      await deleteDiscountCode(db, caller.sub, params.eventId, params.codeId);
      return { message: 'Code deleted.', data: { deleted: true as const } };
    },
  });

  routes.add(app, {
    method: 'GET',
    url: '/events/:eventId/code',
    summary:
      'What a code typed by a buyer does for the event: its discount and the hidden tickets it shows (30 tries per network in 10 minutes)',
    tags,
    auth: 'optional',
    errors: ['NOT_FOUND', 'CONFLICT', 'TOO_MANY_REQUESTS'],
    params: eventParamsSchema,
    query: codeQuerySchema,
    response: appliedCodeSchema,
    handler: async ({ params, query, request }) => {
      await consumeRateLimit(db, codeTriesPerNetwork, networkPrefix(request.ip));
      const code = await appliedCode(db, params.eventId, query.code);
      return { message: code.summary, data: code };
    },
  });
}
