import { createHash, createHmac } from 'node:crypto';
import { imageLinkTtlSeconds } from '../../../src/contract/uploads.ts';
import type { Config } from '../../config.ts';

export type S3Settings = Pick<Config['publicConfig'], 'awsRegion' | 'bucket' | 's3Endpoint'>;

export interface S3Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string | undefined;
  expiration?: Date | undefined;
}

/** RFC 3986 encoding, as SigV4 wants it. */
const encode = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const encodePath = (key: string) => key.split('/').map(encode).join('/');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
const sha256Hex = (data: string) => createHash('sha256').update(data).digest('hex');

/** Where the object lives: path-style on a custom endpoint or a dotted bucket, virtual-hosted on AWS. */
function objectLocation(settings: S3Settings, key: string): { origin: string; host: string; path: string } {
  const bucket = settings.bucket ?? '';
  const region = settings.awsRegion ?? 'us-east-1';
  if (settings.s3Endpoint || bucket.includes('.')) {
    const endpoint = new URL(settings.s3Endpoint ?? `https://s3.${region}.amazonaws.com`);
    const base = endpoint.pathname.replace(/\/+$/, '');
    return { origin: endpoint.origin, host: endpoint.host, path: `${base}/${encode(bucket)}/${encodePath(key)}` };
  }
  const host = `${bucket}.s3.${region}.amazonaws.com`;
  return { origin: `https://${host}`, host, path: `/${encodePath(key)}` };
}

/** The object's plain, unsigned URL: what a public bucket serves. */
export function s3ObjectUrl(settings: S3Settings, key: string): string {
  const { origin, path } = objectLocation(settings, key);
  return origin + path;
}

/**
 * A SigV4 query-signed GET for the object, exactly as `getSignedUrl(client, GetObjectCommand)` of
 * @aws-sdk/s3-request-presigner makes it (the tests compare the two), but synchronous, so answers
 * can map image keys to links without awaiting.
 */
export function presignS3Get(
  settings: S3Settings,
  credentials: S3Credentials,
  key: string,
  now = new Date(),
  expiresIn = imageLinkTtlSeconds,
): string {
  const region = settings.awsRegion ?? 'us-east-1';
  const { origin, host, path } = objectLocation(settings, key);
  const amzDate = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const scope = `${day}/${region}/s3/aws4_request`;
  const query: Record<string, string> = {
    'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
    'X-Amz-Content-Sha256': 'UNSIGNED-PAYLOAD',
    'X-Amz-Credential': `${credentials.accessKeyId}/${scope}`,
    'X-Amz-Date': amzDate,
    'X-Amz-Expires': String(expiresIn),
    ...(credentials.sessionToken ? { 'X-Amz-Security-Token': credentials.sessionToken } : {}),
    'X-Amz-SignedHeaders': 'host',
    'x-id': 'GetObject',
  };
  const queryString = (entries: Record<string, string>) =>
    Object.entries(entries)
      .map(([name, value]) => [encode(name), encode(value)] as const)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([name, value]) => `${name}=${value}`)
      .join('&');
  const canonicalQuery = queryString(query);
  const canonicalRequest = ['GET', path, canonicalQuery, `host:${host}`, '', 'host', 'UNSIGNED-PAYLOAD'].join('\n');
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = ['s3', 'aws4_request'].reduce(
    (signing, part) => hmac(signing, part),
    hmac(hmac(`AWS4${credentials.secretAccessKey}`, day), region),
  );
  const signature = createHmac('sha256', signingKey).update(stringToSign).digest('hex');
  return `${origin}${path}?${queryString({ ...query, 'X-Amz-Signature': signature })}`;
}

interface CredentialCache {
  current: S3Credentials | null;
  refreshing: Promise<void> | null;
  /** When to ask the chain again after it had nothing (its look-ups can wait on the network). */
  retryAt: number;
  resolve: () => Promise<S3Credentials>;
}

const refreshBeforeMs = 5 * 60_000;
const retryAfterMs = 5 * 60_000;
const caches = new Map<string, CredentialCache>();

function cacheFor(settings: S3Settings): CredentialCache {
  const id = JSON.stringify([settings.awsRegion, settings.s3Endpoint]);
  let cache = caches.get(id);
  if (!cache) {
    let client: Promise<{ config: { credentials: () => Promise<S3Credentials> } }> | null = null;
    cache = {
      current: null,
      refreshing: null,
      retryAt: 0,
      // The standard chain (environment, profile, web identity, container or instance role), as an
      // S3Client resolves it; the SDK is loaded on first use only.
      resolve: async () => {
        client ??= import('@aws-sdk/client-s3').then(
          ({ S3Client }) => new S3Client({ region: settings.awsRegion ?? 'us-east-1' }),
        );
        return (await client).config.credentials();
      },
    };
    caches.set(id, cache);
  }
  return cache;
}

function refresh(cache: CredentialCache): Promise<void> {
  cache.refreshing ??= cache
    .resolve()
    .then((credentials) => {
      cache.current = credentials;
    })
    .catch(() => {
      cache.retryAt = Date.now() + retryAfterMs;
      if (cache.current?.expiration && cache.current.expiration.getTime() <= Date.now()) cache.current = null;
    })
    .finally(() => {
      cache.refreshing = null;
    });
  return cache.refreshing;
}

/** Resolves the server's AWS credentials ahead of the first link; called when the API gets ready. */
export function warmS3Credentials(settings: S3Settings): Promise<void> {
  return refresh(cacheFor(settings));
}

/**
 * A presigned GET valid `imageLinkTtlSeconds`, signed with the credentials last resolved from the
 * standard chain (renewed in the background before they expire); the plain object URL when the
 * server has none.
 */
export function s3ImageUrl(settings: S3Settings, key: string): string {
  const cache = cacheFor(settings);
  const now = Date.now();
  const expiresAt = cache.current?.expiration?.getTime() ?? Number.POSITIVE_INFINITY;
  if (expiresAt <= now) cache.current = null;
  if ((!cache.current || expiresAt - now < refreshBeforeMs) && now >= cache.retryAt) void refresh(cache);
  return cache.current ? presignS3Get(settings, cache.current, key) : s3ObjectUrl(settings, key);
}
