import type { FastifyRequest } from 'fastify';
import { accountSuspendedMessage } from '../../src/contract/users.ts';
import type { AccessClaims, AccessTokenIssuer } from '../lib/auth/access-tokens.ts';
import { HttpError } from '../lib/http-error.ts';

export interface Authenticator {
  /** The caller's verified claims; 401 UNAUTHORIZED when there is no valid access token. */
  require(request: FastifyRequest): Promise<AccessClaims>;
  /** The claims when a token is sent; null without one. A token that is sent but invalid is still a 401, so the app renews it. */
  optional(request: FastifyRequest): Promise<AccessClaims | null>;
}

const bearer = /^Bearer ([\w-]+\.[\w-]+\.[\w-]+)$/;

/** Accounts whose tokens no longer count though they are signed and unexpired (suspended ones). */
export interface RefusedAccounts {
  isSuspended(userId: string): Promise<boolean>;
}

export function createAuthenticator(tokens: AccessTokenIssuer, refused?: RefusedAccounts): Authenticator {
  const require = async (request: FastifyRequest) => {
    const match = bearer.exec(request.headers.authorization ?? '');
    const claims = match?.[1] ? await tokens.verify(match[1]) : null;
    if (!claims) throw new HttpError('UNAUTHORIZED', 'Please sign in to continue.');
    if (await refused?.isSuspended(claims.sub)) throw new HttpError('UNAUTHORIZED', accountSuspendedMessage);
    return claims;
  };
  return {
    require,
    optional: (request) => (request.headers.authorization ? require(request) : Promise.resolve(null)),
  };
}
