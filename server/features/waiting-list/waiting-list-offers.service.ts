import type { Transaction } from 'kysely';
import { isUuid } from '../../../src/contract/ids.ts';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';
import { hashCode, sameSecret } from '../../lib/auth/secrets.ts';
import { holdsType } from '../../lib/capacity-quotas.ts';
import { enqueueMail } from '../../lib/mail/outbox.ts';
import {
  holdOfferedPlaces,
  type LockedStock,
  lockEventStock,
  releaseOfferedPlaces,
  type WaitingOffers,
} from '../orders/placement/offer-stock.service.ts';
import {
  type EntryRow,
  entryOf,
  type ListEvent,
  lapseOffers,
  lockEvent,
  markOffered,
  moveSaleVersion,
  queuedTypeIds,
  queueOf,
  type Settings,
  settingsOf,
  takeOfferQuery,
} from './waiting-list.repository.ts';
import { offerMail, placeLinks } from './waiting-list-mail.ts';

// Offering the places that come back (decision 063). Every change of an event's list runs in a transaction that holds
// the event's row first (so no order of the event is being placed meanwhile, and the lists' changes queue behind each
// other), then the event's stock in the order every writer of stock keeps (decision 061). What is left is judged from
// the locked counts, so no more places are ever offered than are free, and an offer's places are held in the type's
// count until it is taken, lapses or is given up.

export interface WaitingListDeps {
  db: Db;
  /** The server secret: a person's link is a random token, stored hashed with it. */
  secret: string;
  /** Where links in mail lead. */
  origin: string;
}

/** The secret of one person's links: their entry's id, signed (nothing secret is stored). */
export const placeToken = (secret: string, entryId: string) => `${entryId}.${hashCode(secret, 'waiting-list', entryId)}`;

/** The entry a link's secret names, when its signature holds; null otherwise. */
export function entryIdOfToken(secret: string, token: string): string | null {
  const entryId = token.slice(0, token.indexOf('.'));
  if (!isUuid(entryId)) return null;
  return sameSecret(token, placeToken(secret, entryId)) ? entryId : null;
}

const onSale = (event: ListEvent, now: Date) => event.status === 'published' && new Date(event.ends_at) > now;
type StockType = LockedStock['types'][number];
const typeOnSale = (type: StockType, now: Date) =>
  !type.hidden &&
  (type.sales_start === null || new Date(type.sales_start) <= now) &&
  (type.sales_end === null || new Date(type.sales_end) > now);

/** The event's stock as one transaction of its list sees and changes it. */
export interface ListStock {
  event: ListEvent;
  settings: Settings;
  types: StockType[];
  /** Places of the type no one holds: the least of its own and its quotas'. */
  roomOf(typeId: string): number;
  /** Offers `quantity` places to a person in the queue: holds them, and mails the offer. */
  offer(entry: EntryRow, quantity: number): Promise<void>;
  /** Gives back the places an offer held (it lapsed, or its person left or was removed). */
  release(typeId: string, quantity: number): Promise<void>;
  /** Offers what is free down the queue, in arrival order; answers the offers made. */
  offerDown(): Promise<number>;
  /** Ends the transaction's changes: orders priced while the queue of a type was empty (or not) are priced again. */
  finish(): Promise<void>;
}

/**
 * Locks the event's stock for a change of its list (the caller holds the event's row: lockEvent), lapses offers whose
 * time ran out (their places come back), and answers what the change can do with it.
 */
export async function openStock(trx: Transaction<Database>, deps: WaitingListDeps, event: ListEvent): Promise<ListStock> {
  const settings = await settingsOf(trx, event.id);
  const queuedBefore = await queuedTypeIds(trx, event.id);
  const { quotas, types } = await lockEventStock(trx, event.id);
  const typeLeft = new Map(types.map((type) => [type.id, type.capacity - type.taken]));
  const quotaLeft = new Map(quotas.map((quota) => [quota.id, quota.capacity - quota.taken]));
  const move = (typeId: string, places: number) => {
    typeLeft.set(typeId, (typeLeft.get(typeId) ?? 0) + places);
    for (const quota of quotas) if (holdsType(quota, typeId)) quotaLeft.set(quota.id, (quotaLeft.get(quota.id) ?? 0) + places);
  };
  const roomOf = (typeId: string) => {
    let room = typeLeft.get(typeId) ?? 0;
    for (const quota of quotas) if (holdsType(quota, typeId)) room = Math.min(room, quotaLeft.get(quota.id) ?? 0);
    return Math.max(room, 0);
  };
  const release = async (typeId: string, quantity: number) => {
    await releaseOfferedPlaces(trx, event.id, typeId, quantity);
    move(typeId, quantity);
  };
  for (const lapsed of await lapseOffers(trx, event.id)) await release(lapsed.ticket_type_id, lapsed.offered_quantity ?? 0);

  const offer = async (entry: EntryRow, quantity: number) => {
    const marked = await markOffered(trx, entry.id, quantity, settings.offer_hours);
    if (!marked) return;
    await holdOfferedPlaces(trx, entry.ticket_type_id, quantity);
    move(entry.ticket_type_id, -quantity);
    const type = types.find((candidate) => candidate.id === entry.ticket_type_id);
    await enqueueMail(
      trx,
      offerMail(
        event,
        { email: entry.email, name: entry.name, quantity: entry.quantity, typeName: type?.name ?? 'tickets' },
        { quantity, expiresAt: marked.offer_expires_at as Date },
        placeLinks(deps.origin, placeToken(deps.secret, entry.id)),
      ),
    );
  };

  const offerDown = async () => {
    const now = new Date();
    if (!settings.automatic || !onSale(event, now)) return 0;
    let made = 0;
    // Within a type the queue is kept: once its next person cannot be offered enough, nobody behind them is.
    const stopped = new Set<string>();
    for (const entry of await queueOf(trx, event.id)) {
      if (stopped.has(entry.ticket_type_id)) continue;
      const type = types.find((candidate) => candidate.id === entry.ticket_type_id);
      const quantity = type ? Math.min(entry.quantity, roomOf(type.id), type.max_per_order) : 0;
      if (!type || !typeOnSale(type, now) || quantity < Math.max(1, type.min_per_order)) {
        stopped.add(entry.ticket_type_id);
        continue;
      }
      await offer(entry, quantity);
      made += 1;
    }
    return made;
  };

  const finish = async () => {
    const queuedAfter = await queuedTypeIds(trx, event.id);
    const same = queuedAfter.size === queuedBefore.size && [...queuedAfter].every((id) => queuedBefore.has(id));
    if (!same) await moveSaleVersion(trx, event.id);
  };

  return { event, settings, types, roomOf, offer, release, offerDown, finish };
}

/**
 * Lapses the event's offers whose time ran out and offers the places that are free down its queue: run by the sweeper
 * for every event with something to do, and after anything that frees places of a list. Answers the offers made.
 */
export async function settleWaitingList(deps: WaitingListDeps, eventId: string): Promise<number> {
  return deps.db.transaction().execute(async (trx) => {
    const event = await lockEvent(trx, eventId);
    if (!event) return 0;
    const stock = await openStock(trx, deps, event);
    const made = await stock.offerDown();
    await stock.finish();
    return made;
  });
}

/** What orders need of the lists: an offer by its secret, and the statement that takes it (see WaitingOffers). */
export function waitingOffersOf(secret: string): WaitingOffers {
  return {
    async find(db, eventId, token) {
      const entryId = entryIdOfToken(secret, token);
      const row = entryId === null ? undefined : await entryOf(db, entryId);
      if (!row || row.event_id !== eventId) return null;
      return {
        id: row.id,
        ticketTypeId: row.ticket_type_id,
        quantity: row.offered_quantity ?? 0,
        email: row.email,
        status: row.status,
        expiresAt: row.offer_expires_at === null ? null : new Date(row.offer_expires_at),
      };
    },
    takeQuery: takeOfferQuery,
  };
}
