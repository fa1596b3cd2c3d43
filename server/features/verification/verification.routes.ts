import type { FastifyError, FastifyInstance } from 'fastify';
import {
  documentContentTypeSchema,
  documentParamsSchema,
  documentTooLargeMessage,
  documentTypeMessage,
  documentUploadQuerySchema,
  maxDocumentBytes,
  onboardingLinkSchema,
  organizationIdParamsSchema,
  saveVerificationSchema,
  verificationSchema,
} from '../../../src/contract/verification.ts';
import type { ApiContext } from '../../api-context.ts';
import { HttpError } from '../../lib/http-error.ts';
import { createConnectOnboarding } from '../../lib/payments/stripe-connect.ts';
import type { RawBodySpec } from '../../plugins/route-registry.ts';
import { refreshOnboarding, startOnboarding } from './stripe-onboarding.service.ts';
import {
  readOwnDocument,
  readVerification,
  saveVerification,
  submitVerification,
  uploadDocument,
  type VerificationDeps,
} from './verification.service.ts';

const tags = ['verification'];

const documentBody: RawBodySpec = {
  description: 'The document’s bytes (PDF, JPEG, PNG or WebP, recognised by content), at most 5,120,000 of them.',
  content: Object.fromEntries([...documentContentTypeSchema.options, 'application/octet-stream'].map((type) => [type, {}])),
};

/** Identity verification and payouts onboarding of an organisation: its owners only. */
export function verificationRoutes(app: FastifyInstance, { db, config, routes, auth }: ApiContext): void {
  const deps: VerificationDeps = { db, config, connect: createConnectOnboarding(config) };
  const base = '/organizations/:organizationId/verification';

  routes.add(app, {
    method: 'GET',
    url: base,
    summary: 'Where the organisation’s identity verification and payouts stand (owners)',
    tags,
    auth: 'required',
    errors: ['FORBIDDEN'],
    params: organizationIdParamsSchema,
    response: verificationSchema,
    handler: async ({ params, request }) => ({
      message: 'Verification.',
      data: await readVerification(deps, await auth.require(request), params.organizationId),
    }),
  });

  routes.add(app, {
    method: 'PUT',
    url: base,
    summary: 'Save who the seller is (and, in the sandbox, the bank account payouts go to)',
    tags,
    auth: 'required',
    whileActing: 'refused',
    errors: ['FORBIDDEN', 'CONFLICT'],
    params: organizationIdParamsSchema,
    body: saveVerificationSchema,
    response: verificationSchema,
    handler: async ({ params, body, request }) => ({
      message: 'Your details are saved.',
      data: await saveVerification(deps, await auth.require(request), params.organizationId, body),
    }),
  });

  routes.add(app, {
    method: 'POST',
    url: `${base}/submit`,
    summary: 'Send the verification (sandbox): checked at once with Stripe-like test values, then reviewed',
    tags,
    auth: 'required',
    whileActing: 'refused',
    errors: ['FORBIDDEN', 'CONFLICT'],
    params: organizationIdParamsSchema,
    response: verificationSchema,
    handler: async ({ params, request }) => {
      const verification = await submitVerification(deps, await auth.require(request), params.organizationId);
      return { message: 'Your verification is sent.', data: verification };
    },
  });

  routes.addFile(app, {
    method: 'GET',
    url: `${base}/documents/:documentId`,
    summary: 'Download an identity document the organisation sent (owners); never a public link',
    tags,
    auth: 'required',
    errors: ['FORBIDDEN'],
    params: documentParamsSchema,
    contentType: 'application/octet-stream',
    handler: async ({ params, request }) => {
      const opened = await readOwnDocument(deps, await auth.require(request), params.organizationId, params.documentId);
      return { fileName: opened.fileName, content: opened.bytes };
    },
  });

  routes.add(app, {
    method: 'POST',
    url: `${base}/stripe/link`,
    summary: 'A fresh Stripe Connect onboarding link (the connected account is made on the first call)',
    tags,
    auth: 'required',
    whileActing: 'refused',
    errors: ['FORBIDDEN', 'CONFLICT'],
    params: organizationIdParamsSchema,
    response: onboardingLinkSchema,
    handler: async ({ params, request }) => ({
      message: 'Continue at Stripe.',
      data: await startOnboarding(deps, await auth.require(request), params.organizationId),
    }),
  });

  routes.add(app, {
    method: 'POST',
    url: `${base}/stripe/refresh`,
    summary: 'Read the connected account from Stripe again and keep its state',
    tags,
    auth: 'required',
    whileActing: 'refused',
    errors: ['FORBIDDEN', 'CONFLICT'],
    params: organizationIdParamsSchema,
    response: verificationSchema,
    handler: async ({ params, request }) => ({
      message: 'Verification.',
      data: await refreshOnboarding(deps, await auth.require(request), params.organizationId),
    }),
  });

  // Raw document bodies are accepted by this route alone: its own scope holds the parsers and the size limit.
  app.register(async (scope) => {
    const asBuffer = { parseAs: 'buffer', bodyLimit: maxDocumentBytes } as const;
    const keepBuffer = (_request: unknown, body: Buffer, done: (error: null, body: Buffer) => void) => done(null, body);
    scope.addContentTypeParser(/^image\/[\w.+-]+$/, asBuffer, keepBuffer);
    scope.addContentTypeParser('application/pdf', asBuffer, keepBuffer);
    scope.addContentTypeParser('application/octet-stream', asBuffer, keepBuffer);
    scope.addHook('onRequest', async (request) => {
      await auth.require(request);
    });
    scope.setErrorHandler((error: FastifyError) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw new HttpError('PAYLOAD_TOO_LARGE', documentTooLargeMessage);
      if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') throw new HttpError('UNSUPPORTED_MEDIA_TYPE', documentTypeMessage);
      throw error;
    });
    routes.add(scope, {
      method: 'POST',
      url: `${base}/documents`,
      summary: 'Upload an identity or business document (raw PDF, JPEG, PNG or WebP bytes, at most 5,120,000) to private storage',
      tags,
      auth: 'required',
      whileActing: 'refused',
      rawBody: documentBody,
      statuses: ['CREATED'],
      errors: ['FORBIDDEN', 'CONFLICT'],
      params: organizationIdParamsSchema,
      query: documentUploadQuerySchema,
      response: verificationSchema,
      handler: async ({ params, query, request }) => ({
        message: 'Your document is uploaded.',
        data: await uploadDocument(deps, await auth.require(request), params.organizationId, {
          kind: query.kind,
          name: query.name,
          body: request.body,
        }),
      }),
    });
  });
}
