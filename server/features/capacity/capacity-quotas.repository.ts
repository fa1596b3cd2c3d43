import type { Transaction } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';
import { quotaCountsQuery, quotaSetLock } from '../../lib/capacity-quotas.ts';
import { heldForType } from '../../lib/held-tickets.ts';

// Capacity shared across an event's ticket types (decision 061): this domain writes `capacity_quotas` and
// `capacity_quota_types`; a quota's `taken` moves only with its types' stock, by the triggers of migration 0043.

/** The event quotas belong to: whose it is (read from the events' table). */
export function eventOfQuotas(db: Executor, eventId: string) {
  return db.selectFrom('events').select(['organization_id', 'title']).where('id', '=', eventId).executeTakeFirst();
}

/** The event's ticket types, hidden ones included, in the event's order, each with what is held of what it has taken. */
export function ticketTypesOfEvent(db: Executor, eventId: string) {
  return db
    .selectFrom('ticket_types')
    .select(['id', 'name', 'hidden', 'taken', heldForType().as('held')])
    .where('event_id', '=', eventId)
    .orderBy('sort_order')
    .orderBy('created_at')
    .execute();
}

/** The event's quotas with their counts and types (see quotaCountsQuery), and when each was made and changed. */
export function quotasOfEvent(db: Executor, eventId: string) {
  return quotaCountsQuery(db, eventId).select(['q.created_at', 'q.updated_at']).execute();
}
export type QuotaRow = Awaited<ReturnType<typeof quotasOfEvent>>[number];

/**
 * Before an event's quotas or their types change: the event's row (its sale_version moves, so orders priced with the
 * quotas as they were are priced again, and orders being placed, which hold it shared, finish first), then the quota
 * lock alone, which every other writer of stock holds shared (decision 061). While both are held no ticket type's
 * count moves, so a quota counted again is exact.
 */
export async function lockQuotaSet(trx: Transaction<Database>, eventId: string): Promise<void> {
  await trx
    .updateTable('events')
    .set((eb) => ({ sale_version: eb('sale_version', '+', 1) }))
    .where('id', '=', eventId)
    .execute();
  await quotaSetLock(eventId, 'alone').execute(trx);
}

export interface QuotaValues {
  name: string;
  capacity: number;
  all_types: boolean;
}

export async function insertQuota(trx: Transaction<Database>, eventId: string, values: QuotaValues): Promise<string> {
  const row = await trx
    .insertInto('capacity_quotas')
    .values({ event_id: eventId, ...values })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateQuota(trx: Transaction<Database>, quotaId: string, values: QuotaValues): Promise<void> {
  await trx
    .updateTable('capacity_quotas')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', quotaId)
    .execute();
}

/** Makes the quota hold exactly these types (each change counts the quota again, by trigger). */
export async function setQuotaTypes(
  trx: Transaction<Database>,
  quotaId: string,
  ticketTypeIds: readonly string[],
): Promise<void> {
  let removed = trx.deleteFrom('capacity_quota_types').where('quota_id', '=', quotaId);
  if (ticketTypeIds.length > 0) removed = removed.where('ticket_type_id', 'not in', [...ticketTypeIds]);
  await removed.execute();
  if (ticketTypeIds.length === 0) return;
  await trx
    .insertInto('capacity_quota_types')
    .values(ticketTypeIds.map((ticketTypeId) => ({ quota_id: quotaId, ticket_type_id: ticketTypeId })))
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}

export async function deleteQuota(trx: Transaction<Database>, quotaId: string): Promise<void> {
  await trx.deleteFrom('capacity_quotas').where('id', '=', quotaId).execute();
}
