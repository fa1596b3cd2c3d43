/**
 * Uploads on the `aws` driver: the browser puts the object into the bucket itself, with the
 * identity pool's anonymous credentials (spec §7), under a key the API handed out for the
 * organisation, then tells the API it is there. The API looks at the object before recording it:
 * only then can the key be shown on the organisation's events and profile.
 */
import {
  imageExtensions,
  imageTooLargeMessage,
  maxImageBytes,
  type UploadedImage,
  type UploadKey,
  type UploadKeyRequest,
  uploadNameStem,
} from '../../../src/contract/uploads.ts';
import type { AccessClaims } from '../../lib/auth/access-tokens.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { detectImage } from '../../lib/storage/image-content.ts';
import { readS3ObjectStart } from '../../lib/storage/s3-objects.ts';
import { imageLink } from '../../lib/storage/signed-links.ts';
import { admitUploader, requireRoom } from './upload-limits.ts';
import { claimUploadKey, findUpload, markStored, RESERVATION_MS } from './uploads.repository.ts';
import { accountGone, randomHex, type UploadsDeps, unsupportedImageMessage } from './uploads.service.ts';

/** JPEG headers (EXIF, colour profiles) come before the frame size; this much covers them. */
const HEAD_BYTES = 256 * 1024;

/**
 * A key for the browser to put one image under: `uploads/<organisation>/<name>-<random>.<ext>`.
 * Under `uploads/`, where the identity pool's policy lets anonymous identities put objects; random,
 * so nobody can put an object under it before it is handed out. Its declared size counts against
 * the organisation's quota for an hour, or until it is stored.
 */
export async function reserveS3Key({ db }: UploadsDeps, caller: AccessClaims, request: UploadKeyRequest): Promise<UploadKey> {
  await admitUploader(db, request.organizationId, caller.sub);
  const stem = uploadNameStem(request.name);
  const key = `uploads/${request.organizationId}/${stem ? `${stem}-` : ''}${randomHex(8)}.${imageExtensions[request.contentType]}`;
  const claimed = await db
    .transaction()
    .execute(async (trx) => {
      await requireRoom(trx, request.organizationId, request.sizeBytes);
      return claimUploadKey(trx, {
        key,
        owner_id: caller.sub,
        organization_id: request.organizationId,
        content_type: request.contentType,
        size_bytes: request.sizeBytes,
        width: null,
        height: null,
        stored_at: null,
      });
    })
    .catch(accountGone);
  if (!claimed) throw new HttpError('CONFLICT', 'That name is taken. Please try again.');
  return { key };
}

/**
 * Records the object the caller put under a key handed out to them: it must be there, be a JPEG,
 * PNG, WebP or AVIF image and be no larger than 5,120,000 bytes. Reporting it again answers the same.
 */
export async function confirmS3Upload({ db, config }: UploadsDeps, caller: AccessClaims, key: string): Promise<UploadedImage> {
  const row = await findUpload(db, key);
  // Someone else's key, or none: the same answer.
  if (!row || row.owner_id !== caller.sub) throw notFound('That upload');
  let facts = { content_type: row.content_type, size_bytes: row.size_bytes, width: row.width, height: row.height };
  if (!row.stored_at) {
    if (Date.now() - new Date(row.created_at).getTime() > RESERVATION_MS) {
      throw new HttpError('CONFLICT', 'This upload took too long. Please upload the image again.');
    }
    const object = await readS3ObjectStart(config.publicConfig, key, HEAD_BYTES, maxImageBytes);
    if (!object) throw new HttpError('CONFLICT', 'The image has not arrived in storage. Please upload it again.');
    if (object.size > maxImageBytes) throw new HttpError('PAYLOAD_TOO_LARGE', imageTooLargeMessage);
    const image = detectImage(object.head);
    if (!image) throw new HttpError('UNSUPPORTED_MEDIA_TYPE', unsupportedImageMessage);
    facts = { content_type: image.contentType, size_bytes: object.size, width: image.width, height: image.height };
    await markStored(db, key, facts);
  }
  return {
    key,
    url: imageLink(config, key).url,
    contentType: facts.content_type as UploadedImage['contentType'],
    width: facts.width,
    height: facts.height,
    sizeBytes: facts.size_bytes,
  };
}
