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
});
export type AccessClaims = z.infer<typeof accessClaimsSchema>;

export interface AccessTokenIssuer {
  sign(claims: Omit<AccessClaims, 'exp'>): Promise<{ token: string; expiresAt: number }>;
  /** The claims of a valid token; null when the token is malformed, forged, expired or not ours. */
  verify(token: string): Promise<AccessClaims | null>;
}

/** HS256 JWTs; only HS256 is accepted when verifying, so `alg: none` and algorithm swaps fail. */
export function createAccessTokens(secret: string, ttlSeconds: number): AccessTokenIssuer {
  const key = new TextEncoder().encode(secret);
  return {
    async sign({ sub, platforms, org }) {
      const expiresAt = Math.floor(Date.now() / 1000) + ttlSeconds;
      const token = await new SignJWT({ platforms, org })
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
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer, audience });
        const claims = accessClaimsSchema.safeParse(payload);
        return claims.success ? claims.data : null;
      } catch (error) {
        if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
        throw error;
      }
    },
  };
}
