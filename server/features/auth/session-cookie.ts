import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { HeaderSpec } from '../../plugins/route-registry.ts';
import type { Session } from './sessions.service.ts';

/** The refresh token lives in an HttpOnly cookie that scripts cannot read (decision 004). */
export const refreshCookieName = 'refreshToken';
/** A random id marking a browser that has signed in before (decision 010); it outlives sign-out on purpose. */
export const deviceCookieName = 'knownDevice';
const deviceCookieDays = 400;

const cookieOptions = (request: FastifyRequest) =>
  ({ httpOnly: true, sameSite: 'strict', secure: request.protocol === 'https', path: '/' }) as const;

/** The cookie `presentedRefreshToken` reads, as the routes that read it declare it. */
export const refreshCookie: HeaderSpec = {
  name: refreshCookieName,
  in: 'cookie',
  required: false,
  description: 'The refresh token, as browsers send it; a `refreshToken` in the body is used first.',
  schema: z.string(),
};

export function setRefreshCookie(request: FastifyRequest, reply: FastifyReply, session: Session): void {
  reply.setCookie(refreshCookieName, session.refreshToken, { ...cookieOptions(request), expires: session.refreshTokenExpiresAt });
}

export function clearRefreshCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(refreshCookieName, cookieOptions(request));
}

/** The body's token (the spec's call) or, from browsers, the cookie. */
export function presentedRefreshToken(request: FastifyRequest, fromBody: string | undefined): string | undefined {
  if (fromBody && fromBody !== 'null') return fromBody;
  return request.cookies[refreshCookieName] || undefined;
}

export function setDeviceCookie(request: FastifyRequest, reply: FastifyReply, device: string): void {
  reply.setCookie(deviceCookieName, device, {
    ...cookieOptions(request),
    expires: new Date(Date.now() + deviceCookieDays * 24 * 3600 * 1000),
  });
}

/** The browser's device id, when it carries a well-formed one. */
export function presentedDevice(request: FastifyRequest): string | undefined {
  const value = request.cookies[deviceCookieName];
  return value && /^[\w-]{32,64}$/.test(value) ? value : undefined;
}
