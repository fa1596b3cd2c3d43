import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  attachmentContentTypes,
  attachmentTooLargeMessage,
  attachmentTypeMessage,
  caseAccessHeader,
  maxAttachmentBytes,
} from '../../../src/contract/help-case-terms.ts';
import {
  agentAttachmentQuerySchema,
  attachmentLinkSchema,
  attachmentParamsSchema,
  attachmentQuerySchema,
  caseAttachmentSchema,
  caseIdParamsSchema,
} from '../../../src/contract/help-cases.ts';
import { isUuid } from '../../../src/contract/ids.ts';
import type { ApiContext } from '../../api-context.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { RawBodySpec } from '../../plugins/route-registry.ts';
import {
  type AttachmentDeps,
  agentAttach,
  agentAttachmentLink,
  customerAttach,
  customerAttachmentLink,
  openAttachment,
} from './case-attachments.service.ts';
import { caseAccessHeaderSpec, caseAgentOf, caseCallerOf } from './case-callers.ts';

const tags = ['help desk'];
const attachmentList = z.object({ items: z.array(caseAttachmentSchema) });

const fileBody: RawBodySpec = {
  description: 'The file’s bytes: a JPEG, PNG or WebP image or a PDF (read from the bytes), at most 5,000,000 of them.',
  content: Object.fromEntries([...attachmentContentTypes, 'application/octet-stream'].map((type) => [type, {}])),
};

/** Files attached to cases: added by the person who raised the case or an agent, read through short-lived links. */
export function caseAttachmentsRoutes(app: FastifyInstance, { db, routes, auth, config }: ApiContext): void {
  const deps: AttachmentDeps = {
    db,
    origin: config.publicOrigin,
    secret: config.jwtSecret,
    apiBase: config.publicConfig.apiBase,
  };
  const callerOf = caseCallerOf(auth);
  const agentOf = caseAgentOf(db, auth);

  routes.add(app, {
    method: 'POST',
    url: '/help/cases/:caseId/attachments/:attachmentId/link',
    summary: 'A link, valid for 5 minutes, to download one of the case’s files (the person who raised it)',
    tags,
    auth: 'optional',
    whileActing: {
      allowed: 'A read sent as POST: a 5-minute link to a file on the user’s own case, which their case page opens.',
    },
    headers: [caseAccessHeaderSpec],
    params: attachmentParamsSchema,
    response: attachmentLinkSchema,
    handler: async ({ params, request }) => ({
      message: 'Download link.',
      data: await customerAttachmentLink(deps, params.caseId, params.attachmentId, await callerOf(request)),
    }),
  });

  routes.add(app, {
    method: 'POST',
    url: '/admin/cases/:caseId/attachments/:attachmentId/link',
    summary: 'A link, valid for 5 minutes, to download one of the case’s files (agents)',
    tags,
    auth: 'required',
    whileActing: 'refused',
    errors: ['FORBIDDEN'],
    params: attachmentParamsSchema,
    response: attachmentLinkSchema,
    handler: async ({ params, request }) => {
      await agentOf(request);
      return { message: 'Download link.', data: await agentAttachmentLink(deps, params.caseId, params.attachmentId) };
    },
  });

  app.get('/help/attachments/:attachmentId', async (request, reply) => {
    const { attachmentId } = request.params as { attachmentId: string };
    const { expires, signature } = request.query as Record<string, unknown>;
    if (!isUuid(attachmentId)) throw new HttpError('NOT_FOUND', 'That file was not found.');
    const file = await openAttachment(deps, attachmentId, expires, signature);
    const ascii = file.filename.replace(/[^\x20-\x7e]/g, '_').replace(/[\\"]/g, '_');
    return reply
      .header('Content-Type', file.content_type)
      .header('Content-Length', file.size_bytes)
      .header('Content-Disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`)
      .header('Cache-Control', 'private, no-store')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .send(Buffer.from(file.bytes));
  });

  // Raw file bodies are accepted by these routes alone: their own scope holds the parser and the size limit.
  app.register(async (scope) => {
    const asBuffer = { parseAs: 'buffer', bodyLimit: maxAttachmentBytes } as const;
    const keepBuffer = (_request: unknown, body: Buffer, done: (error: null, body: Buffer) => void) => done(null, body);
    // Any declared type: what the file is comes from its bytes.
    scope.addContentTypeParser('*', asBuffer, keepBuffer);
    // Refuse callers with neither a session nor a case's access before reading up to 5 MB of body (agents'
    // route: the 401 of a missing session).
    scope.addHook('onRequest', async (request) => {
      if (request.headers.authorization || request.headers[caseAccessHeader]) return;
      if (request.routeOptions.url?.includes('/admin/')) await auth.require(request);
      else throw new HttpError('NOT_FOUND', 'That case was not found.');
    });
    scope.setErrorHandler((error: FastifyError) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw new HttpError('PAYLOAD_TOO_LARGE', attachmentTooLargeMessage);
      if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') throw new HttpError('UNSUPPORTED_MEDIA_TYPE', attachmentTypeMessage);
      throw error;
    });
    const bytesOf = (request: FastifyRequest) => {
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0) throw new HttpError('UNSUPPORTED_MEDIA_TYPE', attachmentTypeMessage);
      return body;
    };

    routes.add(scope, {
      method: 'POST',
      url: '/help/cases/:caseId/attachments',
      summary: 'Attach a file to the case (the person who raised it): an image or a PDF, at most 5 MB',
      tags,
      auth: 'optional',
      whileActing: 'refused',
      headers: [caseAccessHeaderSpec],
      rawBody: fileBody,
      statuses: ['CREATED'],
      errors: ['CONFLICT', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'],
      params: caseIdParamsSchema,
      query: attachmentQuerySchema,
      response: attachmentList,
      handler: async ({ params, query, request }) => ({
        message: 'The file is attached.',
        data: {
          items: await customerAttach(deps, params.caseId, await callerOf(request), {
            bytes: bytesOf(request),
            name: query.name,
          }),
        },
      }),
    });

    routes.add(scope, {
      method: 'POST',
      url: '/admin/cases/:caseId/attachments',
      summary: 'Attach a file to the case (agents); the customer sees it too, unless `internal=true` keeps it among agents',
      tags,
      auth: 'required',
      whileActing: 'refused',
      rawBody: fileBody,
      statuses: ['CREATED'],
      errors: ['FORBIDDEN', 'CONFLICT', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'],
      params: caseIdParamsSchema,
      query: agentAttachmentQuerySchema,
      response: attachmentList,
      handler: async ({ params, query, request }) => {
        const agentId = await agentOf(request);
        const file = { bytes: bytesOf(request), name: query.name, internal: query.internal };
        return {
          message: query.internal ? 'The file is attached for agents only.' : 'The file is attached.',
          data: { items: await agentAttach(deps, agentId, params.caseId, file) },
        };
      },
    });
  });
}
