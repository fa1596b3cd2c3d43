import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actingEndedMessage, refusedWhileActingMessage } from '../../src/contract/acting.ts';
import type { Executor } from '../db/database.ts';
import { recordAudit } from '../lib/audit-log.ts';
import type { AccessTokenIssuer } from '../lib/auth/access-tokens.ts';
import { HttpError } from '../lib/http-error.ts';
import type { WhileActing } from './route-registry.ts';

/** Where an acting token's session is looked up: a stopped or expired session refuses its token at once. */
export interface ActingSessions {
  isLive(sessionId: string): Promise<boolean>;
}

/** The stop route is the one admin route an acting token may call: it ends itself. */
export const stopActingUrl = '/admin/users/:userId/act/stop';

const reads = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a request made while acting as a user is refused (decision 048): every admin route but stopping, and every
 * write the route itself does not declare allowed while acting (deny by default: a route without a declaration is
 * refused too). Reads of the user's own pages stay open.
 */
export function refusedWhileActing(method: string, url: string, declared: WhileActing | undefined): boolean {
  if (url.startsWith('/admin/')) return !(method === 'POST' && url === stopActingUrl);
  if (reads.has(method)) return false;
  return typeof declared !== 'object';
}

interface Acting {
  adminId: string;
  userId: string;
  sessionId: string;
}

const bearer = /^Bearer ([\w-]+\.[\w-]+\.[\w-]+)$/;

/**
 * The one check of acting tokens, run before every API route whatever its own auth use: a token carrying `act`
 * must name a live session (else 401, so the browser drops the acting cookie only) and may not reach a refused
 * route (403). Every write made with one is audited with its answer's status once it is sent.
 */
export function registerActing(
  app: FastifyInstance,
  deps: { tokens: AccessTokenIssuer; sessions: ActingSessions; db: Executor; basePath: string },
): void {
  const acting = new WeakMap<FastifyRequest, Acting & { route: string }>();
  const routeOf = (request: FastifyRequest) => {
    const url = request.routeOptions.url ?? '';
    return url.startsWith(deps.basePath) ? url.slice(deps.basePath.length) : url;
  };

  app.addHook('onRequest', async (request) => {
    const match = bearer.exec(request.headers.authorization ?? '');
    if (!match?.[1]) return;
    const claims = await deps.tokens.verify(match[1]);
    if (!claims?.act) return;
    if (!claims.jti || !(await deps.sessions.isLive(claims.jti))) throw new HttpError('UNAUTHORIZED', actingEndedMessage);
    const route = routeOf(request);
    acting.set(request, { adminId: claims.act.sub, userId: claims.sub, sessionId: claims.jti, route });
    if (refusedWhileActing(request.method, route, request.routeOptions.config.whileActing))
      throw new HttpError('FORBIDDEN', refusedWhileActingMessage);
  });

  app.addHook('onResponse', async (request, reply) => {
    const state = acting.get(request);
    if (!state || reads.has(request.method)) return;
    await recordAudit(deps.db, {
      actorId: state.adminId,
      action: 'admin.acting_request',
      subjectType: 'user',
      subjectId: state.userId,
      details: { method: request.method, route: state.route, status: reply.statusCode, actingId: state.sessionId },
    }).catch((error: unknown) => request.log.error({ err: error }, 'could not record a request made while acting'));
  });
}
