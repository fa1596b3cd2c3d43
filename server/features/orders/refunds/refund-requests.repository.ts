import { sql, type Transaction } from 'kysely';
import type { RefundRequestStatus } from '../../../../src/contract/cancellations.ts';
import type { Executor } from '../../../db/database.ts';
import type { Database } from '../../../db/types.ts';

// Buyers' refund requests (decision 068): written here only, by the orders domain.

const requestColumns = [
  'id',
  'order_id',
  'event_id',
  'ticket_ids',
  'reason',
  'status',
  'decision_note',
  'decided_at',
  'refunded_amount',
  'created_at',
] as const;

/** Each order's latest request, if any. */
export async function latestRequestsOf(db: Executor, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('refund_requests')
    .select(requestColumns)
    .distinctOn('order_id')
    .where('order_id', 'in', orderIds)
    .orderBy('order_id')
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}
export type RefundRequestRow = Awaited<ReturnType<typeof latestRequestsOf>>[number];

/** How many requests the order has had. */
export async function requestCountOf(trx: Transaction<Database>, orderId: string): Promise<number> {
  const row = await trx
    .selectFrom('refund_requests')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertRequest(
  trx: Transaction<Database>,
  request: { order_id: string; event_id: string; ticket_ids: string[]; reason: string },
): Promise<string> {
  const row = await trx
    .insertInto('refund_requests')
    .values({ ...request, ticket_ids: JSON.stringify(request.ticket_ids) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Which order and event a request belongs to. */
export function requestPlace(db: Executor, id: string) {
  return db.selectFrom('refund_requests').select(['order_id', 'event_id']).where('id', '=', id).executeTakeFirst();
}

export function findRequest(db: Executor, id: string) {
  return db.selectFrom('refund_requests').select(requestColumns).where('id', '=', id).executeTakeFirst();
}

/** The request, its row locked until the transaction ends. */
export function lockRequest(trx: Transaction<Database>, id: string) {
  return trx.selectFrom('refund_requests').select(requestColumns).where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function decideRequest(
  trx: Transaction<Database>,
  id: string,
  decision: { status: Exclude<RefundRequestStatus, 'open'>; note: string | null; by: string | null; refunded: number | null },
): Promise<void> {
  await trx
    .updateTable('refund_requests')
    .set({
      status: decision.status,
      decision_note: decision.note,
      decided_by: decision.by,
      decided_at: new Date(),
      refunded_amount: decision.refunded,
    })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .execute();
}

/**
 * Open requests of the order whose tickets have all had their money back by another way (the buyer cancelled, the
 * organiser refunded from the order, the event was cancelled): closed, as nothing is left to decide.
 */
export async function closeSettledRequests(trx: Transaction<Database>, orderId: string): Promise<void> {
  await trx
    .updateTable('refund_requests')
    .set({ status: 'closed', decided_at: new Date() })
    .where('order_id', '=', orderId)
    .where('status', '=', 'open')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('tickets')
            .select('tickets.id')
            .where('tickets.order_id', '=', orderId)
            .where('tickets.refunded_at', 'is', null)
            .where(sql<boolean>`refund_requests.ticket_ids ? tickets.id::text`),
        ),
      ),
    )
    .execute();
}

/** Open requests of the events of an organisation, oldest first, with what the organiser's list shows. */
export function openRequestsOfOrganisation(db: Executor, organizationId: string, limit: number) {
  return db
    .selectFrom('refund_requests as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .innerJoin('events as e', 'e.id', 'r.event_id')
    .select([
      'r.id',
      'r.order_id',
      'r.event_id',
      'r.ticket_ids',
      'r.reason',
      'r.status',
      'r.decision_note',
      'r.decided_at',
      'r.refunded_amount',
      'r.created_at',
      'o.reference',
      'o.buyer_name',
      'o.buyer_email',
      'o.currency',
      'e.title as event_title',
    ])
    .where('e.organization_id', '=', organizationId)
    .where('r.status', '=', 'open')
    .orderBy('r.created_at')
    .orderBy('r.id')
    .limit(limit)
    .execute();
}
