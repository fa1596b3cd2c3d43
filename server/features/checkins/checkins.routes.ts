import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  checkinBatchResultSchema,
  checkinBatchSchema,
  checkinParamsSchema,
  checkinRequestSchema,
  checkinResponseSchema,
  checkinStatsSchema,
  undoCheckinResultSchema,
  undoCheckinSchema,
} from '../../../src/contract/checkins.ts';
import { scanDataPageSchema, scanDataQuerySchema } from '../../../src/contract/scan-data.ts';
import type { ApiContext } from '../../api-context.ts';
import { checkIn, checkinStats, undoCheckin, uploadBatch } from './checkins.service.ts';
import { consumeScanQuota, requireDoorAccess } from './door-access.service.ts';
import { scanData } from './scan-data.service.ts';

const tags = ['checkins'];
const gzipAsync = promisify(gzip);
/** Requests whose JSON answer is gzipped on the way out (scan data: megabytes of text that shrink 3–4×). */
const compressed = new WeakSet<FastifyRequest>();

const verdictMessages = {
  valid: 'Valid — let them in.',
  already_used: 'Already used.',
  invalid: 'Not a valid ticket.',
  wrong_event: 'This ticket is for another event.',
  voided: 'This ticket was cancelled or refunded.',
  unpaid: 'This ticket is not paid.',
  test_ticket: 'TEST ticket — not valid for entry.',
  not_yet_valid: 'This ticket is not valid yet.',
  expired: 'This ticket has expired.',
} as const;

export function checkinsRoutes(app: FastifyInstance, { db, routes, auth }: ApiContext): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!compressed.has(request) || typeof payload !== 'string' || reply.statusCode !== 200) return payload;
    if (!/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) return payload;
    reply.header('content-encoding', 'gzip');
    reply.header('vary', 'accept-encoding');
    reply.removeHeader('content-length');
    return gzipAsync(payload, { level: 6 });
  });

  routes.add(app, {
    method: 'GET',
    url: '/events/:eventId/scan-data',
    summary: 'One page of the event’s scan data for door devices: tickets, keys, revocations; ?since= for changes',
    tags,
    auth: 'required',
    errors: ['FORBIDDEN'],
    params: checkinParamsSchema,
    query: scanDataQuerySchema,
    response: scanDataPageSchema,
    handler: async ({ params, query, request }) => {
      const caller = await auth.require(request);
      // Fresh: the download hands out personal data, so a member removed a moment ago gets none.
      const access = await requireDoorAccess(db, params.eventId, caller.sub, true);
      compressed.add(request);
      return { message: 'Scan data.', data: await scanData(db, access, query) };
    },
  });

  routes.add(app, {
    method: 'POST',
    url: '/events/:eventId/checkins',
    summary: 'Check in one scan (a signed ticket code, or a ticket id by hand): the server decides atomically',
    tags,
    auth: 'required',
    whileActing: 'refused',
    errors: ['FORBIDDEN', 'TOO_MANY_REQUESTS'],
    params: checkinParamsSchema,
    body: checkinRequestSchema,
    response: checkinResponseSchema,
    handler: async ({ params, body, request }) => {
      const caller = await auth.require(request);
      const access = await requireDoorAccess(db, params.eventId, caller.sub);
      consumeScanQuota(caller.sub, access.eventId);
      const verdict = await checkIn(db, access, body);
      return { message: verdictMessages[verdict.result], data: verdict };
    },
  });

  routes.add(app, {
    method: 'POST',
    url: '/events/:eventId/checkins/batch',
    summary: 'Upload scans decided offline (idempotent by deviceId and clientScanId; the earliest scan admits)',
    tags,
    auth: 'required',
    whileActing: 'refused',
    errors: ['FORBIDDEN', 'TOO_MANY_REQUESTS'],
    params: checkinParamsSchema,
    body: checkinBatchSchema,
    response: checkinBatchResultSchema,
    handler: async ({ params, body, request }) => {
      const caller = await auth.require(request);
      const access = await requireDoorAccess(db, params.eventId, caller.sub);
      consumeScanQuota(caller.sub, access.eventId, body.scans.length);
      const results = await uploadBatch(db, access, body.scans);
      return { message: `${results.length} scan${results.length === 1 ? '' : 's'} recorded.`, data: { results } };
    },
  });

  routes.add(app, {
    method: 'POST',
    url: '/events/:eventId/checkins/undo',
    summary: 'Undo a check-in within 2 minutes (the scanner, an owner or a manager); logged',
    tags,
    auth: 'required',
    whileActing: 'refused',
    errors: ['FORBIDDEN', 'CONFLICT'],
    params: checkinParamsSchema,
    body: undoCheckinSchema,
    response: undoCheckinResultSchema,
    handler: async ({ params, body, request }) => {
      const caller = await auth.require(request);
      const access = await requireDoorAccess(db, params.eventId, caller.sub, true);
      return { message: 'Check-in undone.', data: await undoCheckin(db, access, body) };
    },
  });

  routes.add(app, {
    method: 'GET',
    url: '/events/:eventId/checkins/stats',
    summary: 'Live door counts: tickets sold, checked in, and inside now',
    tags,
    auth: 'required',
    errors: ['FORBIDDEN'],
    params: checkinParamsSchema,
    response: checkinStatsSchema,
    handler: async ({ params, request }) => {
      const caller = await auth.require(request);
      const access = await requireDoorAccess(db, params.eventId, caller.sub);
      return { message: 'Door counts.', data: await checkinStats(db, access.eventId) };
    },
  });
}
