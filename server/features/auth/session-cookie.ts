import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { HeaderSpec } from '../../plugins/route-registry.ts';
import type { Session } from './sessions.service.ts';

/** The refresh token lives in an HttpOnly cookie that scripts cannot read (decision 004). */
export const refreshCookieName = 'refreshToken';

/** The cookie `presentedRefreshToken` reads, as the routes that read it declare it. */
export const refreshCookie: HeaderSpec = {
  name: refreshCookieName,
  in: 'cookie',
  required: false,
  description: 'The refresh token, as browsers send it; a `refreshToken` in the body is used first.',
  schema: z.string(),
};

export function setRefreshCookie(request: FastifyRequest, reply: FastifyReply, session: Session): void {
  reply.setCookie(refreshCookieName, session.refreshToken, {
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    path: '/',
    expires: session.refreshTokenExpiresAt,
  });
}

export function clearRefreshCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(refreshCookieName, { httpOnly: true, sameSite: 'strict', secure: request.protocol === 'https', path: '/' });
}

/** The body's token (the spec's call) or, from browsers, the cookie. */
export function presentedRefreshToken(request: FastifyRequest, fromBody: string | undefined): string | undefined {
  if (fromBody && fromBody !== 'null') return fromBody;
  return request.cookies[refreshCookieName] || undefined;
}
