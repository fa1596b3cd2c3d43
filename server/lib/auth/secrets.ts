import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A random opaque token for refresh tokens: 32 bytes, URL-safe. */
export const randomToken = () => randomBytes(32).toString('base64url');

/** Refresh tokens are stored only as their SHA-256. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

/** A 6-digit code, uniformly drawn. */
export const randomCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** Codes are stored as a keyed hash, so a database reader cannot try all million codes offline. */
export const hashCode = (secret: string, purpose: string, code: string) =>
  createHmac('sha256', secret).update(`${purpose}:${code}`).digest('base64url');

export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
