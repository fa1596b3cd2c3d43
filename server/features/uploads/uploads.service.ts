import { randomBytes } from 'node:crypto';
import type { ReadStream } from 'node:fs';
import {
  type ImageContentType,
  type ImageLink,
  imageExtensions,
  imageTooLargeMessage,
  maxImageBytes,
  type UploadedImage,
  uploadNameStem,
} from '../../../src/contract/uploads.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { AccessClaims } from '../../lib/auth/access-tokens.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { detectImage } from '../../lib/storage/image-content.ts';
import { isStorableKey, type LocalStorage, type StoredFile } from '../../lib/storage/local-storage.ts';
import { imageLink, localImageLink, localImageLinkUntil, verifyLink } from '../../lib/storage/signed-links.ts';
import { isSizedImageWidth, type SizedImages } from '../../lib/storage/sized-images.ts';
import { admitUploader, requireRoom } from './upload-limits.ts';
import { claimUploadKey, deleteUpload, isLinkable } from './uploads.repository.ts';

export interface UploadsDeps {
  db: Db;
  config: Config;
  storage: LocalStorage;
}

export const unsupportedImageMessage = 'Only JPEG, PNG, WebP or AVIF images can be uploaded.';
const keyAttempts = 8;

const contentTypeByExtension = new Map(
  Object.entries(imageExtensions).map(([type, extension]) => [extension, type as ImageContentType]),
);

/** An image stored by the server is named for its detected type, so the key says how to serve it. */
const contentTypeOfKey = (key: string) => contentTypeByExtension.get(key.slice(key.lastIndexOf('.') + 1));

export const randomHex = (bytes: number) => randomBytes(bytes).toString('hex');

/** `organizations/<organisation>/<name>[-suffix].<ext>`: the caller's sanitised name the first time, a short random suffix when it is taken. */
function candidateKey(organizationId: string, stem: string | null, extension: string, attempt: number): string {
  const name = stem ? (attempt === 0 ? stem : `${stem}-${randomHex(3)}`) : randomHex(8);
  return `organizations/${organizationId}/${name}.${extension}`;
}

/** The token outlived its account (a foreign key of the row refused it). */
export function accountGone(error: unknown): never {
  if ((error as { code?: string }).code === '23503') throw new HttpError('UNAUTHORIZED', 'Please sign in to continue.');
  throw error;
}

/**
 * Stores an uploaded image for the organisation (its owners and managers only, within the hourly
 * limit and the organisation's quota); never replaces an existing object.
 */
export async function storeImage(
  { db, config, storage }: UploadsDeps,
  caller: AccessClaims,
  organizationId: string,
  body: unknown,
  name: string | undefined,
): Promise<UploadedImage> {
  await admitUploader(db, organizationId, caller.sub);
  if (body === undefined || body === null || (Buffer.isBuffer(body) && body.length === 0)) {
    throw new HttpError('BAD_REQUEST', 'Choose an image to upload.');
  }
  // Text and JSON bodies reach here already parsed by the API's own parsers.
  if (!Buffer.isBuffer(body)) throw new HttpError('UNSUPPORTED_MEDIA_TYPE', unsupportedImageMessage);
  if (body.length > maxImageBytes) throw new HttpError('PAYLOAD_TOO_LARGE', imageTooLargeMessage);
  const image = detectImage(body);
  if (!image) throw new HttpError('UNSUPPORTED_MEDIA_TYPE', unsupportedImageMessage);

  const stem = uploadNameStem(name);
  const extension = imageExtensions[image.contentType];
  for (let attempt = 0; attempt < keyAttempts; attempt += 1) {
    const key = candidateKey(organizationId, stem, extension, attempt);
    const claimed = await db
      .transaction()
      .execute(async (trx) => {
        await requireRoom(trx, organizationId, body.length);
        return claimUploadKey(trx, {
          key,
          owner_id: caller.sub,
          organization_id: organizationId,
          content_type: image.contentType,
          size_bytes: body.length,
          width: image.width,
          height: image.height,
          stored_at: new Date(),
        });
      })
      .catch(accountGone);
    if (!claimed) continue;
    const written = await storage.put(key, body).catch(async (error: unknown) => {
      await deleteUpload(db, key);
      throw error;
    });
    if (written === 'exists') {
      // A file left without its row (a crash, a restored database): keep it and take another name.
      await deleteUpload(db, key);
      continue;
    }
    return {
      key,
      url: localImageLink(config, key).url,
      contentType: image.contentType,
      width: image.width,
      height: image.height,
      sizeBytes: body.length,
    };
  }
  throw new HttpError('CONFLICT', 'That name is taken. Please try again.');
}

export interface ImageFile {
  contentType: ImageContentType;
  size: number;
  stream: ReadStream;
}

/** A link's expiry and signature must be genuine and not yet past: 403 otherwise. */
function requireValidLink(config: Config, key: string, expires: unknown, signature: unknown): void {
  if (verifyLink(config.jwtSecret, key, expires, signature) !== 'valid') {
    throw new HttpError('FORBIDDEN', 'This image link is not valid or has expired.');
  }
}

/** The bytes behind a signed local link: 403 for a forged or expired link, 404 when the image is gone. */
export async function openImage(
  { config, storage }: UploadsDeps,
  key: string,
  expires: unknown,
  signature: unknown,
): Promise<ImageFile> {
  requireValidLink(config, key, expires, signature);
  const contentType = contentTypeOfKey(key);
  const file = contentType && isStorableKey(key) ? await storage.read(key) : null;
  if (!contentType || !file) throw notFound('That image');
  return { contentType, ...file };
}

/** A sized copy to send, or the original's link when no copy could be made of it. */
export type SizedImageAnswer = { file: StoredFile } | { original: string; failure: unknown };

/**
 * A sized copy behind a signed link (the link signs the key; the width must be one offered): 403 for a forged or
 * expired link, 404 for another width or when the image is gone. When the copy cannot be made (an image the
 * resizer cannot read, a resizer that does not load), the answer is the original's link, so the page still shows it.
 */
export async function openSizedImage(
  { config }: UploadsDeps,
  sized: SizedImages,
  key: string,
  widthText: string,
  expires: unknown,
  signature: unknown,
): Promise<SizedImageAnswer> {
  requireValidLink(config, key, expires, signature);
  const width = /^[1-9]\d{0,4}$/.test(widthText) ? Number(widthText) : 0;
  if (!isSizedImageWidth(width) || contentTypeOfKey(key) === undefined) throw notFound('That image');
  try {
    const file = await sized.open(key, width);
    if (!file) throw notFound('That image');
    return { file };
  } catch (error) {
    if (error instanceof HttpError) throw error;
    // The original's link ends when the sized link does, so a failing copy never renews anyone's access.
    const original =
      config.storageDriver === 'aws' ? imageLink(config, key).url : localImageLinkUntil(config, key, Number(expires));
    return { original, failure: error };
  }
}

/**
 * A fresh temporary link for an image this app stored. Anyone may ask for event covers and logos
 * shown on public pages; other images only their uploader and their organisation's members. Every
 * refusal is the same 404, whether or not the key exists.
 */
export async function renewImageLink({ db, config }: UploadsDeps, key: string, callerId: string | null): Promise<ImageLink> {
  const storable = config.storageDriver === 'aws' || isStorableKey(key);
  if (!storable || !(await isLinkable(db, key, callerId))) throw notFound('That image');
  const link = imageLink(config, key);
  return { key, url: link.url, expiresAt: link.expiresAt.toISOString() };
}
