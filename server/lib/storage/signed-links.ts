import { createHmac, timingSafeEqual } from 'node:crypto';
import { imageLinkTtlSeconds } from '../../../src/contract/uploads.ts';
import type { Config } from '../../config.ts';
import { s3ImageUrl } from './s3-links.ts';
import { sizedImageWidths } from './sized-images.ts';

export type LinkConfig = Pick<Config, 'jwtSecret' | 'storageDriver' | 'publicConfig'>;

export interface ImageLink {
  url: string;
  expiresAt: Date;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** HMAC-SHA256 with the server's secret over the key and the expiry, labelled so it never doubles as another signature. */
export function linkSignature(secret: string, key: string, expires: number): string {
  return createHmac('sha256', secret).update(`admit-image-link\n${key}\n${expires}`).digest('base64url');
}

/** Whether a local link's `expires` and `signature` are genuine and not yet past. */
export function verifyLink(
  secret: string,
  key: string,
  expires: unknown,
  signature: unknown,
  now = nowSeconds(),
): 'valid' | 'invalid' | 'expired' {
  if (typeof expires !== 'string' || !/^\d{1,12}$/.test(expires)) return 'invalid';
  if (typeof signature !== 'string' || !/^[\w-]{43}$/.test(signature)) return 'invalid';
  const expected = Buffer.from(linkSignature(secret, key, Number(expires)));
  if (!timingSafeEqual(expected, Buffer.from(signature))) return 'invalid';
  return Number(expires) < now ? 'expired' : 'valid';
}

/** The query of a link to `key` on this API that ends at `expires` (seconds). */
const queryUntil = (config: LinkConfig, key: string, expires: number) =>
  new URLSearchParams({ expires: String(expires), signature: linkSignature(config.jwtSecret, key, expires) });

/** The expiry and signature of a link to `key` on this API; with a window, every answer within it carries the same ones. */
function signedQuery(config: LinkConfig, key: string, now: number, stableWindowSeconds: number) {
  const earliest = now + imageLinkTtlSeconds;
  const expires = stableWindowSeconds ? Math.ceil(earliest / stableWindowSeconds) * stableWindowSeconds : earliest;
  return { expires, query: queryUntil(config, key, expires) };
}

/** Where this API serves images from, and the key as a path under it. */
function apiImagePath(config: LinkConfig, route: string, key: string): string {
  const base = config.publicConfig.apiBase.replace(/\/+$/, '');
  return `${base}/uploads/${route}/${key.split('/').map(encodeURIComponent).join('/')}`;
}

/** A link to a stored image on this API that ends when `expires` (seconds) does: never later than a link it stands for. */
export function localImageLinkUntil(config: LinkConfig, key: string, expires: number): string {
  return `${apiImagePath(config, 'file', key)}?${queryUntil(config, key, expires)}`;
}

/** A link to a stored image on this API, signed for `imageLinkTtlSeconds`. */
export function localImageLink(config: LinkConfig, key: string, now = nowSeconds(), stableWindowSeconds = 0): ImageLink {
  // With a window, every answer within it carries the same URL, so browsers and the service worker can cache the image.
  const { expires, query } = signedQuery(config, key, now, stableWindowSeconds);
  return { url: `${apiImagePath(config, 'file', key)}?${query}`, expiresAt: new Date(expires * 1000) };
}

/** How long answers carry the same image links, so that browsers and the service worker can keep the images. */
const stableLinkWindowSeconds = 15 * 60;

/** A temporary link to an image by key, for whichever storage driver is configured. */
export function imageLink(config: LinkConfig, key: string): ImageLink {
  if (config.storageDriver === 'aws') {
    return { url: s3ImageUrl(config.publicConfig, key), expiresAt: new Date((nowSeconds() + imageLinkTtlSeconds) * 1000) };
  }
  return localImageLink(config, key);
}

/**
 * The URL other features put into answers for a stored image key (null stays null): a signed API
 * link on the local driver, a presigned S3 GET on `aws` (the plain object URL when the server has
 * no AWS credentials). Valid for 3600 s.
 */
export function signedImageUrl(config: LinkConfig, key: string | null | undefined): string | null {
  if (!key) return null;
  return config.storageDriver === 'aws'
    ? imageLink(config, key).url
    : localImageLink(config, key, nowSeconds(), stableLinkWindowSeconds).url;
}

/**
 * The image's sized copies as a `srcset` (null stays null): signed links to this API, whichever driver keeps the
 * original, one per width in `sizedImageWidths`. A copy is never wider than the original.
 */
export function sizedImageSrcSet(config: LinkConfig, key: string | null | undefined, now = nowSeconds()): string | null {
  if (!key) return null;
  const { query } = signedQuery(config, key, now, stableLinkWindowSeconds);
  return sizedImageWidths.map((width) => `${apiImagePath(config, `sized/${width}`, key)}?${query} ${width}w`).join(', ');
}
