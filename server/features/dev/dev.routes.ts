import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { mailboxMessageSchema } from '../../../src/contract/auth.ts';
import type { ApiContext } from '../../api-context.ts';
import { latestMessages } from '../../lib/mail/outbox.ts';

/** Development helpers: only on a local instance that sends no mail; anywhere else they do not exist (404). */
export function devRoutes(app: FastifyInstance, { config, db, routes }: ApiContext): void {
  if (!config.devMailbox) return;

  routes.add(app, {
    method: 'GET',
    url: '/dev/mailbox',
    summary: 'Latest outgoing mail (development only)',
    tags: ['dev'],
    auth: 'none',
    response: z.array(mailboxMessageSchema),
    handler: async () => {
      const messages = await latestMessages(db, 20);
      return { message: `The latest ${messages.length} outgoing messages.`, data: messages };
    },
  });
}
