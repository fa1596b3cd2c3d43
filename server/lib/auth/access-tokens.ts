import { errors, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import { platformSchema } from '../../../src/contract/users.ts';

const issuer = 'admit';
const audience = 'admit-api';

export const accessClaimsSchema = z.object({
  sub: z.uuid(),
  exp: z.number(),
  platforms: z.array(platformSchema),
  org: z.uuid().nullable(),
  /** When the person signed in with their password (seconds since the epoch; OIDC's auth_time), kept across refreshes. */
  auth_time: z.number().optional(),
});
export type AccessClaims = z.infer<typeof accessClaimsSchema>;

export interface AccessTokenIssuer {
  sign(claims: Omit<AccessClaims, 'exp'>): Promise<{ token: string; expiresAt: number }>;
  /** The claims of a valid token; null when the token is malformed, forged, expired or not ours. */
  verify(token: string): Promise<AccessClaims | null>;
}

// Tokens verified lately, by their exact text: a door scanner sends the same token with every scan, and
// checking its HMAC each time costs more than the rest of the request. A hit is only a token that passed
// verification; its expiry is still checked on every use.
const VERIFIED_LIMIT = 10_000;

/** HS256 JWTs; only HS256 is accepted when verifying, so `alg: none` and algorithm swaps fail. */
export function createAccessTokens(secret: string, ttlSeconds: number): AccessTokenIssuer {
  const key = new TextEncoder().encode(secret);
  const verified = new Map<string, AccessClaims>();
  const remember = (token: string, claims: AccessClaims) => {
    if (verified.size >= VERIFIED_LIMIT) verified.delete(verified.keys().next().value as string);
    verified.set(token, claims);
  };
  return {
    async sign({ sub, platforms, org, auth_time }) {
      const expiresAt = Math.floor(Date.now() / 1000) + ttlSeconds;
      const token = await new SignJWT({ platforms, org, ...(auth_time === undefined ? {} : { auth_time }) })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(sub)
        .setIssuer(issuer)
        .setAudience(audience)
        .setIssuedAt()
        .setExpirationTime(expiresAt)
        .sign(key);
      return { token, expiresAt };
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (known.exp * 1000 > Date.now()) return known;
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer, audience });
        const claims = accessClaimsSchema.safeParse(payload);
        if (!claims.success) return null;
        remember(token, claims.data);
        return claims.data;
      } catch (error) {
        if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
        throw error;
      }
    },
  };
}
