import type { PublicConfig } from '../../contract/public-config.ts';
import type { UploadedImage, UploadKey, UploadKeyRequest } from '../../contract/uploads.ts';
import { browserApiCaller as api } from '../api-caller.tsx';
import { type AwsUploader, createAwsUploader, type StoredObject } from './aws-upload.ts';
import { type ImageCompressor, processImage } from './process-image.ts';

export interface UploadImageOptions {
  /** The public configuration; the page's own by default. */
  config?: PublicConfig;
  compress?: ImageCompressor;
}

let awsUploader: { id: string; uploader: AwsUploader } | null = null;

function awsUploaderFor(config: PublicConfig): AwsUploader {
  const { awsRegion, identityPoolId, bucket, s3Endpoint, cognitoEndpoint } = config;
  if (!awsRegion || !identityPoolId || !bucket) throw new Error('Image storage is not configured.');
  const id = JSON.stringify([awsRegion, identityPoolId, bucket, s3Endpoint, cognitoEndpoint]);
  if (awsUploader?.id !== id) {
    awsUploader = { id, uploader: createAwsUploader({ awsRegion, identityPoolId, bucket, s3Endpoint, cognitoEndpoint }) };
  }
  return awsUploader.uploader;
}

/**
 * Processes an image and stores it for the organisation under the caller-supplied name: through the
 * API on the local driver; on `aws`, straight into S3 with identity-pool credentials under a key the
 * API hands out, then recorded by the API. Resolves with the key and a temporary (3600 s) link;
 * rejects without sending anything when the processed image is too large.
 */
export async function uploadImage(
  file: File,
  organizationId: string,
  name?: string,
  options: UploadImageOptions = {},
): Promise<StoredObject> {
  const config = options.config ?? window.__ADMIT__?.config;
  const processed = await processImage(file, options.compress);
  const contentType = processed.type || file.type || 'application/octet-stream';

  if (config?.storageDriver === 'aws') {
    const body = new Uint8Array(await processed.arrayBuffer());
    const request: UploadKeyRequest = {
      organizationId,
      ...(name ? { name } : {}),
      contentType: contentType as UploadKeyRequest['contentType'],
      sizeBytes: body.length,
    };
    const { key } = await api<UploadKey>({ method: 'POST', url: '/uploads/key', data: request });
    await awsUploaderFor(config).upload(body, contentType, key);
    const stored = await api<UploadedImage>({ method: 'POST', url: '/uploads/stored', data: { key } });
    return { key: stored.key, url: stored.url };
  }

  const uploaded = await api<UploadedImage>({
    method: 'POST',
    url: '/uploads',
    params: { organizationId, ...(name ? { name } : {}) },
    data: processed,
    headers: { 'Content-Type': contentType },
  });
  return { key: uploaded.key, url: uploaded.url };
}
