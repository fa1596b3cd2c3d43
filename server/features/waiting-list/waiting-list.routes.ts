import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { eventParamsSchema } from '../../../src/contract/events.ts';
import {
  joinWaitingListSchema,
  manualOfferSchema,
  waitingEntryParamsSchema,
  waitingEntrySchema,
  waitingEntryViewSchema,
  waitingListJoinedSchema,
  waitingListSchema,
  waitingListSettingsSchema,
  waitingTokenSchema,
} from '../../../src/contract/waiting-list.ts';
import type { ApiContext } from '../../api-context.ts';
import { confirmPlace, joinWaitingList, leavePlace, viewPlace } from './waiting-list.service.ts';
import type { WaitingListDeps } from './waiting-list-offers.service.ts';
import {
  changeWaitingListSettings,
  getWaitingList,
  offerByHand,
  removeFromWaitingList,
} from './waiting-list-organiser.service.ts';

const tags = ['waiting-list'];
const noteOnList = 'Owners and managers of the event’s organisation (events.edit)';
/** The person's link's secret travels in the body, never in a logged address. */
const byLink = 'with the secret of the link mailed to them';

const placeMessage = (view: { status: string; position: number | null }) =>
  view.status === 'waiting' && view.position !== null ? `You are number ${view.position} in the queue.` : 'Your place.';

export function waitingListRoutes(app: FastifyInstance, { config, db, routes, auth }: ApiContext): void {
  const deps: WaitingListDeps = { db, secret: config.jwtSecret, origin: config.publicOrigin };

  routes.add(app, {
    method: 'POST',
    url: '/waiting-list',
    summary:
      'Join a sold-out ticket type’s waiting list: in the queue at once for a signed-in buyer’s confirmed email, else once the mailed link is opened',
    tags,
    auth: 'optional',
    whileActing: 'refused',
    statuses: ['CREATED'],
    errors: ['NOT_FOUND', 'CONFLICT', 'TOO_MANY_REQUESTS'],
    body: joinWaitingListSchema,
    response: waitingListJoinedSchema,
    handler: async ({ body, request }) => {
      const caller = await auth.optional(request);
      const joined = await joinWaitingList(deps, body, { userId: caller?.sub ?? null, ip: request.ip });
      const message =
        joined.status === 'waiting'
          ? `You are number ${joined.position ?? 1} in the queue for ${joined.ticketTypeName}.`
          : `Check your email: open the link we sent to ${joined.email} to confirm your place.`;
      return { message, data: joined };
    },
  });

  routes.add(app, {
    method: 'POST',
    url: '/waiting-list/view',
    summary: `A person’s place on a waiting list, and their offer when they have one, ${byLink}`,
    tags,
    auth: 'none',
    whileActing: 'refused',
    errors: ['NOT_FOUND'],
    body: waitingTokenSchema,
    response: waitingEntryViewSchema,
    handler: async ({ body }) => {
      const view = await viewPlace(deps, body.token);
      return { message: placeMessage(view), data: view };
    },
  });

  routes.add(app, {
    method: 'POST',
    url: '/waiting-list/confirm',
    summary: `A guest proves their email ${byLink}, and takes their place in the queue`,
    tags,
    auth: 'none',
    whileActing: 'refused',
    errors: ['NOT_FOUND'],
    body: waitingTokenSchema,
    response: waitingEntryViewSchema,
    handler: async ({ body }) => {
      const view = await confirmPlace(deps, body.token);
      return { message: placeMessage(view), data: view };
    },
  });

  routes.add(app, {
    method: 'POST',
    url: '/waiting-list/leave',
    summary: `A person leaves a waiting list ${byLink}; an offer they had passes to the next person`,
    tags,
    auth: 'none',
    whileActing: 'refused',
    errors: ['NOT_FOUND', 'CONFLICT'],
    body: waitingTokenSchema,
    response: waitingEntryViewSchema,
    handler: async ({ body }) => ({ message: 'You have left the waiting list.', data: await leavePlace(deps, body.token) }),
  });

  routes.add(app, {
    method: 'GET',
    url: '/events/:eventId/waiting-list',
    summary: `The event’s waiting list: its settings, counts per ticket type and the people on it in queue order. ${noteOnList}`,
    tags,
    auth: 'required',
    errors: ['FORBIDDEN'],
    params: eventParamsSchema,
    response: waitingListSchema,
    handler: async ({ params, request }) => {
      const caller = await auth.require(request);
      return { message: 'Waiting list.', data: await getWaitingList(deps, caller.sub, params.eventId) };
    },
  });

  routes.add(app, {
    method: 'PUT',
    url: '/events/:eventId/waiting-list',
    summary: `Open or close the event’s waiting list, offer places automatically or by hand, and for how long an offer holds them. ${noteOnList}`,
    tags,
    auth: 'required',
    whileActing: 'refused',
    errors: ['FORBIDDEN'],
    params: eventParamsSchema,
    body: waitingListSettingsSchema,
    response: waitingListSettingsSchema,
    handler: async ({ params, body, request }) => {
      const caller = await auth.require(request);
      const settings = await changeWaitingListSettings(deps, caller.sub, params.eventId, body);
      return { message: settings.enabled ? 'The waiting list is open.' : 'The waiting list is closed.', data: settings };
    },
  });

  routes.add(app, {
    method: 'POST',
    url: '/events/:eventId/waiting-list/:entryId/offer',
    summary: `Offer places free now to one person in the queue, by hand. ${noteOnList}`,
    tags,
    auth: 'required',
    whileActing: 'refused',
    errors: ['FORBIDDEN', 'CONFLICT'],
    params: waitingEntryParamsSchema,
    body: manualOfferSchema,
    response: waitingEntrySchema,
    handler: async ({ params, body, request }) => {
      const caller = await auth.require(request);
      const entry = await offerByHand(deps, caller.sub, params.eventId, params.entryId, body.quantity);
      return { message: `${entry.offeredQuantity ?? 0} places offered to ${entry.email}.`, data: entry };
    },
  });

  routes.add(app, {
    method: 'DELETE',
    url: '/events/:eventId/waiting-list/:entryId',
    summary: `Take a person off the waiting list; places offered to them pass to the next person. ${noteOnList}`,
    tags,
    auth: 'required',
    whileActing: 'refused',
    errors: ['FORBIDDEN', 'CONFLICT'],
    params: waitingEntryParamsSchema,
    response: z.object({ removed: z.literal(true) }),
    handler: async ({ params, request }) => {
      const caller = await auth.require(request);
      await removeFromWaitingList(deps, caller.sub, params.eventId, params.entryId);
      return { message: 'Removed from the waiting list.', data: { removed: true as const } };
    },
  });
}
