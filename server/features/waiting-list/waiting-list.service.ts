import type { Transaction } from 'kysely';
import type { JoinWaitingList, WaitingEntryView, WaitingListJoined } from '../../../src/contract/waiting-list.ts';
import type { Database } from '../../db/types.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { enqueueMail } from '../../lib/mail/outbox.ts';
import { consumeRateLimit, type RateLimit } from '../../lib/rate-limiter.ts';
import { findUserById } from '../users/users.service.ts';
import {
  type EntryRow,
  endEntry,
  entryOf,
  insertEntry,
  type ListEvent,
  liveEntryOf,
  lockEntry,
  lockEvent,
  positionOf,
  queueEntry,
} from './waiting-list.repository.ts';
import { confirmPlaceMail, joinedMail, placeLinks } from './waiting-list-mail.ts';
import { entryIdOfToken, openStock, placeToken, type WaitingListDeps } from './waiting-list-offers.service.ts';

// Joining, confirming, leaving and seeing a place on a waiting list, and the organiser's list (decision 063). The
// offers themselves are made in waiting-list-offers.service.ts.

/** Against a script filling lists or inboxes: joins per network, and mails per recipient. */
export const waitingListLimits = {
  joinsPerNetwork: {
    name: 'waiting-list-join:network',
    limit: 30,
    windowSeconds: 60 * 60,
    refusal: 'Too many waiting list requests',
  },
  mailsPerRecipient: {
    name: 'waiting-list-mail:to',
    limit: 5,
    windowSeconds: 60 * 60,
    refusal: 'Too many waiting list mails to this address',
  },
} satisfies Record<string, RateLimit>;

export const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
export const fieldError = (status: 'BAD_REQUEST' | 'CONFLICT', path: string, message: string) =>
  new HttpError(status, message, [{ path, message }]);

export async function inTransaction<T>(
  deps: WaitingListDeps,
  eventId: string,
  work: (trx: Transaction<Database>, event: ListEvent) => Promise<T>,
) {
  return deps.db.transaction().execute(async (trx) => {
    const event = await lockEvent(trx, eventId);
    if (!event) throw notFound('That event');
    return work(trx, event);
  });
}

/** The entry a link names, or 404 for a link that is not one of ours. */
async function entryOfLink(deps: WaitingListDeps, token: string): Promise<EntryRow> {
  const entryId = entryIdOfToken(deps.secret, token);
  const entry = entryId === null ? undefined : await entryOf(deps.db, entryId);
  if (!entry) throw new HttpError('NOT_FOUND', 'This waiting list link is not valid: open it from the mail again.');
  return entry;
}

/**
 * Joins a sold-out type's list. A signed-in buyer whose confirmed email is the one given is in the queue at once; anyone
 * else gets a mail whose link proves the email and only then takes a place. Joining again answers the place they have.
 */
export async function joinWaitingList(
  deps: WaitingListDeps,
  input: JoinWaitingList,
  caller: { userId: string | null; ip: string },
): Promise<WaitingListJoined> {
  const user = caller.userId ? await findUserById(deps.db, caller.userId) : undefined;
  const proven = user !== undefined && user.email_confirmed_at !== null && user.email.toLowerCase() === input.buyer.email;
  await consumeRateLimit(deps.db, waitingListLimits.joinsPerNetwork, caller.ip);
  // Counted before anything is written, so a refused request mails nobody: each join may send one mail.
  await consumeRateLimit(deps.db, waitingListLimits.mailsPerRecipient, input.buyer.email);
  const joined = await inTransaction(deps, input.eventId, async (trx, event) => {
    if (event.status !== 'published') throw notFound('That event');
    if (new Date(event.ends_at) <= new Date()) throw new HttpError('CONFLICT', 'This event has ended.');
    const stock = await openStock(trx, deps, event);
    if (!stock.settings.enabled) throw new HttpError('CONFLICT', 'This event has no waiting list.');
    const type = stock.types.find((candidate) => candidate.id === input.ticketTypeId && !candidate.hidden);
    if (!type) throw fieldError('BAD_REQUEST', 'body.ticketTypeId', 'That is not a ticket type of this event.');
    const now = new Date();
    if (type.sales_end !== null && new Date(type.sales_end) <= now)
      throw new HttpError('CONFLICT', `Sales of ${type.name} tickets have ended.`);
    if (type.sales_start !== null && new Date(type.sales_start) > now)
      throw new HttpError('CONFLICT', `${type.name} tickets are not on sale yet.`);
    const most = Math.min(type.max_per_order, 10);
    if (input.quantity < type.min_per_order || input.quantity > most) {
      const range = type.min_per_order === most ? `${most}` : `${type.min_per_order} to ${most}`;
      throw fieldError('BAD_REQUEST', 'body.quantity', `Choose ${range} ${type.name} tickets.`);
    }
    const existing = await liveEntryOf(trx, type.id, input.buyer.email);
    if (existing) {
      // Asked again: a guest still to confirm gets the link again, or is in the queue now if signed in with that email.
      if (existing.status === 'unconfirmed') {
        const person = { email: existing.email, name: existing.name, quantity: existing.quantity, typeName: type.name };
        const links = placeLinks(deps.origin, placeToken(deps.secret, existing.id));
        if (proven) {
          await queueEntry(trx, existing.id);
          const queuedEntry = (await lockEntry(trx, existing.id)) as EntryRow;
          await enqueueMail(trx, joinedMail(event, person, await positionOf(trx, queuedEntry), links));
          await stock.offerDown();
          await stock.finish();
        } else {
          await enqueueMail(trx, confirmPlaceMail(event, person, links));
        }
      }
      return { entry: existing, type };
    }
    const queued =
      (await trx
        .selectFrom('waiting_list_entries')
        .select('id')
        .where('ticket_type_id', '=', type.id)
        .where('status', '=', 'waiting')
        .limit(1)
        .executeTakeFirst()) !== undefined;
    const room = stock.roomOf(type.id);
    if (!queued && room >= Math.max(1, type.min_per_order)) {
      throw new HttpError('CONFLICT', `${type.name} tickets are still on sale: book them on the event page.`);
    }
    const { id } = await insertEntry(trx, {
      event_id: event.id,
      ticket_type_id: type.id,
      email: input.buyer.email,
      name: input.buyer.name,
      user_id: caller.userId,
      quantity: input.quantity,
      status: proven ? 'waiting' : 'unconfirmed',
    });
    const entry = (await lockEntry(trx, id)) as EntryRow;
    const person = { email: entry.email, name: entry.name, quantity: entry.quantity, typeName: type.name };
    const links = placeLinks(deps.origin, placeToken(deps.secret, id));
    if (proven) {
      await enqueueMail(trx, joinedMail(event, person, await positionOf(trx, entry), links));
      await stock.offerDown();
    } else {
      await enqueueMail(trx, confirmPlaceMail(event, person, links));
    }
    await stock.finish();
    return { entry, type };
  });
  const entry = (await entryOf(deps.db, joined.entry.id)) ?? joined.entry;
  return {
    status: entry.status === 'unconfirmed' ? 'unconfirmed' : 'waiting',
    position: await positionOf(deps.db, entry),
    email: entry.email,
    ticketTypeName: joined.type.name,
    quantity: entry.quantity,
  };
}

/** One person's place as their link shows it. */
async function viewOf(deps: WaitingListDeps, entry: EntryRow): Promise<WaitingEntryView> {
  const row = await deps.db
    .selectFrom('events as ev')
    .innerJoin('ticket_types as t', 't.event_id', 'ev.id')
    .select(['ev.id', 'ev.title', 'ev.starts_at', 'ev.timezone', 'ev.venue_name', 'ev.city', 't.name', 't.price', 't.currency'])
    .where('ev.id', '=', entry.event_id)
    .where('t.id', '=', entry.ticket_type_id)
    .executeTakeFirstOrThrow();
  return {
    status: entry.status,
    position: entry.status === 'waiting' ? await positionOf(deps.db, entry) : null,
    email: entry.email,
    name: entry.name,
    quantity: entry.quantity,
    offeredQuantity: entry.offered_quantity,
    offerExpiresAt: iso(entry.offer_expires_at),
    orderId: entry.order_id,
    event: {
      id: row.id,
      title: row.title,
      startsAt: new Date(row.starts_at).toISOString(),
      timezone: row.timezone,
      venueName: row.venue_name,
      city: row.city,
    },
    ticketType: { id: entry.ticket_type_id, name: row.name, price: row.price, currency: row.currency },
  };
}

export async function viewPlace(deps: WaitingListDeps, token: string): Promise<WaitingEntryView> {
  const entry = await entryOfLink(deps, token);
  // An offer whose time ran out reads as lapsed at once, before the sweeper gives its places on.
  if (entry.status === 'offered' && entry.offer_expires_at !== null && new Date(entry.offer_expires_at) <= new Date()) {
    return viewOf(deps, { ...entry, status: 'lapsed' });
  }
  return viewOf(deps, entry);
}

/** The link of a guest's first mail: their email is proven, and they take their place in the queue from now. */
export async function confirmPlace(deps: WaitingListDeps, token: string): Promise<WaitingEntryView> {
  const { id, event_id: eventId, status } = await entryOfLink(deps, token);
  // Opened again (or by a mail scanner's second look): nothing to do, and no lock on the event's sales taken.
  if (status !== 'unconfirmed') return viewPlace(deps, token);
  await inTransaction(deps, eventId, async (trx, event) => {
    const stock = await openStock(trx, deps, event);
    const entry = await lockEntry(trx, id);
    if (entry?.status !== 'unconfirmed') return;
    await queueEntry(trx, id);
    // Their place, and the link to leave, in a mail of its own: the first one only asked them to confirm.
    const type = stock.types.find((candidate) => candidate.id === entry.ticket_type_id);
    const person = { email: entry.email, name: entry.name, quantity: entry.quantity, typeName: type?.name ?? 'tickets' };
    const queuedEntry = (await lockEntry(trx, id)) as EntryRow;
    await enqueueMail(trx, joinedMail(event, person, await positionOf(trx, queuedEntry), placeLinks(deps.origin, token)));
    await stock.offerDown();
    await stock.finish();
  });
  return viewPlace(deps, token);
}

/**
 * Takes a person off a list, from wherever they stood (`left` by their link, `removed` by the organiser): an offer's
 * places come back and go down the queue.
 */
export async function endPlace(
  deps: WaitingListDeps,
  eventId: string,
  entryId: string,
  status: 'left' | 'removed',
  recorded?: (trx: Transaction<Database>, entry: EntryRow) => Promise<void>,
) {
  return inTransaction(deps, eventId, async (trx, event) => {
    const stock = await openStock(trx, deps, event);
    const entry = await lockEntry(trx, entryId);
    if (!entry || !(await endEntry(trx, entryId, status))) return entry;
    await recorded?.(trx, entry);
    if (entry.status === 'offered') await stock.release(entry.ticket_type_id, entry.offered_quantity ?? 0);
    await stock.offerDown();
    await stock.finish();
    return entry;
  });
}

export async function leavePlace(deps: WaitingListDeps, token: string): Promise<WaitingEntryView> {
  const entry = await entryOfLink(deps, token);
  if (entry.status === 'accepted') throw new HttpError('CONFLICT', 'You booked with this offer already: the booking is yours.');
  if (['unconfirmed', 'waiting', 'offered'].includes(entry.status)) await endPlace(deps, entry.event_id, entry.id, 'left');
  return viewPlace(deps, token);
}
