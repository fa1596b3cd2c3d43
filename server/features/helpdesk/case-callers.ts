import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { caseAccessHeader } from '../../../src/contract/help-case-terms.ts';
import type { Db } from '../../db/database.ts';
import type { Authenticator } from '../../plugins/authentication.ts';
import type { HeaderSpec } from '../../plugins/route-registry.ts';
import { requireAgent } from './agent-access.ts';
import type { CaseCaller } from './cases.service.ts';

/** The header a case's own routes read besides the bearer: the access a mailed link or code was exchanged for. */
export const caseAccessHeaderSpec: HeaderSpec = {
  name: caseAccessHeader,
  in: 'header',
  required: false,
  description:
    'The access a mailed case link or code was exchanged for (POST /help/cases/access); the owner’s bearer works instead.',
  schema: z.string(),
};

/** Who asks about a case: a signed-in person, and the case access they hold if any. */
export function caseCallerOf(auth: Authenticator) {
  return async (request: FastifyRequest): Promise<CaseCaller> => {
    const claims = await auth.optional(request);
    const header = request.headers[caseAccessHeader];
    return { userId: claims?.sub ?? null, accessKey: typeof header === 'string' ? header : undefined };
  };
}

/** The signed-in agent's id, once their groups allow them to answer cases. */
export function caseAgentOf(db: Db, auth: Authenticator) {
  return async (request: FastifyRequest): Promise<string> => {
    const caller = await auth.require(request);
    await requireAgent(db, caller);
    return caller.sub;
  };
}
