import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { CreateOrder } from '../../src/contract/orders.ts';
import type { Db } from '../db/database.ts';
import type { OrdersTable, PaymentsTable } from '../db/types.ts';
import { chargeRows } from '../features/orders/checkout/ledger.repository.ts';
import { policyText } from '../features/orders/orders.repository.ts';
import type { OrdersDeps } from '../features/orders/orders.service.ts';
import { type PricedOrder, priceOrder } from '../features/orders/placement/order-pricing.service.ts';
import { requestHash } from '../features/orders/placement/order-request.ts';
import { ticketRows } from '../features/orders/tickets/ticket-issue.repository.ts';
import { prepareIssue, prepareTickets } from '../features/orders/tickets/ticket-issue.service.ts';
import { type OutgoingMail, outboxRow } from '../lib/mail/outbox.ts';

/**
 * Who took the seeded sales' money: `demo` on a local instance (decision 057: sales that count, no provider took
 * them), the sandbox anywhere else (TEST orders, left out of every money total).
 */
export type SeedProvider = 'demo' | 'sandbox';

export interface PastSale {
  /** Its Idempotency-Key: a sale whose key is taken already (an earlier seed) is not written again. */
  key: string;
  order: CreateOrder;
  /** The demo account it was placed from, if any: it shows in their bookings. */
  userId?: string | null;
  /** When the buyer placed it, and when it was paid; never paid: the checkout was left and the order expired. */
  placedAt: Date;
  paidAt: Date | null;
  /** Queue the buyer's confirmation mail, as a payment does (the named buyers' orders). */
  mail?: boolean;
}

const holdMs = 15 * 60_000;
const chunk = 200;

/**
 * Writes orders as sales of past days: priced as the booking path prices them (its sale context, fee rule and
 * checks), then written as they would stand now, with their own dates: tickets signed and taken from stock, the
 * ledger's charge and booking fee, and for an order never paid, its expiry. A webhook would date them all now and
 * the ledger is append-only; each table is written in a few statements, so weeks of sales cost the first start
 * little. The rollups follow from their triggers (migrations 0035, 0036).
 */
export async function writePastSales(
  deps: OrdersDeps,
  sales: PastSale[],
  { provider, origin }: { provider: SeedProvider; origin: string },
): Promise<void> {
  const { db } = deps;
  const written = await takenKeys(db, sales);
  const orders: Insertable<OrdersTable>[] = [];
  const items: Array<PricedOrder['items'][number] & { order_id: string }> = [];
  const tickets: ReturnType<typeof ticketRows> = [];
  const ledger: ReturnType<typeof chargeRows> = [];
  const mails: Array<ReturnType<typeof outboxRow> & { created_at: Date }> = [];
  const checkouts: Insertable<PaymentsTable>[] = [];
  const taken = new Map<string, number>();
  for (const sale of sales) {
    const scope = sale.userId ? `user:${sale.userId}` : 'guest';
    if (written.has(`${scope}/${sale.key}`)) continue;
    const caller = { userId: sale.userId ?? null, origin, trusted: true };
    const priced = await priceOrder(deps, sale.order, { scope, key: sale.key, hash: requestHash(sale.order) }, caller, false, {
      proven: true,
      network: null,
    });
    if ('repeat' in priced) continue;
    const paid = sale.paidAt !== null;
    const placed = priced.row;
    const row = {
      ...placed,
      status: paid ? ('paid' as const) : ('expired' as const),
      provider: placed.total === 0 ? ('none' as const) : provider,
      created_at: sale.placedAt,
      updated_at: sale.paidAt ?? new Date(sale.placedAt.getTime() + holdMs),
      paid_at: sale.paidAt,
      hold_expires_at: paid ? null : new Date(sale.placedAt.getTime() + holdMs),
      failure_reason: paid ? null : 'The hold on these tickets lapsed before payment.',
    };
    const { valid_types: _types, ...inserted } = row;
    orders.push({ ...inserted, refund_policy: policyText(row.refund_policy) });
    items.push(...priced.items.map((item) => ({ ...item, order_id: row.id })));
    // A sandbox sale was paid at a checkout, or left there; a demo sale went through none (decision 057).
    const checkout = provider === 'sandbox' && row.total > 0 ? sandboxCheckout(row, sale) : null;
    if (checkout) checkouts.push(checkout);
    if (!sale.paidAt) continue;
    const issue: { tickets: Awaited<ReturnType<typeof prepareTickets>>; mail: OutgoingMail | null } = sale.mail
      ? await prepareIssue(db, {
          order: row,
          items: priced.itemRows,
          event: priced.event,
          origin,
          imageUrl: () => null,
          key: priced.context.signingKey,
        })
      : {
          tickets: await prepareTickets(db, {
            eventId: row.event_id,
            eventEndsAt: priced.event.ends_at,
            buyerName: row.buyer_name,
            items: priced.itemRows,
            now: sale.placedAt,
            key: priced.context.signingKey,
          }),
          mail: null,
        };
    const paidAt = sale.paidAt;
    tickets.push(...ticketRows(row.id, row.event_id, issue.tickets).map((ticket) => ({ ...ticket, created_at: paidAt })));
    ledger.push(...chargeRows(row, checkout?.id ?? null).map((entry) => ({ ...entry, created_at: paidAt })));
    if (issue.mail) mails.push({ ...outboxRow(issue.mail), created_at: paidAt });
    for (const item of priced.items) taken.set(item.ticket_type_id, (taken.get(item.ticket_type_id) ?? 0) + item.quantity);
  }
  if (orders.length === 0) return;
  await db.transaction().execute(async (trx) => {
    await inChunks(orders, (rows) => trx.insertInto('orders').values(rows).execute());
    await inChunks(items, (rows) => trx.insertInto('order_items').values(rows).execute());
    await inChunks(checkouts, (rows) => trx.insertInto('payments').values(rows).execute());
    for (const [ticketTypeId, quantity] of [...taken].sort(([a], [b]) => a.localeCompare(b))) {
      await trx
        .updateTable('ticket_types')
        .set((eb) => ({ taken: eb('taken', '+', quantity) }))
        .where('id', '=', ticketTypeId)
        .execute();
    }
    await inChunks(tickets, (rows) => trx.insertInto('tickets').values(rows).execute());
    await inChunks(ledger, (rows) => trx.insertInto('ledger_entries').values(rows).execute());
    await inChunks(mails, (rows) => trx.insertInto('mail_outbox').values(rows).execute());
  });
}

/** Rows written a few hundred at a time, within the statement's limit of parameters. */
async function inChunks<T>(rows: T[], write: (part: T[]) => Promise<unknown>): Promise<void> {
  for (let at = 0; at < rows.length; at += chunk) await write(rows.slice(at, at + chunk));
}

/** The sandbox's checkout of a seeded TEST order: paid a few minutes after it opened, or left to expire. */
function sandboxCheckout(
  order: { id: string; total: number; currency: string },
  sale: PastSale,
): Insertable<PaymentsTable> & { id: string } {
  const sessionId = `cs_seed_${order.id.replace(/-/g, '').slice(0, 24)}`;
  return {
    id: randomUUID(),
    order_id: order.id,
    provider: 'sandbox',
    session_id: sessionId,
    payment_ref: sale.paidAt ? `pi_seed_${order.id.slice(0, 8)}` : null,
    checkout_url: `/pay/sandbox/${sessionId}`,
    amount: order.total,
    currency: order.currency,
    status: sale.paidAt ? 'succeeded' : 'expired',
    expires_at: new Date(sale.placedAt.getTime() + holdMs),
    created_at: sale.placedAt,
    updated_at: sale.paidAt ?? new Date(sale.placedAt.getTime() + holdMs),
  };
}

/** The keys of these sales already placed, as `scope/key`. */
async function takenKeys(db: Db, sales: PastSale[]): Promise<Set<string>> {
  if (sales.length === 0) return new Set();
  const rows = await db
    .selectFrom('orders')
    .select(['idempotency_scope', 'idempotency_key'])
    .where(
      'idempotency_key',
      'in',
      sales.map((sale) => sale.key),
    )
    .execute();
  return new Set(rows.map((row) => `${row.idempotency_scope}/${row.idempotency_key}`));
}
