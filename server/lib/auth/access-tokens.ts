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
  /** Present only on an acting token (RFC 8693's actor claim): the administrator acting as `sub` for support. */
  act: z.object({ sub: z.uuid() }).optional(),
  /** An acting token's session (`acting_sessions.id`), which holds the reason and can be stopped. */
  jti: z.uuid().optional(),
});
export type AccessClaims = z.infer<typeof accessClaimsSchema>;

type SignedClaims = Omit<AccessClaims, 'exp' | 'act' | 'jti'>;

export interface AccessTokenIssuer {
  sign(claims: SignedClaims): Promise<{ token: string; expiresAt: number }>;
  /** An acting token (decision 033): `sub` is the user, `act.sub` the administrator; it ends at `expiresAt`, never renewed. */
  signActing(
    claims: Omit<SignedClaims, 'auth_time'> & { act: { sub: string }; jti: string },
    expiresAt: number,
  ): Promise<{ token: string; expiresAt: number }>;
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
  const signed = async (sub: string, payload: Record<string, unknown>, expiresAt: number) => {
    const token = await new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(sub)
      .setIssuer(issuer)
      .setAudience(audience)
      .setIssuedAt()
      .setExpirationTime(expiresAt)
      .sign(key);
    return { token, expiresAt };
  };
  return {
    sign: ({ sub, platforms, org, auth_time }) =>
      signed(
        sub,
        { platforms, org, ...(auth_time === undefined ? {} : { auth_time }) },
        Math.floor(Date.now() / 1000) + ttlSeconds,
      ),
    // No auth_time: an acting token never counts as a recent sign-in.
    signActing: ({ sub, platforms, org, act, jti }, expiresAt) => signed(sub, { platforms, org, act, jti }, expiresAt),
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
