import {
  type CreateEvent,
  type Event,
  type EventList,
  type EventListQuery,
  type OrganizerEventList,
  placeMessage,
  placeRule,
  type UpdateEvent,
} from '../../../src/contract/events.ts';
import type { Db } from '../../db/database.ts';
import type { EventStatus } from '../../db/types.ts';
import { recordAudit } from '../../lib/audit-log.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { requireOrganizationImage } from '../../lib/storage/stored-images.ts';
import { refundEventOrders } from '../orders/refunds.service.ts';
import { can, permissionDenied, requirePermission } from '../organizations/permissions.ts';
import { type ImageUrl, toEvent, toEventSummary } from './event-view.ts';
import {
  deleteTicketTypes,
  type EventValues,
  findEventRow,
  insertEvent,
  insertTicketTypes,
  listEventRows,
  lockTicketTypes,
  memberRole,
  salesByEvent,
  ticketTypesOf,
  updateEvent,
  updateTicketType,
} from './events.repository.ts';

export interface EventsDeps {
  db: Db;
  imageUrl: ImageUrl;
}

function toValues(input: Partial<CreateEvent>): Partial<EventValues> {
  const values: Partial<EventValues> = {};
  if (input.title !== undefined) values.title = input.title;
  if (input.summary !== undefined) values.summary = input.summary;
  if (input.description !== undefined) values.description = input.description;
  if (input.category !== undefined) values.category = input.category;
  if (input.coverImageKey !== undefined) values.cover_image_key = input.coverImageKey;
  if (input.startsAt !== undefined) values.starts_at = new Date(input.startsAt);
  if (input.endsAt !== undefined) values.ends_at = new Date(input.endsAt);
  if (input.timezone !== undefined) values.timezone = input.timezone;
  if (input.isOnline !== undefined) values.is_online = input.isOnline;
  if (input.onlineUrl !== undefined) values.online_url = input.onlineUrl;
  if (input.venue !== undefined) {
    values.venue_name = input.venue?.name ?? null;
    values.address = input.venue?.address ?? null;
    values.city = input.venue?.city ?? null;
    values.country = input.venue?.country ?? null;
    values.latitude = input.venue?.latitude ?? null;
    values.longitude = input.venue?.longitude ?? null;
  }
  return values;
}

/** Members with `events.edit` may edit; other members get 403, everyone else learns nothing (404). */
async function requireEditor(db: Db, organizationId: string, userId: string): Promise<void> {
  await requirePermission(db, organizationId, userId, 'events.edit', 'That event');
}

async function loadForEditor(db: Db, eventId: string, userId: string) {
  const row = await findEventRow(db, eventId);
  if (!row) throw notFound('That event');
  await requireEditor(db, row.organization_id, userId);
  return row;
}

async function present(deps: EventsDeps, eventId: string, isMember: boolean): Promise<Event> {
  const row = await findEventRow(deps.db, eventId);
  if (!row) throw notFound('That event');
  return toEvent(row, await ticketTypesOf(deps.db, eventId), { imageUrl: deps.imageUrl, isMember, now: new Date() });
}

export async function createEvent(deps: EventsDeps, userId: string, input: CreateEvent): Promise<Event> {
  const role = await memberRole(deps.db, input.organizationId, userId);
  if (!can(role, 'events.edit')) throw permissionDenied('events.edit');
  await requireOrganizationImage(deps.db, input.organizationId, input.coverImageKey, 'body.coverImageKey');
  const eventId = await deps.db.transaction().execute(async (trx) => {
    const id = await insertEvent(trx, input.organizationId, toValues(input) as EventValues);
    await insertTicketTypes(trx, id, input.ticketTypes);
    await recordAudit(trx, { actorId: userId, action: 'event.created', subjectType: 'event', subjectId: id });
    return id;
  });
  return present(deps, eventId, true);
}

export async function changeEvent(deps: EventsDeps, userId: string, eventId: string, input: UpdateEvent): Promise<Event> {
  const row = await loadForEditor(deps.db, eventId, userId);
  const startsAt = input.startsAt ? new Date(input.startsAt) : new Date(row.starts_at);
  const endsAt = input.endsAt ? new Date(input.endsAt) : new Date(row.ends_at);
  if (endsAt <= startsAt) {
    throw new HttpError('BAD_REQUEST', 'The end must be after the start.', [
      { path: 'body.endsAt', message: 'The end must be after the start.' },
    ]);
  }
  // A change may switch between online and in person: the event as it would be saved needs its place.
  const merged = {
    isOnline: input.isOnline ?? row.is_online,
    onlineUrl: input.onlineUrl !== undefined ? input.onlineUrl : row.online_url,
    venue: input.venue !== undefined ? input.venue : row.venue_name,
  };
  if (!placeRule(merged)) throw new HttpError('BAD_REQUEST', placeMessage, [{ path: 'body.venue', message: placeMessage }]);
  await requireOrganizationImage(deps.db, row.organization_id, input.coverImageKey, 'body.coverImageKey', row.cover_image_key);
  await deps.db.transaction().execute(async (trx) => {
    await updateEvent(trx, eventId, toValues(input));
    if (input.ticketTypes) {
      const existing = await lockTicketTypes(trx, eventId);
      const kept = new Set(input.ticketTypes.flatMap((type) => (type.id ? [type.id] : [])));
      const removed = existing.filter((type) => !kept.has(type.id));
      const taken = removed.find((type) => type.taken > 0);
      if (taken) {
        throw new HttpError(
          'CONFLICT',
          'A ticket type with sales or tickets held for payment cannot be removed; hide it instead.',
        );
      }
      for (const [index, type] of input.ticketTypes.entries()) {
        const current = existing.find((candidate) => candidate.id === type.id);
        if (type.id && !current) throw new HttpError('BAD_REQUEST', 'A ticket type does not belong to this event.');
        if (current && type.capacity < current.taken) {
          throw new HttpError(
            'CONFLICT',
            `Capacity cannot go below the ${current.taken} tickets already sold or held for payment.`,
          );
        }
        if (current && type.id) await updateTicketType(trx, eventId, { ...type, id: type.id }, index);
        else await insertTicketTypes(trx, eventId, [type]);
      }
      await deleteTicketTypes(
        trx,
        removed.map((type) => type.id),
      );
    }
    await recordAudit(trx, { actorId: userId, action: 'event.changed', subjectType: 'event', subjectId: eventId });
  });
  return present(deps, eventId, true);
}

/** Publishing needs a ticket type, a future start, and a verified organisation for paid tickets. */
export async function publishEvent(deps: EventsDeps, userId: string, eventId: string): Promise<Event> {
  const row = await loadForEditor(deps.db, eventId, userId);
  if (row.status === 'cancelled') throw new HttpError('CONFLICT', 'A cancelled event cannot be published again.');
  const types = await ticketTypesOf(deps.db, eventId);
  const problems: string[] = [];
  if (types.length === 0) problems.push('Add at least one ticket type.');
  if (new Date(row.starts_at) <= new Date()) problems.push('The event must start in the future.');
  if (types.some((type) => type.price > 0) && row.kyc_status !== 'verified') {
    problems.push('Paid tickets need your organisation’s identity verification to be complete.');
  }
  if (problems.length)
    throw new HttpError(
      'CONFLICT',
      problems.join(' '),
      problems.map((message) => ({ path: 'event', message })),
    );
  return setStatus(deps, userId, eventId, 'published');
}

export async function unpublishEvent(deps: EventsDeps, userId: string, eventId: string): Promise<Event> {
  const row = await loadForEditor(deps.db, eventId, userId);
  if (row.status !== 'published') throw new HttpError('CONFLICT', 'Only a published event can be unpublished.');
  return setStatus(deps, userId, eventId, 'draft');
}

/**
 * Cancels an event and, in the same transaction, releases every held order and refunds every paid
 * one (tickets voided and revoked, buyers mailed, with links from `origin`); the booking sweeper then
 * returns the money at the provider.
 */
export async function cancelEvent(deps: EventsDeps, userId: string, eventId: string, origin: string): Promise<Event> {
  const row = await loadForEditor(deps.db, eventId, userId);
  if (row.status === 'cancelled') return present(deps, eventId, true);
  await deps.db.transaction().execute(async (trx) => {
    await updateEvent(trx, eventId, { status: 'cancelled' });
    await recordAudit(trx, { actorId: userId, action: 'event.cancelled', subjectType: 'event', subjectId: eventId });
    await refundEventOrders(trx, eventId, userId, origin);
  });
  return present(deps, eventId, true);
}

async function setStatus(deps: EventsDeps, userId: string, eventId: string, status: EventStatus): Promise<Event> {
  await deps.db.transaction().execute(async (trx) => {
    await updateEvent(trx, eventId, { status, ...(status === 'published' ? { published_at: new Date() } : {}) });
    await recordAudit(trx, { actorId: userId, action: `event.${status}`, subjectType: 'event', subjectId: eventId });
  });
  return present(deps, eventId, true);
}

/** An event as the caller may see it: published and cancelled ones publicly, drafts by their organisation only. */
export async function getEvent(deps: EventsDeps, eventId: string, userId: string | null): Promise<Event> {
  const row = await findEventRow(deps.db, eventId);
  if (!row) throw notFound('That event');
  const role = userId ? await memberRole(deps.db, row.organization_id, userId) : null;
  if (row.status === 'draft' && !role) throw notFound('That event');
  return present(deps, eventId, role !== null);
}

export async function listPublicEvents(deps: EventsDeps, query: EventListQuery): Promise<EventList> {
  const { items, total } = await listEventRows(deps.db, query, { statuses: ['published'], now: new Date() });
  return { items: items.map((row) => toEventSummary(row, deps.imageUrl)), page: query.page, pageSize: query.pageSize, total };
}

/** All of an organisation's events, any status, for its members. */
export async function listOrganizationEvents(
  deps: EventsDeps,
  userId: string,
  organizationId: string,
  query: EventListQuery,
): Promise<OrganizerEventList> {
  await requirePermission(deps.db, organizationId, userId, 'events.read');
  const { items, total } = await listEventRows(
    deps.db,
    { ...query, organizationId },
    { statuses: ['draft', 'published', 'cancelled'], now: new Date() },
  );
  const sales = await salesByEvent(
    deps.db,
    items.map((row) => row.id),
  );
  return {
    items: items.map((row) => ({
      ...toEventSummary(row, deps.imageUrl),
      ticketsSold: sales.get(row.id)?.sold ?? 0,
      capacity: sales.get(row.id)?.capacity ?? 0,
    })),
    page: query.page,
    pageSize: query.pageSize,
    total,
  };
}
