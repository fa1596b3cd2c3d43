import { formatCount } from '#contract/count-text.ts';
import {
  type CapacityQuota,
  type CapacityQuotaInput,
  type CapacityQuotaList,
  capacityQuotaProblems,
  maxQuotasPerEvent,
} from '../../../src/contract/capacity-quotas.ts';
import type { Db, Executor } from '../../db/database.ts';
import { recordAudit } from '../../lib/audit-log.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { requirePermission } from '../organizations/organizations.service.ts';
import {
  deleteQuota,
  eventOfQuotas,
  insertQuota,
  lockQuotaSet,
  type QuotaRow,
  type QuotaValues,
  quotasOfEvent,
  setQuotaTypes,
  ticketTypesOfEvent,
  updateQuota,
} from './capacity-quotas.repository.ts';

// An event's capacity and the places its ticket types share (decision 061), for the members who edit the event.

type TypeRow = Awaited<ReturnType<typeof ticketTypesOfEvent>>[number];

/** The event for the members who may edit it (owners and managers, as for its codes); others get 403 or 404. */
async function eventForEditor(db: Db, eventId: string, userId: string) {
  const event = await eventOfQuotas(db, eventId);
  if (!event) throw notFound('That event');
  await requirePermission(db, event.organization_id, userId, 'events.edit', 'That event');
  return event;
}

const typesOf = (quota: Pick<QuotaRow, 'all_types' | 'ticket_type_ids'>, types: readonly TypeRow[]) =>
  quota.all_types ? types : types.filter((type) => quota.ticket_type_ids.includes(type.id));

const iso = (value: Date | string) => new Date(value).toISOString();

function toCapacityQuota(row: QuotaRow, types: readonly TypeRow[]): CapacityQuota {
  const held = typesOf(row, types).reduce((sum, type) => sum + Number(type.held), 0);
  return {
    id: row.id,
    eventId: row.event_id,
    name: row.name,
    capacity: row.capacity,
    allTypes: row.all_types,
    ticketTypeIds: row.ticket_type_ids,
    taken: row.taken,
    held,
    sold: row.taken - held,
    left: Math.max(row.capacity - row.taken, 0),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

const fieldError = (status: 'BAD_REQUEST' | 'CONFLICT', path: string, message: string) =>
  new HttpError(status, message, [{ path: `body.${path}`, message }]);

const placesInWords = (count: number) => (count === 1 ? '1 place' : `${formatCount(count)} places`);

/** The settings checked against the event's types and its other quotas, as they will be written. */
function checkedValues(input: CapacityQuotaInput, types: readonly TypeRow[], others: readonly QuotaRow[]) {
  const [problem] = capacityQuotaProblems(input);
  if (problem) throw fieldError('BAD_REQUEST', problem.path, problem.message);
  const known = new Set(types.map((type) => type.id));
  const ticketTypeIds = input.allTypes ? [] : [...new Set(input.ticketTypeIds)];
  if (ticketTypeIds.some((id) => !known.has(id))) {
    throw fieldError('BAD_REQUEST', 'ticketTypeIds', 'Choose ticket types of this event.');
  }
  if (input.allTypes && others.some((quota) => quota.all_types)) {
    throw fieldError('CONFLICT', 'allTypes', 'This event has its capacity already: change that one instead.');
  }
  const name = input.name.trim();
  if (others.some((quota) => quota.name.toLowerCase() === name.toLowerCase())) {
    throw fieldError('CONFLICT', 'name', `This event has places named ${name} already: choose another name.`);
  }
  const values: QuotaValues = { name, capacity: input.capacity, all_types: input.allTypes };
  return { values, ticketTypeIds };
}

/**
 * Refuses places fewer than their types have taken already, in words naming the field, judged under the quota lock so
 * no count moves meanwhile (the quota's CHECK would refuse it too, without the sentence).
 */
function refuseBelowTaken(values: QuotaValues, ticketTypeIds: readonly string[], types: readonly TypeRow[]): void {
  const taken = typesOf({ all_types: values.all_types, ticket_type_ids: [...ticketTypeIds] }, types).reduce(
    (sum, type) => sum + type.taken,
    0,
  );
  if (values.capacity >= taken) return;
  throw fieldError(
    'CONFLICT',
    'capacity',
    `These ticket types have ${placesInWords(taken)} sold or held for payment already: give ${values.name} at least ${taken}.`,
  );
}

const audit = (db: Executor, userId: string, action: string, quotaId: string, details: Record<string, unknown>) =>
  recordAudit(db, {
    actorId: userId,
    action: `capacity_quota.${action}`,
    subjectType: 'capacity_quota',
    subjectId: quotaId,
    details,
  });

const described = (values: QuotaValues, ticketTypeIds: readonly string[]) => ({
  name: values.name,
  capacity: values.capacity,
  allTypes: values.all_types,
  ticketTypeIds,
});

async function presentOne(db: Db, eventId: string, quotaId: string): Promise<CapacityQuota> {
  const [quotas, types] = await Promise.all([quotasOfEvent(db, eventId), ticketTypesOfEvent(db, eventId)]);
  const row = quotas.find((quota) => quota.id === quotaId);
  if (!row) throw notFound('Those places');
  return toCapacityQuota(row, types);
}

export async function listCapacityQuotas(db: Db, userId: string, eventId: string): Promise<CapacityQuotaList> {
  await eventForEditor(db, eventId, userId);
  const [quotas, types] = await Promise.all([quotasOfEvent(db, eventId), ticketTypesOfEvent(db, eventId)]);
  return { items: quotas.map((row) => toCapacityQuota(row, types)) };
}

export async function createCapacityQuota(
  db: Db,
  userId: string,
  eventId: string,
  input: CapacityQuotaInput,
): Promise<CapacityQuota> {
  await eventForEditor(db, eventId, userId);
  const quotaId = await db.transaction().execute(async (trx) => {
    await lockQuotaSet(trx, eventId);
    const [quotas, types] = await Promise.all([quotasOfEvent(trx, eventId), ticketTypesOfEvent(trx, eventId)]);
    if (quotas.length >= maxQuotasPerEvent) {
      throw new HttpError('CONFLICT', `An event has at most ${maxQuotasPerEvent} sets of places: change or delete one first.`);
    }
    const { values, ticketTypeIds } = checkedValues(input, types, quotas);
    refuseBelowTaken(values, ticketTypeIds, types);
    const id = await insertQuota(trx, eventId, values);
    await setQuotaTypes(trx, id, ticketTypeIds);
    await audit(trx, userId, 'created', id, { eventId, ...described(values, ticketTypeIds) });
    return id;
  });
  return presentOne(db, eventId, quotaId);
}

export async function changeCapacityQuota(
  db: Db,
  userId: string,
  eventId: string,
  quotaId: string,
  input: CapacityQuotaInput,
): Promise<CapacityQuota> {
  await eventForEditor(db, eventId, userId);
  await db.transaction().execute(async (trx) => {
    await lockQuotaSet(trx, eventId);
    const [quotas, types] = await Promise.all([quotasOfEvent(trx, eventId), ticketTypesOfEvent(trx, eventId)]);
    const row = quotas.find((quota) => quota.id === quotaId);
    if (!row) throw notFound('Those places');
    const { values, ticketTypeIds } = checkedValues(
      input,
      types,
      quotas.filter((quota) => quota.id !== quotaId),
    );
    refuseBelowTaken(values, ticketTypeIds, types);
    await updateQuota(trx, quotaId, values);
    await setQuotaTypes(trx, quotaId, ticketTypeIds);
    const before = described(row, row.ticket_type_ids);
    const after = described(values, ticketTypeIds);
    const changed = Object.fromEntries(
      Object.entries(after).filter(
        ([key, value]) => JSON.stringify(value) !== JSON.stringify(before[key as keyof typeof before]),
      ),
    );
    await audit(trx, userId, 'changed', quotaId, { eventId, name: row.name, before, changed });
  });
  return presentOne(db, eventId, quotaId);
}

export async function deleteCapacityQuota(db: Db, userId: string, eventId: string, quotaId: string): Promise<void> {
  await eventForEditor(db, eventId, userId);
  await db.transaction().execute(async (trx) => {
    await lockQuotaSet(trx, eventId);
    const row = (await quotasOfEvent(trx, eventId)).find((quota) => quota.id === quotaId);
    if (!row) throw notFound('Those places');
    await deleteQuota(trx, quotaId);
    await audit(trx, userId, 'deleted', quotaId, { eventId, ...described(row, row.ticket_type_ids) });
  });
}
