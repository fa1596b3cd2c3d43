import type { Transaction } from 'kysely';
import {
  type CreateEvent,
  type Event,
  type EventList,
  type EventListQuery,
  type OrganizerEventList,
  placeMessage,
  placeRule,
  salesWindowProblems,
  type UpdateEvent,
} from '../../../src/contract/events.ts';
import { can, rolesAllowed } from '../../../src/contract/permissions.ts';
import type { RefundPolicy } from '../../../src/contract/refund-policy.ts';
import type { KycStatus } from '../../../src/contract/users.ts';
import { canSellPaidTickets, paidTicketsNeedVerification } from '../../../src/contract/verification.ts';
import type { Db } from '../../db/database.ts';
import type { Database, EventStatus } from '../../db/types.ts';
import { recordAudit } from '../../lib/audit-log.ts';
import { quotaCountsOf } from '../../lib/capacity-quotas.ts';
import { toEventSummary } from '../../lib/event-card.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { permissionDenied } from '../../lib/permission-denied.ts';
import type { ImageLinks } from '../../lib/storage/image-url.ts';
import { requireOrganizationImage } from '../../lib/storage/stored-images.ts';
import { waitingStateOf } from '../../lib/waiting-list-state.ts';
import { refundEventOrders } from '../orders/refunds/refunds.service.ts';
import { memberRoleOf, requirePermission } from '../organizations/organizations.service.ts';
import { toEvent } from './event-view.ts';
import {
  deleteTicketTypes,
  type EventValues,
  findEventRow,
  hasPaidOrders,
  insertEvent,
  insertTicketTypes,
  listEventRows,
  lockEventRow,
  lockTicketTypes,
  salesByEvent,
  ticketTypesOf,
  updateEvent,
  updateTicketType,
} from './events.repository.ts';
import { countPageView, flushPageViews as writeCountedPageViews } from './page-views.ts';

export interface EventsDeps {
  db: Db;
  images: ImageLinks;
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
  if (input.testMode !== undefined) values.test_mode = input.testMode;
  if (input.buyerCancellation !== undefined) values.buyer_cancellation = input.buyerCancellation;
  if (input.transferCutoffHours !== undefined) values.transfer_cutoff_hours = input.transferCutoffHours;
  if (input.refundPolicy !== undefined) values.refund_policy = input.refundPolicy ? JSON.stringify(input.refundPolicy) : null;
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

/** A fixed refund fee is in the currency the tickets are sold in. */
function refuseFeeInOtherCurrency(policy: RefundPolicy | null | undefined, currencies: readonly string[]): void {
  if (policy?.kind !== 'until_before_start' || policy.fee?.kind !== 'fixed') return;
  const currency = policy.fee.currency;
  if (currencies.length === 0 || currencies.every((one) => one === currency)) return;
  const message = `Charge the fee in ${[...new Set(currencies)].join(' or ')}, the currency the tickets are sold in.`;
  throw new HttpError('BAD_REQUEST', message, [{ path: 'body.refundPolicy.fee.currency', message }]);
}

/** The event and the caller's role: members with `events.edit` may edit, others get 403, everyone else 404. */
async function loadForEditor(db: Db, eventId: string, userId: string) {
  const row = await findEventRow(db, eventId);
  if (!row) throw notFound('That event');
  const role = await requirePermission(db, row.organization_id, userId, 'events.edit', 'That event');
  return { row, role };
}

const verificationNeeded = paidTicketsNeedVerification;
const sellsPaid = (row: { kyc_status: KycStatus; payouts_enabled: boolean }) =>
  canSellPaidTickets({ kycStatus: row.kyc_status, payoutsEnabled: row.payouts_enabled });

async function present(deps: EventsDeps, eventId: string, isMember: boolean): Promise<Event> {
  const row = await findEventRow(deps.db, eventId);
  if (!row) throw notFound('That event');
  const [types, quotas, waiting] = await Promise.all([
    ticketTypesOf(deps.db, eventId),
    quotaCountsOf(deps.db, eventId),
    waitingStateOf(deps.db, eventId),
  ]);
  return toEvent(row, types, { images: deps.images, isMember, now: new Date(), quotas, waiting });
}

export async function createEvent(deps: EventsDeps, userId: string, input: CreateEvent): Promise<Event> {
  const role = await memberRoleOf(deps.db, input.organizationId, userId);
  if (!can(role, 'events.edit')) throw permissionDenied('events.edit');
  await requireOrganizationImage(deps.db, input.organizationId, input.coverImageKey, 'body.coverImageKey');
  refuseFeeInOtherCurrency(
    input.refundPolicy,
    input.ticketTypes.map((type) => type.currency),
  );
  const eventId = await deps.db.transaction().execute(async (trx) => {
    const id = await insertEvent(trx, input.organizationId, toValues(input) as EventValues);
    await insertTicketTypes(trx, id, input.ticketTypes);
    await recordAudit(trx, { actorId: userId, action: 'event.created', subjectType: 'event', subjectId: id });
    return id;
  });
  return present(deps, eventId, true);
}

/**
 * Ticket sales stay within the event as it would be saved (the schema judges a body holding both the end and
 * the ticket types; here ticket types are judged against the saved end, or a new end against the saved types).
 */
async function refuseSalesPastTheEnd(db: Db, eventId: string, endsAt: Date, input: UpdateEvent): Promise<void> {
  if (input.ticketTypes) {
    const problems = salesWindowProblems(endsAt, input.ticketTypes);
    const first = problems[0];
    if (!first) return;
    throw new HttpError(
      'BAD_REQUEST',
      first.message,
      problems.map((problem) => ({ path: `body.ticketTypes.${problem.path.join('.')}`, message: problem.message })),
    );
  }
  if (!input.endsAt) return;
  const saved = await ticketTypesOf(db, eventId);
  const windows = saved.map((type) => ({
    salesStart: type.sales_start === null ? null : new Date(type.sales_start).toISOString(),
    salesEnd: type.sales_end === null ? null : new Date(type.sales_end).toISOString(),
  }));
  const [first] = salesWindowProblems(endsAt, windows);
  const type = first ? saved[first.path[0]] : undefined;
  if (!first || !type) return;
  const message =
    first.path[1] === 'salesStart'
      ? `${type.name} tickets go on sale after that end. Change their sales start first.`
      : `Sales of ${type.name} tickets run past that end. Change their sales end first.`;
  throw new HttpError('BAD_REQUEST', message, [{ path: 'body.endsAt', message }]);
}

export async function changeEvent(deps: EventsDeps, userId: string, eventId: string, input: UpdateEvent): Promise<Event> {
  const { row } = await loadForEditor(deps.db, eventId, userId);
  const startsAt = input.startsAt ? new Date(input.startsAt) : new Date(row.starts_at);
  const endsAt = input.endsAt ? new Date(input.endsAt) : new Date(row.ends_at);
  if (endsAt <= startsAt) {
    throw new HttpError('BAD_REQUEST', 'The end must be after the start.', [
      { path: 'body.endsAt', message: 'The end must be after the start.' },
    ]);
  }
  await refuseSalesPastTheEnd(deps.db, eventId, endsAt, input);
  if (input.refundPolicy) {
    const currencies = input.ticketTypes ?? (await ticketTypesOf(deps.db, eventId));
    refuseFeeInOtherCurrency(
      input.refundPolicy,
      currencies.map((type) => type.currency),
    );
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
    const locked = await lockEventRow(trx, eventId);
    // What publishing checks holds for as long as the event is on sale, so a paid price cannot be added after.
    const paid = (input.ticketTypes ?? []).flatMap((type, index) => (type.price > 0 ? [index] : []));
    if (locked.status === 'published' && !sellsPaid(locked) && paid.length) {
      throw new HttpError(
        'CONFLICT',
        `${verificationNeeded} Until then, the tickets of a published event stay free.`,
        paid.map((index) => ({ path: `body.ticketTypes.${index}.price`, message: verificationNeeded })),
      );
    }
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
    await recordAudit(trx, {
      actorId: userId,
      action: 'event.changed',
      subjectType: 'event',
      subjectId: eventId,
      ...auditDetails(input, row),
    });
  });
  return present(deps, eventId, true);
}

/**
 * What an edit changed that is worth a trace of its own: who let TEST tickets in at the door, what buyers are told
 * about refunds (decision 067) and whether they may cancel themselves (decision 068).
 */
function auditDetails(
  input: UpdateEvent,
  row: {
    test_mode: boolean;
    refund_policy: RefundPolicy | null;
    buyer_cancellation: boolean;
    transfer_cutoff_hours: number | null;
  },
) {
  const details: Record<string, unknown> = {};
  if (input.testMode !== undefined && input.testMode !== row.test_mode) details.testMode = input.testMode;
  if (input.buyerCancellation !== undefined && input.buyerCancellation !== row.buyer_cancellation) {
    details.buyerCancellation = input.buyerCancellation;
  }
  if (input.transferCutoffHours !== undefined && input.transferCutoffHours !== row.transfer_cutoff_hours) {
    details.transferCutoffHours = input.transferCutoffHours;
  }
  if (input.refundPolicy && JSON.stringify(input.refundPolicy) !== JSON.stringify(row.refund_policy)) {
    details.refundPolicy = input.refundPolicy;
  }
  return Object.keys(details).length ? { details } : {};
}

/** Publishing needs a ticket type, a future start, and a verified organisation for paid tickets. */
export async function publishEvent(deps: EventsDeps, userId: string, eventId: string): Promise<Event> {
  await loadForEditor(deps.db, eventId, userId);
  await deps.db.transaction().execute(async (trx) => {
    // Read under the event's lock, so a change of ticket types saved meanwhile is the one checked.
    const locked = await lockEventRow(trx, eventId);
    if (locked.status === 'cancelled') throw new HttpError('CONFLICT', 'A cancelled event cannot be published again.');
    if (locked.suspended_at) {
      throw new HttpError(
        'CONFLICT',
        `Admit suspended this event (${locked.suspension_reason ?? 'no reason given'}); contact support.`,
      );
    }
    const types = await ticketTypesOf(trx, eventId);
    const problems: string[] = [];
    if (types.length === 0) problems.push('Add at least one ticket type.');
    if (new Date(locked.starts_at) <= new Date()) problems.push('The event must start in the future.');
    if (types.some((type) => type.price > 0) && !sellsPaid(locked)) problems.push(verificationNeeded);
    if (problems.length) {
      throw new HttpError(
        'CONFLICT',
        problems.join(' '),
        problems.map((message) => ({ path: 'event', message })),
      );
    }
    await setStatus(trx, userId, eventId, 'published');
  });
  return present(deps, eventId, true);
}

export async function unpublishEvent(deps: EventsDeps, userId: string, eventId: string): Promise<Event> {
  const { row } = await loadForEditor(deps.db, eventId, userId);
  if (row.status !== 'published') throw new HttpError('CONFLICT', 'Only a published event can be unpublished.');
  await deps.db.transaction().execute((trx) => setStatus(trx, userId, eventId, 'draft'));
  return present(deps, eventId, true);
}

/**
 * Cancels an event and, in the same transaction, releases every held order and refunds every paid
 * one (tickets voided and revoked, buyers mailed, with links from `origin`); the booking sweeper then
 * returns the money at the provider. Giving money back needs the refund right; an event that has
 * ended keeps its orders (refund them one by one).
 */
export async function cancelEvent(deps: EventsDeps, userId: string, eventId: string, origin: string): Promise<Event> {
  const { role } = await loadForEditor(deps.db, eventId, userId);
  await deps.db.transaction().execute(async (trx) => {
    const locked = await lockEventRow(trx, eventId);
    if (locked.status === 'cancelled') return;
    if (new Date(locked.ends_at) <= new Date()) {
      throw new HttpError('CONFLICT', 'An event that has ended cannot be cancelled; refund its orders one by one instead.');
    }
    // Checked under the event's lock: a sale paid after this read finds the event cancelled.
    if (!can(role, 'orders.refund') && (await hasPaidOrders(trx, eventId))) {
      throw new HttpError(
        'FORBIDDEN',
        `Only ${rolesAllowed('events.edit', 'orders.refund')} can cancel an event with paid orders, because cancelling refunds them.`,
      );
    }
    await updateEvent(trx, eventId, { status: 'cancelled' });
    await recordAudit(trx, { actorId: userId, action: 'event.cancelled', subjectType: 'event', subjectId: eventId });
    await refundEventOrders(trx, eventId, userId, origin);
  });
  return present(deps, eventId, true);
}

async function setStatus(trx: Transaction<Database>, userId: string, eventId: string, status: EventStatus): Promise<void> {
  await updateEvent(trx, eventId, { status, ...(status === 'published' ? { published_at: new Date() } : {}) });
  await recordAudit(trx, { actorId: userId, action: `event.${status}`, subjectType: 'event', subjectId: eventId });
}

/** An event as the caller may see it: published and cancelled ones publicly, drafts by their organisation only. */
export async function getEvent(deps: EventsDeps, eventId: string, userId: string | null): Promise<Event> {
  const row = await findEventRow(deps.db, eventId);
  if (!row) throw notFound('That event');
  const role = userId ? await memberRoleOf(deps.db, row.organization_id, userId) : null;
  if (row.status === 'draft' && !role) throw notFound('That event');
  // A view of the public page: the organisation's own members looking at it are not its audience.
  if (row.status === 'published' && !role) countPageView(deps.db, eventId);
  return present(deps, eventId, role !== null);
}

/** The event's status; undefined when there is no such event. */
export async function eventStatus(db: Db, eventId: string): Promise<EventStatus | undefined> {
  return (await findEventRow(db, eventId))?.status;
}

/** Writes the views of public pages counted so far, so that figures read next include them. */
export function flushPageViews(db: Db): Promise<void> {
  return writeCountedPageViews(db);
}

export async function listPublicEvents(deps: EventsDeps, query: EventListQuery): Promise<EventList> {
  const { items, total } = await listEventRows(deps.db, query, { statuses: ['published'], publicOnly: true, now: new Date() });
  return { items: items.map((row) => toEventSummary(row, deps.images)), page: query.page, pageSize: query.pageSize, total };
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
      ...toEventSummary(row, deps.images),
      ticketsSold: sales.get(row.id)?.sold ?? 0,
      capacity: sales.get(row.id)?.capacity ?? 0,
      testMode: row.test_mode,
    })),
    page: query.page,
    pageSize: query.pageSize,
    total,
  };
}
