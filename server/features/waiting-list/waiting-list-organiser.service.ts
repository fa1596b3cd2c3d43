import type { WaitingEntry, WaitingList, WaitingListSettings } from '../../../src/contract/waiting-list.ts';
import { recordAudit } from '../../lib/audit-log.ts';
import { quotaCountsOf } from '../../lib/capacity-quotas.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { availableOf } from '../../lib/ticket-type-view.ts';
import { requirePermission } from '../organizations/organizations.service.ts';
import {
  countsOfEvent,
  type EntryRow,
  entriesOfEvent,
  entryById,
  lockEntry,
  saveSettings,
  settingsOf,
} from './waiting-list.repository.ts';
import { endPlace, fieldError, inTransaction, iso } from './waiting-list.service.ts';
import { openStock, type WaitingListDeps } from './waiting-list-offers.service.ts';

// The organiser's side of a waiting list (decision 063): owners and managers (events.edit), as for codes and capacity.

/** Entries the organiser's page lists at most: everyone waiting or offered first. */
const listedEntries = 500;
const tickets = (count: number) => (count === 1 ? '1 ticket' : `${count} tickets`);

async function eventForEditor(deps: WaitingListDeps, eventId: string, userId: string) {
  const event = await deps.db.selectFrom('events').select(['id', 'organization_id']).where('id', '=', eventId).executeTakeFirst();
  if (!event) throw notFound('That event');
  await requirePermission(deps.db, event.organization_id, userId, 'events.edit', 'That event');
  return event;
}

function toEntry(row: EntryRow & { ticket_type_name: string }, position: number | null): WaitingEntry {
  return {
    id: row.id,
    position,
    status: row.status,
    email: row.email,
    name: row.name,
    ticketTypeId: row.ticket_type_id,
    ticketTypeName: row.ticket_type_name,
    quantity: row.quantity,
    offeredQuantity: row.offered_quantity,
    offeredAt: iso(row.offered_at),
    offerExpiresAt: iso(row.offer_expires_at),
    orderId: row.order_id,
    joinedAt: new Date(row.created_at).toISOString(),
  };
}

const settingsView = (settings: { enabled: boolean; automatic: boolean; offer_hours: number }): WaitingListSettings => ({
  enabled: settings.enabled,
  automatic: settings.automatic,
  offerHours: settings.offer_hours,
});

export async function getWaitingList(deps: WaitingListDeps, userId: string, eventId: string): Promise<WaitingList> {
  await eventForEditor(deps, eventId, userId);
  const { db } = deps;
  const [settings, rows, counts, quotas, types] = await Promise.all([
    settingsOf(db, eventId),
    entriesOfEvent(db, eventId, listedEntries),
    countsOfEvent(db, eventId),
    quotaCountsOf(db, eventId),
    db
      .selectFrom('ticket_types')
      .select(['id', 'name', 'capacity', 'taken'])
      .where('event_id', '=', eventId)
      .orderBy('sort_order')
      .orderBy('created_at')
      .execute(),
  ]);
  const positions = new Map<string, number>();
  const entries = rows.map((row) => {
    let position: number | null = null;
    if (row.status === 'waiting') {
      position = (positions.get(row.ticket_type_id) ?? 0) + 1;
      positions.set(row.ticket_type_id, position);
    }
    return toEntry(row, position);
  });
  return {
    settings: settingsView(settings),
    types: types.map((type) => {
      const count = counts.find((row) => row.ticket_type_id === type.id);
      return {
        ticketTypeId: type.id,
        name: type.name,
        waiting: count?.waiting ?? 0,
        waitingTickets: count?.waiting_tickets ?? 0,
        offered: count?.offered ?? 0,
        offeredTickets: count?.offered_tickets ?? 0,
        free: availableOf(type, quotas),
      };
    }),
    entries,
  };
}

export async function changeWaitingListSettings(
  deps: WaitingListDeps,
  userId: string,
  eventId: string,
  input: WaitingListSettings,
): Promise<WaitingListSettings> {
  await eventForEditor(deps, eventId, userId);
  const settings = { enabled: input.enabled, automatic: input.automatic, offer_hours: input.offerHours };
  await inTransaction(deps, eventId, async (trx, event) => {
    await saveSettings(trx, eventId, settings);
    await recordAudit(trx, {
      actorId: userId,
      action: 'waiting_list.changed',
      subjectType: 'event',
      subjectId: eventId,
      details: { enabled: settings.enabled, automatic: settings.automatic, offerHours: settings.offer_hours },
    });
    // Turned to automatic, the places free now go down the queue at once.
    const stock = await openStock(trx, deps, event);
    await stock.offerDown();
    await stock.finish();
  });
  return settingsView(settings);
}

/** An offer made by hand to one person in the queue, of places free now (the organiser may pick anyone). */
export async function offerByHand(
  deps: WaitingListDeps,
  userId: string,
  eventId: string,
  entryId: string,
  quantity: number | undefined,
): Promise<WaitingEntry> {
  await eventForEditor(deps, eventId, userId);
  await inTransaction(deps, eventId, async (trx, event) => {
    const stock = await openStock(trx, deps, event);
    const entry = await lockEntry(trx, entryId);
    if (!entry || entry.event_id !== eventId) throw notFound('That person on the waiting list');
    if (entry.status !== 'waiting') {
      throw new HttpError('CONFLICT', `Only people in the queue can be offered places: ${entry.email} is ${entry.status}.`);
    }
    const type = stock.types.find((candidate) => candidate.id === entry.ticket_type_id);
    if (!type) throw notFound('That ticket type');
    const room = stock.roomOf(type.id);
    const places = quantity ?? Math.min(entry.quantity, room, type.max_per_order);
    if (places > entry.quantity) {
      throw fieldError(
        'BAD_REQUEST',
        'body.quantity',
        `They asked for ${tickets(entry.quantity)}: offer at most ${entry.quantity}.`,
      );
    }
    if (places < 1 || places > room) {
      const free = room === 1 ? '1 place is' : `${room} places are`;
      throw fieldError('CONFLICT', 'body.quantity', `Only ${free} free of ${type.name} now: offer no more than that.`);
    }
    if (places < type.min_per_order) {
      throw fieldError('CONFLICT', 'body.quantity', `${type.name} is sold at least ${type.min_per_order} per order.`);
    }
    await stock.offer(entry, places);
    await recordAudit(trx, {
      actorId: userId,
      action: 'waiting_list.offered',
      subjectType: 'event',
      subjectId: eventId,
      details: { entryId, places },
    });
    await stock.finish();
  });
  const rows = await entriesOfEvent(deps.db, eventId, listedEntries);
  const row = rows.find((candidate) => candidate.id === entryId);
  if (!row) throw notFound('That person on the waiting list');
  return toEntry(row, null);
}

export async function removeFromWaitingList(
  deps: WaitingListDeps,
  userId: string,
  eventId: string,
  entryId: string,
): Promise<void> {
  await eventForEditor(deps, eventId, userId);
  const entry = await entryById(deps.db, eventId, entryId);
  if (!entry) throw notFound('That person on the waiting list');
  if (!['unconfirmed', 'waiting', 'offered'].includes(entry.status)) {
    throw new HttpError('CONFLICT', `${entry.email} is no longer on the list (${entry.status}).`);
  }
  await endPlace(deps, eventId, entryId, 'removed', (trx, ended) =>
    recordAudit(trx, {
      actorId: userId,
      action: 'waiting_list.removed',
      subjectType: 'event',
      subjectId: eventId,
      details: { entryId, status: ended.status },
    }),
  );
}
