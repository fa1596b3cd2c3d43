import { type S3Settings, s3ImageUrl } from './s3-links.ts';

export interface ObjectStart {
  /** The whole object's size in bytes. */
  size: number;
  /** Its first bytes (at most the number asked for). */
  head: Uint8Array;
}

const fetchTimeoutMs = 10_000;

/**
 * The size and first bytes of an object the browser put into the bucket, read with a ranged GET
 * through the same link the server would hand out: enough to tell what image it is and how large,
 * without downloading 5 MB. Null when there is no such object (or the store will not say).
 */
export async function readS3ObjectStart(
  settings: S3Settings,
  key: string,
  bytes: number,
  largest: number,
): Promise<ObjectStart | null> {
  const response = await fetch(s3ImageUrl(settings, key), {
    headers: { range: `bytes=0-${bytes - 1}` },
    signal: AbortSignal.timeout(fetchTimeoutMs),
  });
  // An empty object has no byte 0 to give.
  if (response.status === 416) return { size: 0, head: new Uint8Array() };
  if (response.status === 404 || response.status === 403) return null;
  if (response.status !== 200 && response.status !== 206) {
    throw new Error(`The image store answered ${response.status} for ${key}.`);
  }
  const total = /\/(\d+)$/.exec(response.headers.get('content-range') ?? '')?.[1];
  const length = response.headers.get('content-length');
  const size = response.status === 206 && total ? Number(total) : length === null ? null : Number(length);
  // A store that ignored the range sends the whole object: read it only when it is no larger than `largest`.
  if (response.status === 200 && (size === null || size > largest)) {
    await response.body?.cancel();
    return { size: size ?? Number.POSITIVE_INFINITY, head: new Uint8Array() };
  }
  const head = new Uint8Array(await response.arrayBuffer()).subarray(0, bytes);
  return { size: size ?? head.length, head };
}

/** A whole object from the bucket, through the link the server would hand out; null when it is not there or larger than `largest`. */
export async function readS3Object(settings: S3Settings, key: string, largest: number): Promise<Uint8Array | null> {
  const response = await fetch(s3ImageUrl(settings, key), { signal: AbortSignal.timeout(fetchTimeoutMs) });
  if (response.status === 404 || response.status === 403) {
    await response.body?.cancel();
    return null;
  }
  if (response.status !== 200) {
    await response.body?.cancel();
    throw new Error(`The image store answered ${response.status} for ${key}.`);
  }
  const length = Number(response.headers.get('content-length') ?? Number.NaN);
  if (length > largest) {
    await response.body?.cancel();
    return null;
  }
  const bytes = new Uint8Array(await response.arrayBuffer());
  return bytes.length > largest ? null : bytes;
}
