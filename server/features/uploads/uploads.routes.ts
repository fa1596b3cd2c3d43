import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import {
  imageContentTypeSchema,
  imageLinkRequestSchema,
  imageLinkSchema,
  imageTooLargeMessage,
  maxImageBytes,
  storedUploadRequestSchema,
  uploadedImageSchema,
  uploadKeyRequestSchema,
  uploadKeySchema,
  uploadQuerySchema,
} from '../../../src/contract/uploads.ts';
import type { ApiContext } from '../../api-context.ts';
import { HttpError } from '../../lib/http-error.ts';
import { createLocalStorage, type StoredFile } from '../../lib/storage/local-storage.ts';
import { warmS3Credentials } from '../../lib/storage/s3-links.ts';
import { readS3Object } from '../../lib/storage/s3-objects.ts';
import { createSizedImages, localOriginals } from '../../lib/storage/sized-images.ts';
import type { RawBodySpec } from '../../plugins/route-registry.ts';
import { confirmS3Upload, reserveS3Key } from './s3-uploads.service.ts';
import {
  openImage,
  openSizedImage,
  renewImageLink,
  storeImage,
  type UploadsDeps,
  unsupportedImageMessage,
} from './uploads.service.ts';

/** What the upload route takes: the bytes themselves, whose type is read from them rather than trusted. */
const imageBody: RawBodySpec = {
  description: 'The image’s bytes (JPEG, PNG, WebP or AVIF), at most 5,120,000 of them.',
  content: Object.fromEntries([...imageContentTypeSchema.options, 'application/octet-stream'].map((type) => [type, {}])),
};

export function uploadsRoutes(app: FastifyInstance, { db, config, routes, auth }: ApiContext): void {
  const deps: UploadsDeps = { db, config, storage: createLocalStorage(config.dataDir) };

  routes.add(app, {
    method: 'POST',
    url: '/uploads/link',
    summary:
      'A new temporary link (3600 s) to a stored image: anyone for images shown on public pages, the uploader and their organisation for the rest',
    tags: ['uploads'],
    auth: 'none',
    whileActing: 'refused',
    errors: ['NOT_FOUND'],
    body: imageLinkRequestSchema,
    response: imageLinkSchema,
    handler: async ({ body, request }) => {
      // A stale token makes no difference to a public image, so it is not refused here.
      const caller = await auth.optional(request).catch(() => null);
      return { message: 'Image link.', data: await renewImageLink(deps, body.key, caller?.sub ?? null) };
    },
  });

  // Sized copies of stored images, whichever driver keeps the originals: made on first request, then kept.
  const sized = createSizedImages(
    config.dataDir,
    config.storageDriver === 'aws'
      ? (key) => readS3Object(config.publicConfig, key, maxImageBytes)
      : localOriginals(config.dataDir),
  );
  app.get('/uploads/sized/:width/*', async (request, reply) => {
    const { width, '*': key } = request.params as { width: string; '*': string };
    const { expires, signature } = request.query as Record<string, unknown>;
    const answer = await openSizedImage(deps, sized, key, width, expires, signature);
    if ('file' in answer) return sendImage(reply, 'image/webp', answer.file);
    request.log.warn({ err: answer.failure }, 'A sized copy of an image could not be made; the original was sent instead.');
    return reply.header('Cache-Control', 'no-store').redirect(answer.original, 302);
  });

  // With `aws` the browser puts images straight into S3 under a key the API hands out, then says so;
  // the API signs links with credentials resolved before it serves (a presigned link is made synchronously).
  if (config.storageDriver === 'aws') {
    app.addHook('onReady', () => warmS3Credentials(config.publicConfig));
    routes.add(app, {
      method: 'POST',
      url: '/uploads/key',
      summary: 'A key to put one image under in the bucket, for an organisation (its owners and managers)',
      tags: ['uploads'],
      auth: 'required',
      whileActing: 'refused',
      statuses: ['CREATED'],
      errors: ['FORBIDDEN', 'TOO_MANY_REQUESTS'],
      body: uploadKeyRequestSchema,
      response: uploadKeySchema,
      handler: async ({ body, request }) => ({
        message: 'Upload the image under this key.',
        data: await reserveS3Key(deps, await auth.require(request), body),
      }),
    });
    routes.add(app, {
      method: 'POST',
      url: '/uploads/stored',
      summary: 'Record the image put under a key this caller was given (checked in the bucket first)',
      tags: ['uploads'],
      auth: 'required',
      whileActing: 'refused',
      errors: ['NOT_FOUND', 'CONFLICT', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'],
      body: storedUploadRequestSchema,
      response: uploadedImageSchema,
      handler: async ({ body, request }) => ({
        message: 'Your image is uploaded.',
        data: await confirmS3Upload(deps, await auth.require(request), body.key),
      }),
    });
    return;
  }

  app.get('/uploads/file/*', async (request, reply) => {
    const { '*': key } = request.params as { '*': string };
    const { expires, signature } = request.query as Record<string, unknown>;
    const file = await openImage(deps, key, expires, signature);
    return sendImage(reply, file.contentType, file);
  });

  // Raw image bodies are accepted by this route alone: its own scope holds the parser and the 5,120,000-byte limit.
  app.register(async (scope) => {
    const asBuffer = { parseAs: 'buffer', bodyLimit: maxImageBytes } as const;
    const keepBuffer = (_request: unknown, body: Buffer, done: (error: null, body: Buffer) => void) => done(null, body);
    scope.addContentTypeParser(/^image\/[\w.+-]+$/, asBuffer, keepBuffer);
    scope.addContentTypeParser('application/octet-stream', asBuffer, keepBuffer);
    // Refuse anonymous callers before reading up to 5 MB of body.
    scope.addHook('onRequest', async (request) => {
      await auth.require(request);
    });
    scope.setErrorHandler((error: FastifyError) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw new HttpError('PAYLOAD_TOO_LARGE', imageTooLargeMessage);
      if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') throw new HttpError('UNSUPPORTED_MEDIA_TYPE', unsupportedImageMessage);
      throw error;
    });

    routes.add(scope, {
      method: 'POST',
      url: '/uploads',
      summary:
        'Upload an image (raw JPEG, PNG, WebP or AVIF bytes, at most 5,120,000) for an organisation (its owners and managers)',
      tags: ['uploads'],
      auth: 'required',
      whileActing: 'refused',
      rawBody: imageBody,
      statuses: ['CREATED'],
      errors: ['CONFLICT', 'FORBIDDEN', 'TOO_MANY_REQUESTS'],
      query: uploadQuerySchema,
      response: uploadedImageSchema,
      handler: async ({ query, request }) => ({
        message: 'Your image is uploaded.',
        data: await storeImage(deps, await auth.require(request), query.organizationId, request.body, query.name),
      }),
    });
  });
}

/** An image's bytes, never taken for anything but an image. */
function sendImage(reply: FastifyReply, contentType: string, file: StoredFile): FastifyReply {
  return reply
    .header('Content-Type', contentType)
    .header('Content-Length', file.size)
    .header('Cache-Control', 'private, max-age=3600')
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .send(file.stream);
}
